import DiffBenchKit
import Foundation
import Testing

/// Issue 35, item 8: sizes with units, ids quoted in messages with the
/// engines that take repeats read from their claims, a hint to `--lines`
/// for a text file read as JSON, and "nothing to diff" for two empty lists.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct MessagesAndOptionsTests {
    static let quick = ["--repetitions", "1", "--min-time", "0", "--time-budget", "2", "--quiet", "--datasets-dir", "", "--no-memory"]

    /// The built-in engines that do not claim unique ids only: the test's
    /// own reading of the claims, not the message's.
    static var repeatEngines: [String] {
        BuiltInEngine.all.filter { !$0.claims.contains(.uniqueIDsOnly) }.map(\.name.rawValue)
    }

    @Test func caseMemoryTakesUnits() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = ["run", "--engines", "heckel", "--workloads", "mixed", "--sizes", "20", "--output", dir.path] + Self.quick
        let fourGiB = try CLI.run(base + ["--name", "units", "--case-memory", "4G"])
        #expect(fourGiB.status == 0, "\(fourGiB.stderr)")
        let small = try CLI.run(base + ["--name", "small", "--case-memory", "8M"])
        #expect(small.status == 2 && small.stderr.contains("at least 16M"), "\(small.stderr)")
        let bad = try CLI.run(base + ["--name", "bad", "--case-memory", "4X"])
        #expect(bad.status == 2 && bad.stderr.contains("--case-memory"), "\(bad.stderr)")
    }

    /// An engine's refusal of a repeated id (the text a skipped row
    /// records) quotes the id, so an empty or spaced id stays visible, and
    /// names every built-in engine that takes repeated ids.
    @Test(arguments: ["", " ", "a\"b", "x\ny"])
    func aRepeatedIDIsQuotedAndTheEnginesThatTakeRepeatsAreNamed(id: String) throws {
        let reason = DiffError.duplicateID(id: id, side: .old, first: 0, second: 2).description
        #expect(reason.hasPrefix("duplicate id \(id.debugDescription) in the old list at positions 0 and 2"), "\(reason)")
        #expect(!reason.contains("\n"), "\(reason)")
        for engine in Self.repeatEngines { #expect(reason.contains(engine), "\(engine) is not named: \(reason)") }
        #expect(Self.repeatEngines.count >= 5)
    }

    /// `diff` names the engines that take repeats from the registry too.
    @Test func setsRefusalInDiffNamesEveryEngineThatTakesRepeats() throws {
        let refused = try CLI.run(["diff", "--engine", "set", "--chars", "aba", "ab"])
        #expect(refused.status == 2, "\(refused.stderr)")
        for engine in Self.repeatEngines { #expect(refused.stderr.contains(engine), "\(engine): \(refused.stderr)") }
    }

    @Test func aTextFileReadAsJSONSuggestsLines() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write("// a comment\nlet x = 1\n", to: "old.swift", in: dir)
        let new = try CLI.write("// a comment\nlet x = 2\n", to: "new.swift", in: dir)
        let text = try CLI.run(["diff", old, new])
        #expect(text.status == 2 && text.stderr.contains("malformed JSON") && text.stderr.contains("add --lines"), "\(text.stderr)")
        #expect(try CLI.run(["diff", "--lines", old, new]).status == 0)
        // A JSON file with a syntax error gets no such hint.
        let broken = try CLI.write("[1, 2,", to: "broken.json", in: dir)
        let json = try CLI.run(["diff", broken, broken])
        #expect(json.status == 2 && json.stderr.contains("malformed JSON") && !json.stderr.contains("--lines"), "\(json.stderr)")
        let runText = try CLI.run(["run", "--old", old, "--new", new, "--output", dir.path, "--name", "text"] + Self.quick)
        #expect(runText.status == 2 && runText.stderr.contains("add --lines"), "\(runText.stderr)")
    }

    @Test func twoEmptyListsHaveNothingToDiff() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write("", to: "old.txt", in: dir)
        let new = try CLI.write("", to: "new.txt", in: dir)
        let run = try CLI.run(["run", "--lines", "--old", old, "--new", new, "--output", dir.path, "--name", "empty"] + Self.quick)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("nothing to diff"), "\(run.stdout)")
        #expect(!run.stdout.contains("Avoid") && !run.stdout.contains("×"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/empty/results.json"))
    }
}
