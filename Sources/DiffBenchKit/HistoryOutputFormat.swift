import ArgumentParser

/// `history list`'s and `history show`'s formats.
enum HistoryOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv
}
