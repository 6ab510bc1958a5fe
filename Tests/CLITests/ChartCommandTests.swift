import Foundation
import Testing

/// `diffbench chart` end to end, on results files written here by hand (no
/// timing involved).
@Suite(.serialized) struct ChartCommandTests {
    /// A results.json with two engines and the floor on one workload at three
    /// sizes (scaling and memory charts are drawn from three sizes on).
    static func resultsJSON(runName: String = "hand-made") throws -> Data {
        var rows: [[String: Any]] = []
        for size in [1_000, 10_000, 100_000] {
            for (engine, factor) in [("heckel", 1.0), ("stdlib", 20.0), ("floor", 0.3)] {
                var row: [String: Any] = [
                    "engine": engine, "workload": "mixed", "size": size, "size_old": size, "size_new": size, "seed": 1,
                    "parameters": "", "status": engine == "floor" ? "reference" : "ok", "reason": "", "samples": 10,
                    "median_ns": factor * Double(size) * 50, "min_ns": factor * Double(size) * 49, "p90_ns": factor * Double(size) * 55,
                    "max_ns": factor * Double(size) * 70, "spread_ns": factor * Double(size), "ratio_to_stdlib": factor / 20,
                    "ratio_to_floor": factor / 0.3, "peak_heap_bytes": size * 40, "min_moves": size / 50, "min_edits": size / 5 + size / 25,
                    "verified": engine != "floor",
                ]
                if engine != "floor" {
                    row["allocations"] = 3
                    row["inserts"] = size / 10
                    row["deletes"] = size / 10
                    row["moves"] = size / 50 + (engine == "heckel" ? 1 : 0)
                    row["updates"] = 0
                    row["steps"] = size / 5 + size / 50 + (engine == "heckel" ? 1 : 0)
                }
                rows.append(row)
            }
        }
        let document: [String: Any] = [
            "schema": "diffbench.results", "version": 1, "complete": true,
            "environment": [
                "swift_version": "6.3", "os": "Linux", "cpu": "test", "cores": 2, "memory_bytes": 1_000_000_000,
                "build_configuration": "release", "git_commit": "abc", "seed": 1, "start_time": "2026-01-01T00:00:00Z",
                "run_name": runName,
            ],
            "plan": [
                "engines": ["heckel", "stdlib", "floor"], "workloads": ["mixed"], "sizes": [1_000, 10_000, 100_000], "extra_cases": [],
                "min_samples": 10, "min_time_seconds": 0.1, "time_budget_seconds": 3, "lcs_memory_budget_bytes": 1 << 28,
            ],
            "rows": rows,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    static func runFolder(in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("run-1")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try resultsJSON().write(to: folder.appendingPathComponent("results.json"))
        return folder
    }

    static let chartNames = ["tradeoff", "quality", "time-mixed", "scaling-mixed", "memory-mixed", "complexity"]

    @Test func drawsEveryChartAndThePage() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = try Self.runFolder(in: dir)
        let result = try CLI.run(["chart", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        for name in Self.chartNames {
            for ext in ["png", "dat", "gp"] {
                #expect(FileManager.default.fileExists(atPath: folder.path + "/charts/\(name).\(ext)"), "\(name).\(ext)")
            }
            #expect(result.stdout.contains("\(name).png"))
        }
        #expect(FileManager.default.fileExists(atPath: folder.path + "/index.html"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/index.md"))
        // heckel (exactly linear here) is fastest and its exponent shows.
        #expect(result.stdout.contains("heckel 1.00"))
    }

    /// `--brief` (the closing screen of `make bench`): the advice, the
    /// targets line and the page's path on one screen; the full listing in
    /// report.txt. stdlib has the fewest steps here, heckel one more move
    /// (well within the pick rule's 1 %) and is 20× faster: heckel is the
    /// pick and stdlib is avoided for its time.
    @Test func briefPrintsOneScreen() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = try Self.runFolder(in: dir)
        let result = try CLI.run(["chart", "--brief", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Which engine should I use?"))
        #expect(result.stdout.contains("Lists with unique ids, timed as integer ids"))
        // The advice is wrapped to the terminal: read it as one line.
        let advice = result.stdout.replacingOccurrences(of: "\n    ", with: " ")
        #expect(advice.contains("Use heckel: the fewest steps (within 1 %)"))
        #expect(advice.contains("Avoid stdlib (20.0× the time of the pick)"))
        #expect(result.stdout.contains("report: \(folder.path)/index.html"))
        #expect(result.stdout.contains("targets: "))
        #expect(result.stdout.split(separator: "\n").count <= 30)
        #expect(!result.stdout.contains("time-mixed.png"))
        let listing = try String(contentsOf: folder.appendingPathComponent("report.txt"), encoding: .utf8)
        #expect(listing.contains("time-mixed.png"))
    }

    @Test func jsonSummaryListsChartsAndExponents() throws {
        struct Summary: Decodable {
            struct Chart: Decodable { var name: String; var drawn: Bool; var kind: String }
            struct Fit: Decodable { var exponent: Double }
            struct Exponent: Decodable { var engine: String; var metric: String; var fit: Fit? }
            var charts: [Chart]
            var exponents: [Exponent]
        }
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = try Self.runFolder(in: dir)
        let result = try CLI.run(["chart", "--format", "json", folder.path + "/results.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try JSONDecoder().decode(Summary.self, from: Data(result.stdout.utf8))
        #expect(summary.charts.map(\.name) == Self.chartNames)
        #expect(summary.charts.allSatisfy { $0.drawn })
        let heckel = try #require(summary.exponents.first { $0.engine == "heckel" && $0.metric == "time" }?.fit)
        #expect(abs(heckel.exponent - 1) < 1e-9)
    }

    @Test func withoutGnuplotThePageIsStillWritten() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = try Self.runFolder(in: dir)
        let empty = dir.appendingPathComponent("no-tools")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try CLI.run(["chart", folder.path], environment: ["PATH": empty.path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("gnuplot not found") && result.stderr.contains("apt-get install gnuplot-nox"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/charts")
        #expect(!files.contains { $0.hasSuffix(".png") })
        #expect(files.filter { $0.hasSuffix(".gp") }.count == Self.chartNames.count)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("gnuplot-nox") && !html.contains("<img"))
    }

    @Test func aFailingGnuplotExitsOneAndNamesTheScript() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = try Self.runFolder(in: dir)
        let tools = dir.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let fake = tools.appendingPathComponent("gnuplot")
        try Data("#!/bin/sh\necho \"line 3: unknown terminal\" >&2\nexit 1\n".utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let result = try CLI.run(["chart", folder.path], environment: ["PATH": tools.path + ":/usr/bin:/bin"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("charts/quality.gp: line 3: unknown terminal"), "\(result.stderr)")
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!html.contains("<img") && html.contains("failed on"))
    }

    @Test func badRunFoldersExitTwo() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try CLI.run(["chart", dir.appendingPathComponent("nope").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope: no such run folder"), "\(missing.stderr)")

        let empty = try CLI.run(["chart", dir.path])
        #expect(empty.status == 2 && empty.stderr.contains("results.json"), "\(empty.stderr)")

        try Data(#"{"schema": "diffbench.dataset", "version": 1}"#.utf8).write(to: dir.appendingPathComponent("results.json"))
        let schema = try CLI.run(["chart", dir.path])
        #expect(schema.status == 2 && schema.stderr.contains("expected \"diffbench.results\""), "\(schema.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("index.html").path))

        #expect(try CLI.run(["chart"]).status == 2)
    }

    @Test func helpDocumentsTheExitStatusAndGnuplot() throws {
        let help = try CLI.run(["chart", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Exit status: 0 when the page is written"))
        #expect(text.contains("apt-get install gnuplot-nox"))
        #expect(try CLI.run(["--help"]).stdout.contains("chart"))
    }
}
