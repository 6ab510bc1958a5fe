import Foundation
import Testing

/// Issue 37: no command writes over or removes one of its inputs, by any
/// spelling (relative, `..`, a link, a folder holding it), and none
/// follows a link planted in a folder it writes. Each refusal is exit 2
/// naming the path, with every input byte for byte as it was.
@Suite struct NoWriteOverInputTests {
    /// A run folder `name` in `dir` holding a small complete run (results.json only).
    static func runFolder(_ name: String, in dir: URL) throws -> String {
        try LyingResultsTests.write(LyingResultsTests.shard(nil, size: 100), as: name, in: dir)
    }

    /// Every file under `dir` with its bytes.
    static func snapshot(_ dir: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: dir.path)?.allObjects ?? [] {
            if let data = FileManager.default.contents(atPath: dir.path + "/" + path) { files[path] = data }
        }
        return files
    }

    @Test(.timeLimit(.minutes(10))) func mergeForceNeverRemovesAShardInsideTheOutput() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let s1 = try LyingResultsTests.write(LyingResultsTests.shard(1, size: 100), as: "out/shards/s1", in: dir)
        let s2 = try LyingResultsTests.write(LyingResultsTests.shard(2, size: 1000), as: "out/s2", in: dir)
        try Data("{}".utf8).write(to: out.appendingPathComponent("results.json"))
        try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link", withDestinationPath: out.path)
        let before = Self.snapshot(dir)
        for output in [out.path, dir.path + "/link", dir.path + "/out/shards/..", "out/."] {
            let result = try CLI.run(["merge", s1, s2, "--output", output, "--force"], in: dir)
            #expect(result.status == 2, "\(output): \(result.stderr)")
            #expect(result.stderr.contains("--output \(output) holds one of the runs being merged"), "\(output): \(result.stderr)")
            #expect(Self.snapshot(dir) == before, "\(output) changed the files")
        }
        // With the shards elsewhere, --force replaces the run and keeps the user's file.
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(atPath: out.path + "/shards", toPath: elsewhere.path)
        try FileManager.default.moveItem(atPath: s2, toPath: elsewhere.path + "/s2")
        let forced = try CLI.run(["merge", elsewhere.path + "/s1", elsewhere.path + "/s2", "--output", out.path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(FileManager.default.contents(atPath: out.path + "/notes.txt") == Data("mine".utf8))
    }

    @Test(.timeLimit(.minutes(10))) func compareAndTargetsNeverWriteOverTheirInputs() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = try Self.runFolder("base", in: dir)
        let current = try Self.runFolder("current", in: dir)
        try Data("engine\n".utf8).write(to: URL(fileURLWithPath: current + "/results.csv"))
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link", withDestinationPath: current)
        let before = Self.snapshot(dir)
        let spellings = [
            current + "/results.json", "current/results.csv", "base/../current/results.json", dir.path + "/link/results.csv",
            base + "/results.json", "./base/./results.json",
        ]
        for to in spellings {
            let compare = try CLI.run(["compare", base, current, "--to", to], in: dir)
            #expect(compare.status == 2, "\(to): \(compare.stderr)")
            #expect(compare.stderr.contains("--to \(to) is one of the runs being compared"), "\(to): \(compare.stderr)")
            #expect(Self.snapshot(dir) == before, "compare --to \(to) changed the files")
        }
        for to in spellings.prefix(4) {
            let targets = try CLI.run(["targets", "link", "--to", to], in: dir)
            #expect(targets.status == 2, "\(to): \(targets.stderr)")
            #expect(targets.stderr.contains("--to \(to) is one of the files read"), "\(to): \(targets.stderr)")
            #expect(targets.stdout.isEmpty, "\(to): printed before refusing")
            #expect(Self.snapshot(dir) == before, "targets --to \(to) changed the files")
        }
        // A new file beside the inputs is written.
        let fine = try CLI.run(["targets", current, "--to", current + "/targets-copy.md"])
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(FileManager.default.fileExists(atPath: current + "/targets-copy.md"))
    }

    @Test(.timeLimit(.minutes(10)), arguments: ["charts", "index.html", "charts/time-mixed.png"])
    func chartFollowsNoLinkPlantedInTheRunFolder(planted: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.runFolder("run", in: dir)
        let outside = dir.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        if planted.contains("/") { try FileManager.default.createDirectory(atPath: run + "/charts", withIntermediateDirectories: true) }
        let target = outside.path + (planted == "charts" ? "" : "/victim")
        if planted != "charts" { try Data("victim".utf8).write(to: URL(fileURLWithPath: target)) }
        try FileManager.default.createSymbolicLink(atPath: run + "/" + planted, withDestinationPath: target)
        let result = try CLI.run(["chart", run])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(run + "/" + planted + " is a symbolic link"), "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: outside.path)
        #expect(left == (planted == "charts" ? [] : ["victim"]), "\(left)")
        if planted != "charts" { #expect(FileManager.default.contents(atPath: target) == Data("victim".utf8)) }
    }

    /// `run` and `teach` never write over an input list that sits in the
    /// folder they write, under a name they write there (`results.csv`,
    /// `index.md`) or any other: the folder holding an input (or named by
    /// a results file among them) is refused, by any spelling, and the
    /// input keeps its bytes.
    @Test(.timeLimit(.minutes(10))) func runAndTeachNeverWriteOverTheirInputLists() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("out/pair")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("a\nb\nc\n".utf8).write(to: folder.appendingPathComponent("results.csv"))
        try Data("a\nc\nd\n".utf8).write(to: folder.appendingPathComponent("index.md"))
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link", withDestinationPath: dir.path + "/out")
        let before = Self.snapshot(dir)
        let (old, new) = ("out/pair/results.csv", "link/pair/../pair/index.md")
        let commands = [
            ["run", "--lines", "--old", old, "--new", new, "--engines", "myers", "--min-time", "0", "--repetitions", "1", "--datasets-dir", "", "--memo", "", "--quiet", "--name", "pair"],
            ["teach", "--lines", old, new, "--name", "pair"],
        ]
        for command in commands {
            for output in ["out", dir.path + "/link", "out/pair/.."] {
                let result = try CLI.run(command + ["--output", output], in: dir)
                #expect(result.status == 2, "\(command[0]) --output \(output): \(result.stderr)")
                #expect(result.stderr.contains("one of the input lists"), "\(command[0]) --output \(output): \(result.stderr)")
                #expect(Self.snapshot(dir) == before, "\(command[0]) --output \(output) changed the files")
            }
        }
    }

    /// `run --history` naming one of the run's own lists, by any spelling:
    /// an empty list is a valid empty SQLite store, so it was made a
    /// database after the run (any other list is refused by SQLite itself).
    @Test(.timeLimit(.minutes(10)), arguments: ["empty.txt", "sub/../empty.txt", "link", "new.txt-wal"])
    func runNeverMakesAListItsHistoryStore(history: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data().write(to: dir.appendingPathComponent("empty.txt"))
        try Data("a\nb\n".utf8).write(to: dir.appendingPathComponent("new.txt-wal"))
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link", withDestinationPath: dir.path + "/empty.txt")
        let before = Self.snapshot(dir)
        // The store "new.txt" would write its journal over the list new.txt-wal.
        let store = history == "new.txt-wal" ? "new.txt" : history
        let result = try CLI.run(
            ["run", "--lines", "--old", "empty.txt", "--new", "new.txt-wal", "--engines", "myers", "--min-time", "0", "--repetitions", "1",
             "--datasets-dir", "", "--memo", "", "--quiet", "--name", "pair", "--output", "out", "--history", store], in: dir)
        #expect(result.status == 2, "--history \(store): \(result.stderr)")
        #expect(result.stderr.contains("--history") && result.stderr.contains("one of the input lists"), "\(result.stderr)")
        #expect(Self.snapshot(dir) == before, "--history \(store) changed the files")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/out/pair"))
    }

    /// Output folders are resolved once, at the start: an engine that makes
    /// another folder the working one during its call (`chdir`, in the
    /// run's own process with `--in-process`) moves neither the results nor
    /// the history store, both named relative to where the run started, and
    /// nothing is written in the engine's folder.
    @Test(.timeLimit(.minutes(10))) func anEngineThatChangesTheWorkingFolderMovesNoOutput() throws {
        let dir = try CLI.temporaryDirectory()
        let elsewhere = try CLI.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: dir)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        try Data("a\nb\nc\n".utf8).write(to: dir.appendingPathComponent("old.txt"))
        try Data("a\nc\nd\n".utf8).write(to: dir.appendingPathComponent("new.txt"))
        var environment = ProcessInfo.processInfo.environment
        environment["DIFFBENCH_TEST_FAULT"] = "chdir:myers:" + elsewhere.path
        let result = try CLI.run(
            ["run", "--in-process", "--lines", "--old", "old.txt", "--new", "new.txt", "--engines", "myers", "--min-time", "0",
             "--repetitions", "1", "--datasets-dir", "", "--memo", "", "--quiet", "--name", "pair", "--output", "out",
             "--history", "runs.sqlite"], in: dir, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        for file in ["out/pair/results.json", "out/pair/results.csv", "out/latest", "runs.sqlite"] {
            #expect(FileManager.default.fileExists(atPath: dir.path + "/" + file), "\(file) missing")
        }
        // The lines printed keep the paths as the user gave them.
        #expect(result.stdout.contains("results: out/pair/results.csv"), "\(result.stdout)")
        let strays = FileManager.default.enumerator(atPath: elsewhere.path)?.allObjects as? [String] ?? []
        #expect(strays.isEmpty, "written in the engine's working folder: \(strays)")
    }
}
