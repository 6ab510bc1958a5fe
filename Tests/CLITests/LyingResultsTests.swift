import DiffBenchKit
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 24, points 5 and 6: results that cannot be true are refused by
/// every reader, failed rows fail the gate, and `merge` checks the whole set
/// of shards. Every file here is written by hand.
@Suite(.serialized) struct LyingResultsTests {
    /// ``ChartCommandTests/resultsJSON(runName:)`` with one row a line: row
    /// `i` starts at line `i + 2`, column 1, so a refusal's position is
    /// known without reading the reader's code. `edit` changes row `at`.
    static func resultsText(editing at: Int? = nil, _ edit: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        var document = try #require(try JSONSerialization.jsonObject(with: ChartCommandTests.resultsJSON()) as? [String: Any])
        var rows = try #require(document["rows"] as? [[String: Any]])
        if let at { edit(&rows[at]) }
        document["rows"] = []
        let head = String(decoding: try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]), as: UTF8.self)
        let lines = try rows.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }
        let text = head.replacingOccurrences(of: "\"rows\":[]", with: "\"rows\":[\n" + lines.joined(separator: ",\n") + "\n]")
        #expect(text != head, "the rows were not placed")
        return text
    }

    /// A lie and the words the refusal must use.
    struct Lie: CustomTestStringConvertible, Sendable {
        var name: String
        var words: String
        var edit: @Sendable (inout [String: Any]) -> Void
        var testDescription: String { name }
    }

    static let lies: [Lie] = [
        Lie(name: "ok but not verified", words: "verified is false") { $0["verified"] = false },
        Lie(name: "ok but the batch model refused it", words: "batch_verified is false") { $0["batch_verified"] = false },
        Lie(name: "steps 0 beside counts that add up to 42", words: "steps is 0") { row in
            row["inserts"] = 20; row["deletes"] = 20; row["moves"] = 2; row["updates"] = 0; row["steps"] = 0
        },
        Lie(name: "negative peak heap", words: "peak_heap_bytes is negative") { $0["peak_heap_bytes"] = -8 },
        Lie(name: "negative allocations", words: "allocations is negative") { $0["allocations"] = -1 },
        Lie(name: "negative moves", words: "moves is negative") { $0["moves"] = -3 },
        Lie(name: "negative median", words: "median_ns is -5") { $0["median_ns"] = -5.0 },
        Lie(name: "zero median on a measured row", words: "median_ns is 0") { $0["median_ns"] = 0.0 },
        Lie(name: "infinite median", words: "median_ns is inf") { $0["median_ns"] = "inf" },
        Lie(name: "NaN ratio", words: "ratio_to_stdlib is nan") { $0["ratio_to_stdlib"] = "nan" },
    ]

    /// Each reader — chart, targets, compare, baseline save, merge — refuses
    /// the row with exit 2 at its line and column, and writes nothing.
    ///
    /// All five read a results file through `ResultsStore.read`: each lie is
    /// refused there, in this process, and by one reader as a command, the
    /// readers taken in turn (10 lies: each reader refuses 2 as a command,
    /// exit 2, message and nothing written), instead of 5 launches of the
    /// debug binary per lie.
    @Test(.timeLimit(.minutes(10)), arguments: lies)
    func everyReaderRefusesARowThatCannotBeTrue(lie: Lie) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good"), bad = dir.appendingPathComponent("bad")
        for folder in [good, bad] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Self.resultsText().write(to: good.appendingPathComponent("results.json"), atomically: true, encoding: .utf8)
        // Row 3 (0-based; "row 4" in words) is heckel at 10,000: line 5.
        try Self.resultsText(editing: 3, lie.edit).write(to: bad.appendingPathComponent("results.json"), atomically: true, encoding: .utf8)
        let place = bad.path + "/results.json:5:1: row 4 "
        do {
            let read = try ResultsStore.read(bad.path)
            Issue.record("ResultsStore.read accepted \(lie.name) (\(read.rows.count) rows)")
        } catch {
            #expect(error.description.contains(place) && error.description.contains(lie.words), "\(lie.name): \(error.description)")
        }
        let readers: [(String, [String])] = [
            ("chart", ["chart", bad.path]),
            ("targets", ["targets", bad.path]),
            ("compare", ["compare", good.path, bad.path]),
            ("baseline save", ["baseline", "save", "lie", "--from", bad.path, "--baselines-dir", dir.appendingPathComponent("baselines").path]),
            ("merge", ["merge", bad.path, "--output", dir.appendingPathComponent("merged").path]),
        ]
        let number = try #require(Self.lies.firstIndex { $0.name == lie.name })
        let (reader, arguments) = readers[number % readers.count]
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 2, "\(reader) accepted \(lie.name): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(place) && result.stderr.contains(lie.words), "\(reader): \(result.stderr)")
        for written in ["bad/charts", "bad/index.html", "baselines/lie.json", "merged"] {
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(written).path), "\(written) was written")
        }
        // The same file without the lie is read by all of them.
        #expect(throws: Never.self) { _ = try ResultsStore.read(good.path) }
        if number == 0 { #expect(try CLI.run(["compare", good.path, good.path]).status == 0) }
    }

    /// A measured row that failed verification fails `compare` (exit 1) —
    /// as a row of both runs and as a row new in the current one — and
    /// `baseline save` refuses its run (exit 2).
    @Test(.timeLimit(.minutes(10))) func aFailedRowFailsTheGateAndCannotBeABaseline() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good"), failed = dir.appendingPathComponent("failed")
        for folder in [good, failed] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Self.resultsText().write(to: good.appendingPathComponent("results.json"), atomically: true, encoding: .utf8)
        let failing = try Self.resultsText(editing: 3) { row in
            row["status"] = "failed"
            row["verified"] = false
            row["reason"] = "verification: apply gives the wrong list at index 7"
        }
        try failing.write(to: failed.appendingPathComponent("results.json"), atomically: true, encoding: .utf8)
        let compared = try CLI.run(["compare", good.path, failed.path])
        #expect(compared.status == 1, "\(compared.stdout)\(compared.stderr)")
        #expect(compared.stdout.contains("failed — verification: apply gives the wrong list"), "\(compared.stdout)")
        // Absent from the baseline, it still fails.
        let partial = dir.appendingPathComponent("partial")
        try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
        var document = try #require(try JSONSerialization.jsonObject(with: Data(Self.resultsText().utf8)) as? [String: Any])
        document["rows"] = (document["rows"] as! [[String: Any]]).enumerated().filter { $0.offset != 3 }.map(\.element)
        try JSONSerialization.data(withJSONObject: document).write(to: partial.appendingPathComponent("results.json"))
        let added = try CLI.run(["compare", partial.path, failed.path])
        #expect(added.status == 1, "\(added.stdout)\(added.stderr)")
        let saved = try CLI.run(["baseline", "save", "x", "--from", failed.path, "--baselines-dir", dir.appendingPathComponent("b").path])
        #expect(saved.status == 2 && saved.stderr.contains("failed verification"), "\(saved.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("b/x.json").path))
    }

    /// A run folder's results.csv that says something else than its
    /// results.json is refused at the line and column where it differs; a
    /// CSV with another version's header is not compared.
    @Test(.timeLimit(.minutes(10))) func aResultsCSVThatDiffersFromTheJSONIsRefusedAtItsLine() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(
            ["run", "--engines", "heckel", "--workloads", "mixed", "--sizes", "20", "--repetitions", "2", "--min-time", "0",
             "--output", dir.path, "--name", "pair", "--datasets-dir", "", "--quiet", "--memo", "", "--no-floor"])
        #expect(run.status == 0, "\(run.stderr)")
        let folder = dir.appendingPathComponent("pair").path, csvPath = folder + "/results.csv"
        let original = try String(contentsOfFile: csvPath, encoding: .utf8)
        #expect(try CLI.run(["targets", folder]).status == 0)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count >= 3 && lines[1].hasPrefix("heckel,mixed,20,"))
        // Row 1 claims 3 fewer deletes than the JSON holds.
        let header = lines[0].split(separator: ",").map(String.init)
        let before = lines[1]
        var fields = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let deletes = try #require(header.firstIndex(of: "deletes"))
        fields[deletes] = String(Int(fields[deletes])! + 3)
        lines[1] = fields.joined(separator: ",")
        try lines.joined(separator: "\n").write(toFile: csvPath, atomically: true, encoding: .utf8)
        // The first character that differs, 1-based.
        let column = zip(before, lines[1]).prefix { $0 == $1 }.count + 1
        #expect(column > fields[..<deletes].reduce(0) { $0 + $1.count + 1 }, "the edit is in the deletes field")
        for arguments in [["chart", folder], ["targets", folder], ["compare", folder, folder]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains(csvPath + ":2:\(column):"), "\(result.stderr)")
            #expect(result.stderr.contains("differs from results.json at row 1 (heckel mixed@20 (int))"), "\(result.stderr)")
        }
        // The same file cut short after its header.
        try (lines[0] + "\n").write(toFile: csvPath, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["targets", folder]).stderr.contains(csvPath + ":2:1:"))
        // A CSV of a version with one column fewer: not compared.
        let older = original.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast().joined(separator: ",") }
        try (older.joined(separator: "\n") + "\n").write(toFile: csvPath, atomically: true, encoding: .utf8)
        let accepted = try CLI.run(["targets", folder])
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    // MARK: merge

    /// A hand-made shard `index`/`count` of a plan of heckel, stdlib and the
    /// floor on `mixed` at `size`, as `int`, seed 1, on CPU `cpu`.
    static func shard(
        _ index: Int?, of count: Int = 2, size: Int, cpu: String = "test cpu", complete: Bool = true,
        edit: (inout [String: Any], inout [[String: Any]]) -> Void = { _, _ in }
    ) -> [String: Any] {
        var rows: [[String: Any]] = []
        for engine in ["heckel", "stdlib", "floor"] {
            var row: [String: Any] = [
                "engine": engine, "workload": "mixed", "size": size, "size_old": size, "size_new": size, "seed": 1,
                "parameters": "", "elements": "int", "status": engine == "floor" ? "reference" : "ok", "reason": "", "samples": 10,
                "median_ns": Double(size) * 10, "verified": engine != "floor",
            ]
            if engine != "floor" {
                row["batch_verified"] = true
                for key in ["inserts", "deletes", "moves", "updates"] { row[key] = 1 }
                row["steps"] = 4
            }
            rows.append(row)
        }
        var plan: [String: Any] = [
            "engines": ["heckel", "stdlib", "floor"], "workloads": ["mixed"], "sizes": [size], "extra_cases": [],
            "elements": ["int"], "min_samples": 10, "min_time_seconds": 0.1, "time_budget_seconds": 3,
            "lcs_memory_budget_bytes": 1 << 28,
        ]
        if let index { plan["shard"] = "\(index)/\(count)" }
        var document: [String: Any] = [
            "schema": "diffbench.results", "version": 2, "complete": complete,
            "environment": [
                "swift_version": "6.3.1", "os": "Linux", "cpu": cpu, "cores": 2, "memory_bytes": 1_000_000_000,
                "build_configuration": "release", "git_commit": "abc", "seed": 1, "start_time": "2026-01-01T00:00:00Z",
                "run_name": "s\(index ?? 0)",
            ] as [String: Any],
            "plan": plan,
        ]
        edit(&document, &rows)
        document["rows"] = rows
        return document
    }

    static func write(_ document: [String: Any], as name: String, in dir: URL) throws -> String {
        let folder = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: folder.appendingPathComponent("results.json"))
        return folder.path
    }

    /// A set of shards merge must refuse, and the words that say why.
    struct BadSet: CustomTestStringConvertible, Sendable {
        var name: String
        var words: String
        var shards: @Sendable () -> [[String: Any]]
        var testDescription: String { name }
    }

    static let badSets: [BadSet] = [
        BadSet(name: "shards from different machines", words: "the CPU is other cpu") {
            [shard(1, size: 100), shard(2, size: 1000, cpu: "other cpu")]
        },
        BadSet(name: "another build commit", words: "the build commit is def") {
            [shard(1, size: 100), shard(2, size: 1000) { document, _ in
                var environment = document["environment"] as! [String: Any]
                environment["git_commit"] = "def"
                document["environment"] = environment
            }]
        },
        BadSet(name: "a shard label out of range", words: "shard label \"3/2\"") {
            [shard(1, size: 100), shard(3, size: 1000)]
        },
        BadSet(name: "a missing shard", words: "shard 2/2 not given") { [shard(1, size: 100)] },
        BadSet(name: "a shard beside a run that is no shard", words: "not a shard") {
            [shard(1, size: 100), shard(nil, size: 1000)]
        },
        BadSet(name: "a row at a size outside the plan", words: "size 500 is not among the plan's") {
            [shard(1, size: 100) { _, rows in rows[1]["size"] = 500 }, shard(2, size: 1000)]
        },
        BadSet(name: "a row of an element kind outside the plan", words: "element kind uuid") {
            [shard(1, size: 100) { _, rows in rows[0]["elements"] = "uuid" }, shard(2, size: 1000)]
        },
        BadSet(name: "a row of another seed", words: "seed 9 is not the run's seed 1") {
            [shard(1, size: 100) { _, rows in rows[2]["seed"] = 9 }, shard(2, size: 1000)]
        },
        BadSet(name: "a row of a workload outside the plan", words: "workload feed") {
            [shard(1, size: 100) { _, rows in rows[0]["workload"] = "feed" }, shard(2, size: 1000)]
        },
        BadSet(name: "a complete shard with no rows", words: "says it is complete but holds no rows") {
            [shard(1, size: 100) { _, rows in rows = [] }, shard(2, size: 1000)]
        },
        BadSet(name: "a plan claiming a size with no rows", words: "has no row of its plan's size 2000") {
            [shard(1, size: 100) { document, _ in
                var plan = document["plan"] as! [String: Any]
                plan["sizes"] = [100, 2000]
                document["plan"] = plan
            }, shard(2, size: 1000)]
        },
        BadSet(name: "a complete shard without its floor row", words: "lacks the floor row on mixed@1000") {
            [shard(1, size: 100), shard(2, size: 1000) { _, rows in rows.removeLast() }]
        },
    ]

    @Test(.timeLimit(.minutes(10)), arguments: badSets)
    func mergeRefusesASetThatIsNotOneRun(set: BadSet) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = try set.shards().enumerated().map { try Self.write($0.element, as: "s\($0.offset + 1)", in: dir) }
        let output = dir.appendingPathComponent("merged").path
        let result = try CLI.run(["merge"] + paths + ["--output", output])
        #expect(result.status == 2, "\(set.name) was merged: \(result.stderr)")
        #expect(result.stderr.contains(set.words), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        // A refusal of one row names its place: line 1 (the files are one line), the column of its `{`.
        if set.words.contains("not among the plan's") || set.words.contains("not the run's seed") {
            let text = try String(contentsOfFile: paths[0] + "/results.json", encoding: .utf8)
            let rowsStart = try #require(text.range(of: "\"rows\":[")).upperBound
            let starts = text.indices.filter { $0 >= rowsStart && text[$0] == "{" && (text[text.index(before: $0)] == "[" || text[text.index(before: $0)] == ",") }
            let columns = starts.map { text.distance(from: text.startIndex, to: $0) + 1 }
            #expect(columns.contains { result.stderr.contains(paths[0] + "/results.json:1:\($0): ") }, "\(result.stderr)")
        }
    }

    /// The good set merges; with --allow-mixed-machines shards of two
    /// machines merge too, and each row names the machine that measured it.
    @Test(.timeLimit(.minutes(10))) func mixedMachinesMergeOnlyWhenAllowedAndKeepEachRowsMachine() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s1 = try Self.write(Self.shard(1, size: 100), as: "s1", in: dir)
        let s2 = try Self.write(Self.shard(2, size: 1000, cpu: "other cpu"), as: "s2", in: dir)
        let output = dir.appendingPathComponent("merged").path
        #expect(try CLI.run(["merge", s1, s2, "--output", output]).status == 2)
        let allowed = try CLI.run(["merge", s1, s2, "--output", output, "--allow-mixed-machines"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        let merged = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output + "/results.json"))) as? [String: Any])
        let machines = try #require(merged["machines"] as? [[String: Any]])
        #expect(machines.map { $0["cpu"] as? String } == ["test cpu", "other cpu"])
        let rows = try #require(merged["rows"] as? [[String: Any]])
        for row in rows {
            let expected = row["size"] as? Int == 100 ? 0 : 1
            #expect(row["machine"] as? Int == expected, "\(row)")
        }
        let csv = try String(contentsOfFile: output + "/results.csv", encoding: .utf8).split(separator: "\n")
        #expect(csv.first?.hasSuffix(",machine") == true)
        #expect(csv.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) } == rows.map { "\($0["machine"] as! Int)" })
        // Shards of one machine: no machine list, no machine per row.
        let same = try Self.write(Self.shard(2, size: 1000), as: "s2-same", in: dir)
        #expect(try CLI.run(["merge", s1, same, "--output", output + "-same", "--allow-mixed-machines"]).status == 0)
        let plain = try String(contentsOfFile: output + "-same/results.json", encoding: .utf8)
        #expect(!plain.contains("\"machines\"") && !plain.contains("\"machine\""))
    }

    /// `--output` that is an input, that holds a run (unless --force, which
    /// clears it first), that holds files but no run, or that a run holds
    /// locked: exit 2, nothing replaced.
    @Test(.timeLimit(.minutes(10))) func mergeRefusesAnOutputItMustNotWrite() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s1 = try Self.write(Self.shard(1, size: 100), as: "s1", in: dir)
        let s2 = try Self.write(Self.shard(2, size: 1000), as: "s2", in: dir)
        let before = try Data(contentsOf: URL(fileURLWithPath: s1 + "/results.json"))
        for output in [s1, s1 + "/", dir.path + "/./s1"] {
            let result = try CLI.run(["merge", s1, s2, "--output", output, "--force"])
            #expect(result.status == 2 && result.stderr.contains("is one of the runs being merged"), "\(output): \(result.stderr)")
        }
        let asFile = try CLI.run(["merge", s1 + "/results.json", s2, "--output", s1])
        #expect(asFile.status == 2 && asFile.stderr.contains("is one of the runs being merged"), "\(asFile.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: s1 + "/results.json")) == before)

        // An earlier run with its charts: refused, then cleared by --force.
        let output = dir.appendingPathComponent("merged").path
        try FileManager.default.createDirectory(atPath: output + "/charts", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: output + "/charts/time-mixed.png"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: output + "/results.json"))
        let refused = try CLI.run(["merge", s1, s2, "--output", output])
        #expect(refused.status == 2 && refused.stderr.contains("holds a run already"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: output + "/results.json", encoding: .utf8) == "{}")
        let forced = try CLI.run(["merge", s1, s2, "--output", output, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output + "/charts"), "old charts left beside the new results")
        #expect(try String(contentsOfFile: output + "/results.json", encoding: .utf8).contains("\"rows\""))

        // Files but no run: never cleared, even with --force.
        let other = dir.appendingPathComponent("other").path
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: other + "/notes.txt"))
        let notRun = try CLI.run(["merge", s1, s2, "--output", other, "--force"])
        #expect(notRun.status == 2 && notRun.stderr.contains("holds files but no run"), "\(notRun.stderr)")
        #expect(FileManager.default.fileExists(atPath: other + "/notes.txt"))

        // A folder a live run holds: its lock is taken here, as `run` takes it.
        let live = dir.appendingPathComponent("live").path
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: true)
        let descriptor = open(live + "/.lock", O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        defer { close(descriptor) }
        let locked = try CLI.run(["merge", s1, s2, "--output", live, "--force"])
        #expect(locked.status == 2 && locked.stderr.contains("another run"), "\(locked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: live + "/results.json"))
    }
}
