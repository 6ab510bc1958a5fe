import Testing

@testable import DiffBenchKit

/// `--format` means one format by one word in every command that writes
/// Markdown: `compare` and `history changes` each take both `md` and
/// `markdown`, through the parser as the command line reaches it.
@Suite struct MarkdownFormatWordTests {
    @Test(arguments: ["md", "markdown"])
    func compareTakesBothWords(word: String) throws {
        let command = try CompareCommand.parse(["my-baseline", "--format", word])
        #expect(command.format == .md)
    }

    @Test(arguments: ["md", "markdown"])
    func historyChangesTakesBothWords(word: String) throws {
        let command = try HistoryChangesCommand.parse(["--format", word])
        #expect(command.format == .markdown)
    }

    @Test func otherWordsAreStillRefused() {
        #expect(throws: (any Error).self) { try CompareCommand.parse(["my-baseline", "--format", "mark"]) }
        #expect(throws: (any Error).self) { try HistoryChangesCommand.parse(["--format", "html"]) }
        #expect(CompareOutputFormat(argument: "text") == .text && HistoryChangesCommand.Format(argument: "json") == .json)
    }
}
