import Foundation
import Testing

/// `diffbench history`: adds from several processes at once, refusals of
/// bad files, the table and export formats, and `run`'s own add. The runs
/// are the committed CI baseline (207 real rows), renamed per run.
@Suite struct HistoryCommandTests {
    static var baselinePath: String { CLI.packageRoot.appendingPathComponent("Tests/Fixtures/ci-run-2026-11-26.json").path }

    static func baseline() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: baselinePath))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The baseline as run `index` (its own name, start time and commit), written as `run-INDEX.json` in `folder`.
    static func writeRun(_ index: Int, in folder: URL, edit: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        var document = try baseline()
        var environment = try #require(document["environment"] as? [String: Any])
        environment["run_name"] = "run-\(index)"
        environment["start_time"] = String(format: "2026-02-01T%02d:%02d:00Z", index / 60, index % 60)
        environment["git_commit"] = String(format: "d%011d", index)
        document["environment"] = environment
        edit(&document)
        let path = folder.appendingPathComponent("run-\(index).json").path
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func listed(_ store: String) throws -> [[String: Any]] {
        let list = try CLI.run(["history", "list", "--history", store, "--format", "json"])
        #expect(list.status == 0, "\(list.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    }

    @Test("Two processes adding runs to one store at once lose nothing", .timeLimit(.minutes(10)))
    func concurrentAddsLoseNothing() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("history.sqlite").path
        let first = try (0..<12).map { try Self.writeRun($0, in: folder) }
        let second = try (12..<24).map { try Self.writeRun($0, in: folder) }
        // Both start before either has made the store. Their standard error goes to files, read when one fails.
        let results = try [first, second].enumerated().map { index, runs -> (process: Process, errors: URL) in
            let errors = folder.appendingPathComponent("add-\(index).err")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let process = Process()
            process.executableURL = CLI.executable
            process.arguments = ["history", "add"] + runs + ["--history", store, "--branch", "main"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            return (process, errors)
        }
        for result in results { result.process.waitUntilExit() }
        let errors = results.map { (try? String(contentsOf: $0.errors, encoding: .utf8)) ?? "" }
        #expect(results.map(\.process.terminationStatus) == [0, 0], "standard error: \(errors)")
        let runs = try Self.listed(store)
        #expect(Set(runs.compactMap { $0["run_name"] as? String }) == Set((0..<24).map { "run-\($0)" }))
        #expect(runs.compactMap { $0["rows"] as? Int }.reduce(0, +) == 24 * 207)
        // Every series has a point of every run.
        let show = try CLI.run(["history", "show", "--history", store, "--engine", "heckel", "--workload", "feed", "--size", "1000", "--measure", "instructions", "--format", "csv"])
        #expect(show.stdout.split(separator: "\n").count == 1 + 24)
    }

    @Test("Results of schema versions 1 and 2 are added as whole runs of one series")
    func olderSchemaVersionsAdded() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("history.sqlite").path
        // Older files had no reason codes (2 and 1), no element kinds and no catalog records (1).
        let files = try [1, 2].map { version in
            try Self.writeRun(version, in: folder) { document in
                document["version"] = version
                var rows = document["rows"] as? [[String: Any]] ?? []
                for index in rows.indices {
                    rows[index]["reason_code"] = nil
                    rows[index]["predicted_seconds"] = nil
                    if version == 1 { rows[index]["elements"] = nil }
                }
                document["rows"] = rows
                if version == 1 { for key in ["engines", "workloads", "element_kinds", "targets", "datasets"] { document[key] = nil } }
            }
        }
        let add = try CLI.run(["history", "add"] + files + ["--history", store])
        #expect(add.status == 0, "\(add.stderr)")
        let runs = try Self.listed(store)
        #expect(Set(runs.compactMap { $0["results_version"] as? Int }) == [1, 2])
        // Both runs are points of one series (the same machine and plan), read from version 1 and 2 files.
        let show = try CLI.run([
            "history", "show", "--history", store, "--engine", "heckel", "--workload", "feed", "--size", "1000", "--measure", "instructions",
            "--format", "csv",
        ])
        #expect(show.stdout.split(separator: "\n").count == 3)
        #expect(runs.allSatisfy { $0["rows"] as? Int == 207 })
    }

    @Test("A results file that lies is refused, naming it, and the store is not touched")
    func lyingResultsRefused() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("history.sqlite").path
        let lie = try Self.writeRun(1, in: folder) { document in
            var rows = document["rows"] as? [[String: Any]] ?? []
            rows[0]["verified"] = false
            document["rows"] = rows
        }
        let refused = try CLI.run(["history", "add", lie, "--history", store])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(lie))
        #expect(refused.stderr.contains("verified is false"))
        #expect(!FileManager.default.fileExists(atPath: store))
        // With a store already there, it stays as it was.
        #expect(try CLI.run(["history", "add", try Self.writeRun(2, in: folder), "--history", store]).status == 0)
        let before = FileManager.default.contents(atPath: store)
        #expect(try CLI.run(["history", "add", lie, "--history", store]).status == 2)
        #expect(FileManager.default.contents(atPath: store) == before)
        #expect(try Self.listed(store).count == 1)
    }

    @Test("A store that is not one of ours stops every history command with status 2, naming it, untouched")
    func foreignStoreRefused() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try CLI.write("engine,workload\nheckel,feed\n", to: "history.sqlite", in: folder)
        let run = try Self.writeRun(1, in: folder)
        for arguments in [["history", "add", run], ["history", "list"], ["history", "show"], ["history", "export", "--format", "bencher"]] {
            let result = try CLI.run(arguments + ["--history", store])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(store) && result.stderr.contains("not a history store"), "\(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: store) == Data("engine,workload\nheckel,feed\n".utf8))
    }

    /// A row's case name as the exports name it (README "History and trends").
    static func caseName(_ row: [String: Any]) -> String {
        let parameters = row["parameters"] as? String ?? ""
        return "\(row["engine"]!)/\(row["workload"]!)@\(row["size"]!)\(parameters.isEmpty ? "" : "[\(parameters)]") \(row["elements"] as? String ?? "int")"
    }

    /// The measured rows of the baseline (ok and reference), which are the ones exported.
    static func measuredRows() throws -> [[String: Any]] {
        try #require(try baseline()["rows"] as? [[String: Any]]).filter { ["ok", "reference"].contains($0["status"] as? String) }
    }

    static func storeWithBaseline(in folder: URL) throws -> String {
        let store = folder.appendingPathComponent("history.sqlite").path
        let add = try CLI.run(["history", "add", baselinePath, "--history", store])
        #expect(add.status == 0, "\(add.stderr)")
        return store
    }

    @Test("The Bencher export holds each measured row's median, bounds and counts, as the results file has them")
    func bencherExport() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.storeWithBaseline(in: folder)
        let export = try CLI.run(["history", "export", "--format", "bencher", "--history", store])
        #expect(export.status == 0, "\(export.stderr)")
        let benchmarks = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: [String: [String: Double]]])
        let rows = try Self.measuredRows()
        #expect(Set(benchmarks.keys) == Set(rows.map(Self.caseName)))
        let slugs = ["instructions": "instructions", "allocations": "allocations", "peak_heap_bytes": "peak-heap-bytes", "steps": "steps"]
        for row in rows {
            let metrics = try #require(benchmarks[Self.caseName(row)])
            let median = try #require(row["median_ns"] as? Double), spread = try #require(row["spread_ns"] as? Double)
            // Bounds within a part in 10^12: two JSON readers may round a decimal's last digit apart.
            let latency = try #require(metrics["latency"], "\(Self.caseName(row))")
            #expect(Set(latency.keys) == ["value", "lower_value", "upper_value"])
            for (key, expected) in [("value", median), ("lower_value", median - spread), ("upper_value", median + spread)] {
                #expect(abs((latency[key] ?? .nan) - expected) <= abs(expected) * 1e-12, "\(Self.caseName(row)) \(key)")
            }
            for (column, slug) in slugs {
                if let count = row[column] as? Int {
                    #expect(metrics[slug] == ["value": Double(count)], "\(Self.caseName(row)) \(slug)")
                } else {
                    #expect(metrics[slug] == nil)
                }
            }
            #expect(metrics.count == 1 + slugs.keys.filter { row[$0] is Int }.count)
        }
    }

    @Test("The github-action-benchmark export is one customSmallerIsBetter entry per measured row and measure")
    func githubActionBenchmarkExport() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.storeWithBaseline(in: folder)
        let target = folder.appendingPathComponent("benchmark.json").path
        let export = try CLI.run(["history", "export", "--format", "github-action-benchmark", "--history", store, "--to", target])
        #expect(export.status == 0, "\(export.stderr)")
        let data = try #require(FileManager.default.contents(atPath: target))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var expected: [String: (unit: String, value: Double, spread: Double?)] = [:]
        for row in try Self.measuredRows() {
            let name = Self.caseName(row)
            let median = try #require(row["median_ns"] as? Double), spread = try #require(row["spread_ns"] as? Double)
            expected[name + " median_ns"] = ("ns", median, spread)
            for (column, unit) in [("instructions", "instructions"), ("peak_heap_bytes", "bytes"), ("allocations", "allocations"), ("steps", "steps")] {
                if let count = row[column] as? Int { expected[name + " " + column] = (unit, Double(count), nil) }
            }
        }
        #expect(entries.count == expected.count)
        for entry in entries {
            let name = try #require(entry["name"] as? String)
            let (unit, value, spread) = try #require(expected[name], "\(name)")
            #expect(entry["unit"] as? String == unit)
            #expect(entry["value"] as? Double == value)
            #expect((entry["extra"] as? String)?.contains("commit 0951270f1fc3") == true)
            if let spread {
                let range = try #require(entry["range"] as? String)
                #expect(range.hasPrefix("± "))
                let shown = try #require(Double(range.dropFirst(2)), "\(range)")
                let difference = abs(shown - spread)
                #expect(difference <= spread * 1e-3, "\(name): \(range) for a spread of \(spread)")
            } else {
                #expect(entry["range"] == nil)
            }
        }
    }

    @Test("history show gives a series' commit, date, value and noise as text, JSON and CSV")
    func showFormats() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.storeWithBaseline(in: folder)
        let row = try #require(try Self.measuredRows().first { $0["engine"] as? String == "myers" && $0["workload"] as? String == "mixed" && $0["size"] as? Int == 1000 })
        let filter = ["--engine", "myers", "--workload", "mixed", "--size", "1000", "--measure", "median_ns", "--history", store]
        let json = try CLI.run(["history", "show", "--format", "json"] + filter)
        let series = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(series.count == 1)
        let points = try #require(series.first?["points"] as? [[String: Any]])
        #expect(points.count == 1)
        #expect(points.first?["value"] as? Double == row["median_ns"] as? Double)
        #expect(points.first?["noise"] as? Double == row["spread_ns"] as? Double)
        #expect(points.first?["commit"] as? String == "0951270f1fc3")
        let csv = try CLI.run(["history", "show", "--format", "csv"] + filter).stdout.split(separator: "\n")
        #expect(csv.count == 2)
        #expect(csv.first?.hasPrefix("machine,plan,engine,workload,parameters,elements,size,measure,commit,date,run_id,branch,value,noise") == true)
        let text = try CLI.run(["history", "show"] + filter)
        #expect(text.status == 0)
        #expect(text.stdout.contains("0951270f1fc3  2026-11-26T21:54:15Z"))
        let none = try CLI.run(["history", "show", "--engine", "nosuch", "--history", store])
        #expect(none.status == 2)
    }

    @Test("run adds its run to OUTPUT/history.sqlite, and not with --no-history", .timeLimit(.minutes(10)))
    func runAddsItsRun() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["run", "--engines", "heckel", "--workloads", "mixed", "--sizes", "30", "--repetitions", "1", "--min-time", "0",
                      "--time-budget", "1", "--no-memory", "--datasets-dir", "", "--quiet", "--output", folder.path]
        let skipped = try CLI.run(common + ["--name", "a", "--no-history"])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        let store = folder.appendingPathComponent("history.sqlite").path
        #expect(!FileManager.default.fileExists(atPath: store))
        let added = try CLI.run(common + ["--name", "b"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("history: added b@"))
        #expect(try Self.listed(store).compactMap { $0["run_name"] as? String } == ["b"])
    }
}
