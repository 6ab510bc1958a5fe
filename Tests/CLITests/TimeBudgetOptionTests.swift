import Foundation
import Testing

/// `--time-budget` is one option wherever it appears: the same help text and
/// default in `run`, `diff` and `hunks`, and 0 means no limit in each
/// (`run` refused it, `hunks` defaulted to 10 while the others said 5).
@Suite(.serialized, .timeLimit(.minutes(10))) struct TimeBudgetOptionTests {
    static let commands = ["run", "diff", "hunks"]

    /// The help paragraph of `--time-budget`, its lines joined, from `command --help`.
    static func helpText(_ command: String) throws -> String {
        let help = try CLI.run([command, "--help"])
        #expect(help.status == 0, "\(command): \(help.stderr)")
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--time-budget") }, "\(command)")
        var paragraph = [lines[start]]
        for line in lines[(start + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("-") { break }
            paragraph.append(trimmed)
        }
        return paragraph.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test("run, diff and hunks show one help text for --time-budget, with 0 for no limit and one default")
    func oneHelpTextAndDefault() throws {
        let texts = try Self.commands.map(Self.helpText)
        for (command, text) in zip(Self.commands, texts) {
            #expect(text == texts[0], "\(command): \(text)\nrun: \(texts[0])")
            #expect(text.contains("0 for no limit"), "\(command): \(text)")
            #expect(text.contains("Default: 5"), "\(command): \(text)")
        }
    }

    @Test("a negative or non-finite --time-budget is refused the same way by every command", arguments: ["-1", "inf", "nan"])
    func badBudgetsAreRefused(value: String) throws {
        let required = ["run": [], "diff": ["a.json", "b.json"], "hunks": ["--from-git", "/nonexistent", "--range", "a..b"]]
        for command in Self.commands {
            let result = try CLI.run([command, "--time-budget=\(value)"] + (required[command] ?? []))
            #expect(result.status == 2, "\(command) \(value): \(result.stderr)")
            #expect(result.stderr.contains("--time-budget must be 0 (no limit) or a positive number of seconds"), "\(command): \(result.stderr)")
        }
    }

    /// A budget far below one call refuses myers (its prediction, or its
    /// probe cut off at the budget, is over it); 0 runs it and times it.
    @Test("run --time-budget 0 is no limit: an engine a tiny budget skips is measured")
    func runTakesZeroAsNoLimit() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func myersStatus(_ budget: String, name: String) throws -> String {
            let result = try CLI.run(
                ["run", "--engines", "myers", "--workloads", "shuffled", "--sizes", "2000", "--repetitions", "1",
                 "--min-time", "0", "--time-budget", budget, "--no-memory", "--no-floor", "--output", dir.path,
                 "--name", name, "--datasets-dir", "", "--quiet", "--no-history", "--memo", ""])
            #expect(result.status == 0, "\(budget): \(result.stderr)")
            let csv = try String(contentsOf: dir.appendingPathComponent("\(name)/results.csv"), encoding: .utf8)
            let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let status = try #require(lines[0].firstIndex(of: "status")), engine = try #require(lines[0].firstIndex(of: "engine"))
            let rows = lines.dropFirst().filter { $0[engine] == "myers" }
            #expect(rows.count == 1, "\(csv)")
            return rows.first?[status] ?? ""
        }
        #expect(try myersStatus("0.000001", name: "tiny-budget") == "skipped")
        #expect(try myersStatus("0", name: "no-limit") == "ok")
    }
}
