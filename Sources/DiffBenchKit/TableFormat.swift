import ArgumentParser

/// `text`, `json` or `csv`: the history's lists and series (`history list`,
/// `history show`), one row per run or point.
enum TableFormat: String, OutputFormatChoice {
    case text, json, csv
}
