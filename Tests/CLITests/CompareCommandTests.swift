import Foundation
import Testing

/// `diffbench baseline` and `diffbench compare` end to end: a tiny real run
/// (debug build, so only exact figures and statuses are asserted), then
/// files edited by hand to make them mismatched or malformed.
@Suite(.serialized) struct CompareCommandTests {
    func tinyRun(in dir: URL, name: String, fault: String? = nil) throws -> CLIResult {
        var environment = ProcessInfo.processInfo.environment
        environment["DIFFBENCH_TEST_FAULT"] = fault
        return try CLI.run(
            ["run", "--engines", "heckel,set,stdlib", "--workloads", "mixed,feed", "--sizes", "60", "--repetitions", "2",
             "--min-time", "0", "--time-budget", "1", "--output", dir.path, "--name", name, "--datasets-dir", "", "--quiet"],
            environment: environment)
    }

    /// Rewrites a results file through `edit` on its JSON object.
    func edit(_ path: String, _ edit: (inout [String: Any]) -> Void) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    }

    @Test func baselineThenCompareEndToEnd() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try tinyRun(in: dir, name: "one").status == 0)
        let baselines = dir.appendingPathComponent("baselines").path
        let save = try CLI.run(["baseline", "save", "tiny", "--from", dir.appendingPathComponent("one").path, "--baselines-dir", baselines])
        #expect(save.status == 0, "\(save.stderr)")
        #expect(FileManager.default.fileExists(atPath: baselines + "/tiny.json"))
        let list = try CLI.run(["baseline", "list", "--baselines-dir", baselines, "--format", "json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(listed.map { $0["name"] as? String } == ["tiny"])
        #expect(listed.first?["rows"] as? Int == 8)

        // The run against itself: nothing changed, exit 0.
        let same = try CLI.run(["compare", "tiny", dir.appendingPathComponent("one").path, "--baselines-dir", baselines])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.hasPrefix("PASS — 8 unchanged"))

        // A wrong engine in the current run: failed rows, exit 1, listed first.
        #expect(try tinyRun(in: dir, name: "broken", fault: "wrong:set").status == 1)
        let output = dir.appendingPathComponent("summary.md").path
        let broken = try CLI.run(
            ["compare", "tiny", dir.appendingPathComponent("broken").path, "--baselines-dir", baselines, "--format", "md", "--to", output])
        #expect(broken.status == 1)
        #expect(broken.stdout.hasPrefix("FAIL"))
        let summary = try String(contentsOfFile: output, encoding: .utf8)
        #expect(summary.hasPrefix("**❌ FAIL**"))
        // The failing table comes first and names the engine and what failed.
        let firstRow = try #require(
            summary.split(separator: "\n").first { $0.hasPrefix("| ") && !$0.hasPrefix("| row") && !$0.hasPrefix("| verdict") })
        #expect(firstRow.contains("failed") && firstRow.hasPrefix("| set "))
        #expect(summary.contains("make bench-ci-baseline"))
    }

    @Test func mismatchedAndMalformedFilesExitTwo() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try tinyRun(in: dir, name: "base").status == 0)
        let base = dir.appendingPathComponent("base/results.json").path
        func copy(_ name: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: base, toPath: path)
            return path
        }

        // Another schema version.
        let future = try copy("future.json")
        try edit(future) { $0["version"] = 99 }
        let version = try CLI.run(["compare", base, future])
        #expect(version.status == 2)
        #expect(version.stderr.contains("future.json") && version.stderr.contains("schema version 99"))

        // Different workload parameters for the same engine × workload × size.
        let other = try copy("other.json")
        try edit(other) { object in
            var rows = object["rows"] as! [[String: Any]]
            for index in rows.indices where rows[index]["workload"] as? String == "mixed" { rows[index]["parameters"] = "churn=0.9" }
            object["rows"] = rows
        }
        let parameters = try CLI.run(["compare", base, other, "--to", dir.appendingPathComponent("never.md").path])
        #expect(parameters.status == 2)
        #expect(parameters.stderr.contains("other.json") && parameters.stderr.contains("heckel/mixed/60"))
        #expect(parameters.stderr.contains("parameters"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("never.md").path))

        // Another seed.
        let reseeded = try copy("reseeded.json")
        try edit(reseeded) { object in
            object["rows"] = (object["rows"] as! [[String: Any]]).map { row in
                var row = row
                row["seed"] = 2
                return row
            }
        }
        let seed = try CLI.run(["compare", base, reseeded])
        #expect(seed.status == 2 && seed.stderr.contains("seed") && seed.stderr.contains("reseeded.json"))

        // Not JSON at all, and a missing file.
        let garbage = try CLI.write("{\"schema\": \"diffbench.results\", ", to: "garbage.json", in: dir)
        let malformed = try CLI.run(["compare", base, garbage])
        #expect(malformed.status == 2 && malformed.stderr.contains("garbage.json"))
        let missing = try CLI.run(["compare", "nosuchbaseline", base, "--baselines-dir", dir.path])
        #expect(missing.status == 2 && missing.stderr.contains("no baseline named 'nosuchbaseline'"))

        // Bad options.
        #expect(try CLI.run(["compare", base, base, "--threshold", "fast"]).status == 2)
        #expect(try CLI.run(["compare", base, base, "--format", "xml"]).status == 2)
        // An interrupted run is no baseline.
        let partial = try copy("partial.json")
        try edit(partial) { $0["complete"] = false }
        let save = try CLI.run(["baseline", "save", "p", "--from", partial, "--baselines-dir", dir.appendingPathComponent("b").path])
        #expect(save.status == 2 && save.stderr.contains("incomplete"))
    }
}
