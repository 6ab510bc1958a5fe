import Foundation
import Testing

/// `run --workloads FAMILY`: a family name stands for its workloads, in
/// catalog order, and a workload named twice (by itself and through its
/// family) is refused like any repeat.
@Suite(.serialized) struct WorkloadFamilyTests {
    @Test("run --workloads pathological runs the five workloads of the family, every engine verified or skipped with a reason")
    func familyRunsItsWorkloads() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.run(
            ["run", "--workloads", "pathological", "--sizes", "40", "--repetitions", "2", "--min-time", "0", "--time-budget", "1",
             "--no-memory", "--output", dir.path, "--name", "family", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: dir.appendingPathComponent("family/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        var workloads: [String] = []
        for row in rows { if let name = row["workload"] as? String, !workloads.contains(name) { workloads.append(name) } }
        #expect(workloads == ["pathological-disjoint", "pathological-patience", "pathological-identical", "pathological-frequent", "periodic"])
        for row in rows {
            let status = row["status"] as? String
            #expect(status == "ok" || status == "reference" || (status == "skipped" && !((row["reason"] as? String) ?? "").isEmpty), "\(row)")
        }
    }

    @Test("a workload named twice, once through its family, is refused with exit 2")
    func repeatThroughTheFamilyIsRefused() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.run(["run", "--workloads", "pathological,periodic", "--output", dir.path])
        #expect(result.status == 2 && result.stderr.contains("'periodic' is given twice"), "\(result.stderr)")
    }
}
