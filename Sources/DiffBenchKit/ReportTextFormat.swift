import ArgumentParser

/// `text`, `json` or `markdown`: verdicts fit for a pull request (`compare`,
/// `history changes`). `md` is taken for `markdown`.
enum ReportTextFormat: String, OutputFormatChoice {
    case text, json, markdown

    init?(argument: String) {
        self.init(rawValue: argument == "md" ? "markdown" : argument)
    }
}
