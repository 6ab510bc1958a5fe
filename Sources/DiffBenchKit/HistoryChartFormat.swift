import ArgumentParser

/// `history chart`'s formats.
enum HistoryChartFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
