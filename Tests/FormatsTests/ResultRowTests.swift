import DiffBenchTestSupport
import Foundation
import Testing

import Formats

@Suite struct ResultRowTests {
    @Test("CSV columns are exactly the JSON keys, in declaration order; a line has one field per column")
    func csvColumnsMatchTheJSONKeys() throws {
        #expect(ResultRow.csvColumns == ResultRow.CodingKeys.allCases.map(\.rawValue))
        var row = ResultRow(engine: "e", workload: "w", size: 3, sizeOld: 3, sizeNew: 4, seed: 9, parameters: "k=v")
        // Every field a different value, so a column filled from another field shows.
        row.elements = "uuid"
        row.status = .ok
        row.reason = "r"
        row.samples = 18
        (row.medianNs, row.minNs, row.p90Ns, row.maxNs, row.spreadNs) = (12.5, 1, 2, 3, 4)
        (row.ratioToStdlib, row.ratioToFloor) = (5.5, 6.5)
        (row.peakHeapBytes, row.allocations) = (7, 8)
        (row.inserts, row.deletes, row.moves, row.updates, row.steps) = (9, 10, 11, 12, 13)
        (row.minMoves, row.minEdits, row.trimmedOld, row.trimmedNew) = (14, 15, 16, 17)
        row.verified = true
        row.batchVerified = false
        #expect(row.csvFields.count == ResultRow.csvColumns.count)
        // Each CSV field holds the value the JSON holds under the same key.
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(row)) as! [String: Any]
        for (name, field) in zip(ResultRow.csvColumns, row.csvFields) {
            switch json[name] {
            case nil: #expect(field.isEmpty, "\(name)")
            case let text as String: #expect(field == text, "\(name)")
            case let number as NSNumber where field == "true" || field == "false":
                #expect(number.boolValue == (field == "true"), "\(name)")
            case let number as NSNumber: #expect(Double(field) == number.doubleValue, "\(name)")
            default: Issue.record("\(name): unexpected JSON value")
            }
        }
    }
}

@Suite struct RunDocumentVersionTests {
    @Test("version 1 files (no elements, no engines record) are still read, as integer-id rows")
    func versionOneIsRead() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let row = ResultRow(engine: "heckel", workload: "mixed", size: 10, sizeOld: 10, sizeNew: 10, seed: 1, parameters: "")
        let environment = RunEnvironment(
            swiftVersion: "6.3", os: "Linux", cpu: "cpu", cores: 2, memoryBytes: 1, buildConfiguration: "release",
            gitCommit: "abc", seed: 1, startTime: "2026-01-01T00:00:00Z", runName: "old")
        let plan = PlanSummary(
            engines: ["heckel"], workloads: ["mixed"], sizes: [10], extraCases: [], minSamples: 1, minTimeSeconds: 0,
            timeBudgetSeconds: 1, lcsMemoryBudgetBytes: 1)
        let document = RunDocument(environment: environment, plan: plan, complete: true, rows: [row])
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as! [String: Any]
        json["version"] = 1
        var rows = json["rows"] as! [[String: Any]]
        rows[0].removeValue(forKey: "elements")
        json["rows"] = rows
        let path = scratch.appendingPathComponent("results.json").path
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        let read = try ResultsStore.read(path)
        #expect(read.version == 1 && read.engines == nil)
        #expect(read.rows.first?.elementKind == "int" && read.rows.first?.parametersAndKind == "")
        json["version"] = 0
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileError.self) { try ResultsStore.read(path) }
    }
}
