import ArgumentParser
import Testing

@testable import DiffBenchKit

/// `--format` is one option (``FormatOption``) in every command that
/// prints in more than one way: one word means one format everywhere, and
/// a command refuses, at parsing, a word it cannot write.
@Suite struct MarkdownFormatWordTests {
    @Test(arguments: ["md", "markdown"])
    func compareTakesBothWords(word: String) throws {
        let command = try CompareCommand.parse(["my-baseline", "--format", word])
        #expect(command.printing.format == .markdown)
    }

    @Test(arguments: ["md", "markdown"])
    func historyChangesTakesBothWords(word: String) throws {
        let command = try HistoryChangesCommand.parse(["--format", word])
        #expect(command.printing.format == .markdown)
    }

    @Test func otherWordsAreStillRefused() {
        #expect(throws: (any Error).self) { try CompareCommand.parse(["my-baseline", "--format", "mark"]) }
        #expect(throws: (any Error).self) { try HistoryChangesCommand.parse(["--format", "html"]) }
    }

    /// A word another command writes is refused by one that cannot write
    /// it, and the message lists the words this command takes.
    @Test func aWordOfAnotherCommandIsRefusedWithTheCommandsOwnWords() {
        do {
            _ = try HistoryShowCommand.parse(["--format", "markdown"])
            Issue.record("history show took --format markdown")
        } catch {
            let message = HistoryShowCommand.message(for: error)
            #expect(message.contains("markdown") && message.contains("csv"), "\(message)")
        }
        #expect(throws: (any Error).self) { try ChartCommand.parse(["Reports/x", "--format", "csv"]) }
        #expect(throws: (any Error).self) { try DiffCommand.parse(["a.json", "b.json", "--format", "markdown"]) }
    }

    /// Every command that takes `--format` defaults to text, and takes
    /// text and json, through its own parser.
    @Test func everyCommandDefaultsToTextAndTakesJSON() throws {
        #expect(try ChartCommand.parse(["Reports/x"]).printing.format == .text)
        #expect(try ChartCommand.parse(["Reports/x", "--format", "json"]).printing.format == .json)
        #expect(try HistoryListCommand.parse([]).printing.format == .text)
        #expect(try HistoryListCommand.parse(["--format", "csv"]).printing.format == .csv)
        #expect(try DiffCommand.parse(["a.json", "b.json", "--format", "batch-json"]).printing.format == .batchJSON)
        #expect(try CompareCommand.parse(["my-baseline"]).printing.format == .text)
    }
}
