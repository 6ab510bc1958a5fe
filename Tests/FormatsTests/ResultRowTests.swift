import DiffBenchTestSupport
import Foundation
import Testing

import FileSupport
import RunResults

@Suite struct ResultRowTests {
    @Test("CSV columns are exactly the JSON keys, in declaration order; a line has one field per column")
    func csvColumnsMatchTheJSONKeys() throws {
        #expect(ResultRow.csvColumns == ResultRow.CodingKeys.allCases.map(\.rawValue))
        var row = ResultRow(engine: "e", workload: "w", size: 3, sizeOld: 3, sizeNew: 4, seed: 9, parameters: "k=v")
        // Every field a different value, so a column filled from another field shows.
        row.elements = "uuid"
        row.status = .ok
        row.reason = "r"
        (row.reasonCode, row.predictedSeconds) = (.overTimeBudget, 19.5)
        row.samples = 18
        (row.medianNs, row.minNs, row.p90Ns, row.maxNs, row.spreadNs) = (12.5, 1, 2, 3, 4)
        (row.ratioToStdlib, row.ratioToFloor) = (5.5, 6.5)
        (row.peakHeapBytes, row.allocations) = (7, 8)
        (row.inserts, row.deletes, row.moves, row.updates, row.steps) = (9, 10, 11, 12, 13)
        (row.minMoves, row.minEdits, row.trimmedOld, row.trimmedNew) = (14, 15, 16, 17)
        row.verified = true
        row.batchVerified = false
        (row.approximate, row.gitHunksEqual) = (false, true)
        #expect(try JSONDecoder().decode(ResultRow.self, from: JSONEncoder().encode(row)) == row)
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
    static let environment = RunEnvironment(
        swiftVersion: "6.3", os: "Linux", cpu: "cpu", cores: 2, memoryBytes: 1, buildConfiguration: "release",
        gitCommit: "abc", seed: 1, startTime: "2026-01-01T00:00:00Z", runName: "old")
    static let plan = PlanSummary(
        engines: ["heckel"], workloads: ["mixed"], sizes: [10], extraCases: [], minSamples: 1, minTimeSeconds: 0,
        timeBudgetSeconds: 1, lcsMemoryBudgetBytes: 1)

    /// `document` as a file of results schema `version`, with `reason_code` and `predicted_seconds` left out.
    static func write(_ document: RunDocument, version: Int, to path: String) throws {
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as! [String: Any]
        json["version"] = version
        json["rows"] = (json["rows"] as! [[String: Any]]).map { row in
            row.filter { $0.key != "reason_code" && $0.key != "predicted_seconds" }
        }
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
    }

    @Test(
        "a version 2 file's skipped and failed rows get the typed reason their status and words stand for",
        arguments: [
            (ResultRow.Status.skipped, "predicted 40.0 s for one call (D = 20), over the 5.0 s case budget (--time-budget)", ResultRow.ReasonCode.overTimeBudget),
            (.skipped, "lcs: the table needs 3 cells (6 bytes), over the memory budget of 1 bytes", .overMemoryBudget),
            (.skipped, "set needs unique ids: id 4 repeats in the old list at 1 and 3", .needsUniqueIDs),
            (.failed, "batch update: a move into an inserted section", .failedBatchCheck),
            (.failed, "verification: apply gives a different list at 3", .failedVerification),
            (.failed, "answer changed on call 3 of 5", .answerChanged),
            (.crashed, "killed by SIGILL", .crashed),
            (.timedOut, "killed after the case's limit", .timedOut),
            (.outOfMemory, "ran out of the case's 1 GiB", .outOfMemory),
        ])
    func versionTwoRowsGetTheirTypedReason(status: ResultRow.Status, reason: String, code: ResultRow.ReasonCode) throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var row = ResultRow(engine: "heckel", workload: "mixed", size: 10, sizeOld: 10, sizeNew: 10, seed: 1, parameters: "")
        row.elements = "int"
        (row.status, row.reason) = (status, reason)
        let path = scratch.appendingPathComponent("results.json").path
        try Self.write(RunDocument(environment: Self.environment, plan: Self.plan, complete: true, rows: [row]), version: 2, to: path)
        let read = try ResultsStore.read(path)
        #expect(read.version == 2)
        #expect(read.rows.first?.reasonCode == code)
    }

    @Test("a current file's rows keep the typed reason they recorded; a reason that belongs to another status is refused")
    func currentRowsKeepTheirTypedReason() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var row = ResultRow(engine: "heckel", workload: "mixed", size: 10, sizeOld: 10, sizeNew: 10, seed: 1, parameters: "")
        // Words that would read as another reason: the recorded code wins.
        row.refuse(.needsUniqueIDs, "over the memory budget, they say")
        let path = scratch.appendingPathComponent("results.json").path
        let document = RunDocument(environment: Self.environment, plan: Self.plan, complete: true, rows: [row])
        try Data(ResultsStore.json(document).utf8).write(to: URL(fileURLWithPath: path))
        #expect(try ResultsStore.read(path).rows.first?.reasonCode == .needsUniqueIDs)
        var lying = document
        lying.rows[0].reasonCode = .crashed
        try Data(ResultsStore.json(lying).utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileError.self) { try ResultsStore.read(path) }
        lying.rows[0].reasonCode = .needsUniqueIDs
        lying.rows[0].predictedSeconds = -3
        try Data(ResultsStore.json(lying).utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileError.self) { try ResultsStore.read(path) }
    }

    /// Issue 37: the notes on how a row was measured belong to measured rows only.
    @Test(arguments: [ResultRow.ReasonCode.lingeringThreads, .crashNotReproduced])
    func aNoteFitsAMeasuredRowOnly(note: ResultRow.ReasonCode) {
        var row = ResultRow(engine: "heckel", workload: "mixed", size: 10, sizeOld: 10, sizeNew: 10, seed: 1, parameters: "")
        row.verified = true
        row.status = .ok
        (row.samples, row.medianNs) = (3, 100)
        row.note(note, "why")
        #expect(row.reasonCode == note && row.reason == "why")
        #expect(row.inconsistency == nil, "\(row.inconsistency ?? "")")
        // `reference` is the floor's status.
        (row.engine, row.verified) = ("floor", false)
        row.status = .reference
        #expect(row.inconsistency == nil, "\(row.inconsistency ?? "")")
        row.engine = "heckel"
        for status in [ResultRow.Status.crashed, .failed, .skipped, .timedOut, .outOfMemory] {
            row.status = status
            #expect(row.inconsistency?.contains("reason_code is \(note.rawValue)") == true, "\(status)")
        }
        // A refused row takes no note.
        var refused = ResultRow(engine: "heckel", workload: "mixed", size: 10, sizeOld: 10, sizeNew: 10, seed: 1, parameters: "")
        refused.refuse(.crashed, "killed")
        refused.note(note, "why")
        #expect(refused.reasonCode == .crashed && refused.reason == "killed")
    }

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

    /// Issue 38: a plan or row field an older file leaves out is read as
    /// what that file's run did, by the one reader (quick and Foundation
    /// alike), so no consumer sees it missing.
    @Test(
        "an older file's missing plan and row fields are read as what its run did",
        arguments: [
            // (version, the rows' kinds or nil for none recorded, a row counted instructions, plan kinds read)
            (1, nil, true, ["int"]),
            (1, nil, false, ["int"]),
            (2, ["uuid", "int", "uuid"], false, ["uuid", "int"]),
            (3, ["record"], true, ["record"]),
        ] as [(Int, [String]?, Bool, [String])])
    func olderFilesAreUpgradedWhenRead(version: Int, kinds: [String]?, counted: Bool, planKinds: [String]) throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let rows = (kinds ?? ["int"]).enumerated().map { index, kind in
            var row = ResultRow(engine: "heckel", workload: "mixed", size: 10, sizeOld: 10, sizeNew: 10, seed: 1, parameters: "alphabet=\(index + 2)")
            row.elements = ElementKind(kind)
            (row.status, row.verified, row.samples, row.medianNs) = (.ok, true, 3, 100)
            if counted && index == 0 { row.instructions = 5_000 }
            return row
        }
        let document = RunDocument(environment: Self.environment, plan: Self.plan, complete: true, rows: rows)
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as! [String: Any]
        json["version"] = version
        var plan = json["plan"] as! [String: Any]
        for key in ["elements", "instructions", "sliders"] { plan.removeValue(forKey: key) }
        json["plan"] = plan
        if kinds == nil {
            json["rows"] = (json["rows"] as! [[String: Any]]).map { $0.filter { $0.key != "elements" } }
        }
        let path = scratch.appendingPathComponent("results.json").path
        let data = try JSONSerialization.data(withJSONObject: json)
        try data.write(to: URL(fileURLWithPath: path))
        let quick = try ResultsStore.read(path)
        let foundation = try JSONDecoder().decode(RunDocument.self, from: data)
        for read in [quick, foundation] {
            #expect(read.version == version)
            #expect(read.plan.elements.map(\.rawValue) == planKinds)
            #expect(read.plan.instructions == counted)
            #expect(read.plan.sliders == "none")
            #expect(read.rows.map(\.elements.rawValue) == kinds ?? ["int"])
        }
    }

    @Test("a current file's plan fields are read as written, not from the rows")
    func currentPlanFieldsAreKept() throws {
        var row = ResultRow(engine: "heckel", workload: "mixed", size: 10, sizeOld: 10, sizeNew: 10, seed: 1, parameters: "")
        (row.status, row.verified, row.samples, row.medianNs) = (.ok, true, 3, 100)
        var plan = Self.plan
        (plan.elements, plan.instructions, plan.sliders) = (["int", "uuid"], true, "indent")
        let document = RunDocument(environment: Self.environment, plan: plan, complete: false, rows: [row])
        let read = try JSONDecoder().decode(RunDocument.self, from: Data(ResultsStore.json(document).utf8))
        #expect(read == document)
    }
}
