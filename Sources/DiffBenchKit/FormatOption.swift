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
