import ArgumentParser

/// `--format`, declared once for every command that prints its answer in
/// more than one way. Each command names its own set of words (`Format`),
/// so the parser refuses a word the command cannot write, listing the ones
/// it can, and `--help` lists them from the set; the default is `text`
/// everywhere. A word means one format in every command: `text` for a
/// person at a terminal, `json` for a program, `csv` for a spreadsheet,
/// `markdown` (or `md`) for a pull-request comment.
///
/// (`history export --format` is not this option: it names another tool's
/// schema, and has no default.)
struct FormatOption<Format: OutputFormatChoice>: ParsableArguments {
    @Option(name: .customLong("format"), help: "How the answer is printed.")
    var format: Format = .text
}

/// A command's set of `--format` words: a string enum with a `text` case.
protocol OutputFormatChoice: ExpressibleByArgument, CaseIterable, RawRepresentable, Sendable where RawValue == String {
    static var text: Self { get }
}

/// `text` or `json`: the commands whose answer has no table or report form.
enum OutputFormat: String, OutputFormatChoice {
    case text, json
}

/// `text`, `json` or `csv`: the history's lists and series (`history list`,
/// `history show`), one row per run or point.
enum TableFormat: String, OutputFormatChoice {
    case text, json, csv
}

/// `text`, `json` or `markdown`: verdicts fit for a pull request (`compare`,
/// `history changes`). `md` is taken for `markdown`.
enum ReportTextFormat: String, OutputFormatChoice {
    case text, json, markdown

    init?(argument: String) {
        self.init(rawValue: argument == "md" ? "markdown" : argument)
    }
}
