import Foundation
import Testing

@Suite(.serialized) struct RunCommandTests {
    func runTiny(_ dir: URL, name: String, environment extra: [String: String] = [:]) throws -> CLIResult {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        return try CLI.run(
            ["run", "--engines", "heckel,set,stdlib", "--workloads", "mixed,feed", "--sizes", "60", "--repetitions", "2",
             "--min-time", "0", "--time-budget", "1", "--output", dir.path, "--name", name, "--datasets-dir",
             dir.appendingPathComponent("datasets").path, "--quiet"],
            environment: environment)
    }

    @Test func tinyPlanEndToEnd() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runTiny(dir, name: "tiny")
        #expect(result.status == 0, "\(result.stderr)")
        let csv = try String(contentsOf: dir.appendingPathComponent("tiny/results.csv"), encoding: .utf8)
        let lines = csv.split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        let status = try #require(header.firstIndex(of: "status"))
        let engine = try #require(header.firstIndex(of: "engine"))
        // 2 workloads × (3 engines + floor)
        #expect(lines.count == 1 + 2 * 4)
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(fields[status] == (fields[engine] == "floor" ? "reference" : "ok"), "\(line)")
        }
        // Datasets are saved, and latest points at the run.
        let saved = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("datasets").path)
        #expect(Set(saved) == ["mixed-60-seed1.json", "feed-60-seed1.json"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("latest").path) == "tiny")
        #expect(result.stdout.contains("heckel"))
    }

    /// Peak heap and allocation counts are a property of the engine and the
    /// input: two processes with different heap histories (here the run name
    /// and an environment variable, which change what the process allocated
    /// before the pass) give the same figures. Without the exact-size shim
    /// two to four of these six engine rows differed by 100–400 bytes.
    @Test func memoryFiguresRepeatAcrossProcesses() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func figures(_ name: String, _ extra: [String: String]) throws -> [String: String] {
            var environment = ProcessInfo.processInfo.environment
            for (key, value) in extra { environment[key] = value }
            let result = try CLI.run(
                ["run", "--engines", "myers,heckel,set", "--workloads", "feed", "--sizes", "1000,3000", "--seed", "3",
                 "--repetitions", "2", "--min-time", "0", "--time-budget", "2", "--output", dir.path, "--name", name,
                 "--datasets-dir", "", "--quiet"],
                environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let csv = try String(contentsOf: dir.appendingPathComponent("\(name)/results.csv"), encoding: .utf8)
            let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let header = lines[0]
            let engine = try #require(header.firstIndex(of: "engine")), workload = try #require(header.firstIndex(of: "workload"))
            let size = try #require(header.firstIndex(of: "size")), peak = try #require(header.firstIndex(of: "peak_heap_bytes"))
            let allocations = try #require(header.firstIndex(of: "allocations"))
            var figures: [String: String] = [:]
            for fields in lines.dropFirst() {
                figures["\(fields[engine]) \(fields[workload])@\(fields[size])"] = fields[peak] + " B, " + fields[allocations] + " allocations"
            }
            return figures
        }
        let first = try figures("a", [:])
        let second = try figures(String(repeating: "b", count: 90), ["DIFFBENCH_PADDING": String(repeating: "x", count: 5_000)])
        #expect(first.count == 2 * 4)
        #expect(first.values.allSatisfy { !$0.hasPrefix(" B") && !$0.hasPrefix("0 B") })
        for (row, figure) in first { #expect(second[row] == figure, "\(row)") }
    }

    @Test func aWrongEngineIsAFailedRowAndExitOne() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runTiny(dir, name: "broken", environment: ["DIFFBENCH_TEST_FAULT": "wrong:heckel"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("failed verification"))
        let json = try Data(contentsOf: dir.appendingPathComponent("broken/results.json"))
        let document = try JSONSerialization.jsonObject(with: json) as! [String: Any]
        let rows = document["rows"] as! [[String: Any]]
        let heckelRows = rows.filter { $0["engine"] as? String == "heckel" }
        #expect(heckelRows.count == 2)
        for row in heckelRows {
            #expect(row["status"] as? String == "failed")
            #expect((row["reason"] as? String)?.hasPrefix("verification: ") == true)
            #expect(row["verified"] as? Bool == false)
        }
        #expect(rows.filter { $0["engine"] as? String == "set" }.allSatisfy { $0["status"] as? String == "ok" })
    }

    @Test func badOptionsExitTwo() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let unknown = try CLI.run(["run", "--engines", "heckel,nope", "--output", dir.path])
        #expect(unknown.status == 2 && unknown.stderr.contains("--engines") && unknown.stderr.contains("unknown engine 'nope'"))
        let badWorkload = try CLI.run(["run", "--workloads", "zigzag", "--output", dir.path])
        #expect(badWorkload.status == 2 && badWorkload.stderr.contains("'zigzag'"))
        let badFile = try CLI.write("{\"schema\": 3", to: "bad.json", in: dir)
        let file = try CLI.run(["run", "--dataset", badFile, "--output", dir.path])
        #expect(file.status == 2 && file.stderr.contains("bad.json:1:"))
        let memo = try CLI.run(["run", "--memo", "feed@9223372036854775807", "--output", dir.path])
        #expect(memo.status == 2 && memo.stderr.contains("--memo: size 9223372036854775807 is over the largest"), "\(memo.stderr)")
        // Nothing was written for the refused runs.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bad.json"])
    }
}

@Suite(.serialized) struct RunDatasetStringIDTests {
    static let dataset = """
        {"schema": "diffbench.dataset", "version": 1, "workload": "mine", "kind": "identified",
         "old": [{"id": "post-a", "content": 1}, {"id": "post-b", "content": 2}, {"id": "post-c", "content": 3}, {"id": "post-d", "content": 4}],
         "new": [{"id": "post-c", "content": 3}, {"id": "post-a", "content": 9}, {"id": "post-e", "content": 5}, {"id": "post-b", "content": 2}]}
        """

    @Test("run --dataset times a dataset with string ids under every element kind, with verified rows")
    func stringIDDataset() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try CLI.write(Self.dataset, to: "own.json", in: dir)
        let result = try CLI.run(
            ["run", "--dataset", path, "--elements", "int,uuid,record", "--engines", "heckel,set,myers,stdlib", "--repetitions", "2",
             "--min-time", "0", "--time-budget", "1", "--no-memory", "--output", dir.path, "--name", "own", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Data(contentsOf: dir.appendingPathComponent("own/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.count == 3 * 5)
        for row in rows where row["engine"] as? String != "floor" {
            #expect(row["status"] as? String == "ok", "\(row)")
            #expect(row["verified"] as? Bool == true, "\(row)")
            // post-d deleted, post-e inserted, post-a updated, in every kind alike.
            #expect(row["updates"] as? Int == 1, "\(row)")
        }
        #expect(Set(rows.compactMap { $0["elements"] as? String }) == ["int", "uuid", "record"])
    }

    @Test("the progress line shows a dataset path with control characters escaped")
    func progressEscapesThePath() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try CLI.write(Self.dataset, to: "x\u{1B}[2J\u{1B}]0;title\u{07}\ny.json", in: dir)
        let result = try CLI.run(
            ["run", "--dataset", path, "--engines", "heckel", "--repetitions", "1", "--min-time", "0", "--time-budget", "1",
             "--no-memory", "--output", dir.path, "--name", "esc"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(#"x\u001b[2J\u001b]0;title\u0007\ny.json"#), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"), "\(result.stderr)")
        // A refused file of that name is named escaped too.
        let bad = try CLI.write("[1, 2]", to: "b\u{1B}[31m.json", in: dir)
        let refused = try CLI.run(["run", "--dataset", bad, "--output", dir.path, "--name", "bad"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(#"b\u001b[31m.json"#) && !refused.stderr.contains("\u{1B}"), "\(refused.stderr)")
    }
}
