import DiffEngines
import Foundation
import Testing
import Workloads

@testable import Harness

@Suite(.serialized) struct RunnerTests {
    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-harness-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func tinyPlan(_ output: String, engines: [EngineName] = EngineName.allCases, cases: [RunPlan.Source]? = nil,
                  timeBudget: Double = 3, lcsBudget: Int = DiffOptions.defaultLCSMemoryBudget) -> RunPlan {
        RunPlan(
            engines: engines, cases: cases ?? [.generated(workload: .mixed, size: 200, parameters: [:]),
                                               .generated(workload: .duplicates, size: 100, parameters: [:])],
            minSamples: 3, minTime: 0.001, maxSamples: 5, timeBudget: timeBudget, sampleTargetNanoseconds: 10_000,
            lcsMemoryBudget: lcsBudget, outputDirectory: output + "/run", runName: "run")
    }

    @Test func everyRowCarriesItsRatioToStdlibAndFloor() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outcome = try Runner(plan: tinyPlan(dir)).run { _ in fatalError("no files in this plan") }
        let rows = outcome.document.rows
        #expect(outcome.failedRows.isEmpty)
        for workload in ["mixed", "duplicates"] {
            let caseRows = rows.filter { $0.workload == workload }
            #expect(caseRows.map(\.engine) == ["lcs", "myers", "heckel", "set", "stdlib", "anchor", "floor"])
            let stdlib = try #require(caseRows.first { $0.engine == "stdlib" }?.medianNs)
            let floor = try #require(caseRows.first { $0.engine == "floor" }?.medianNs)
            for row in caseRows where row.medianNs != nil {
                #expect(abs(row.ratioToStdlib! - row.medianNs! / stdlib) < 1e-12)
                #expect(abs(row.ratioToFloor! - row.medianNs! / floor) < 1e-12)
                #expect(row.samples >= 3)
                #expect(row.minNs! <= row.medianNs! && row.medianNs! <= row.p90Ns! && row.p90Ns! <= row.maxNs!)
            }
        }
        // Set needs unique ids: skipped on duplicates, with the engine's reason.
        let setOnDuplicates = try #require(rows.first { $0.engine == "set" && $0.workload == "duplicates" })
        #expect(setOnDuplicates.status == .skipped)
        #expect(setOnDuplicates.reason.contains("duplicate id"))
        // Quality: mixed has unique ids, so the minimum moves are known and set reaches them.
        let setOnMixed = try #require(rows.first { $0.engine == "set" && $0.workload == "mixed" })
        #expect(setOnMixed.moves == setOnMixed.minMoves)
        let myersOnMixed = try #require(rows.first { $0.engine == "myers" && $0.workload == "mixed" })
        #expect(myersOnMixed.verified && myersOnMixed.status == .ok)
    }

    @Test func aFailedBatchCheckFailsTheRow() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = tinyPlan(dir, engines: [.heckel, .set], cases: [.generated(workload: .feed, size: 50, parameters: [:])])
        let outcome = try Runner(plan: plan, batchCheck: { engine, dataset, changeset in
            engine == .heckel ? "refused \(changeset.stepCount) steps on \(dataset.workload)" : nil
        }).run { _ in fatalError() }
        let heckel = try #require(outcome.document.rows.first { $0.engine == "heckel" })
        #expect(heckel.status == .failed && heckel.batchVerified == false && heckel.verified)
        #expect(heckel.reason.hasPrefix("batch update: refused") && heckel.reason.hasSuffix("on feed"))
        #expect(outcome.failedRows.map(\.engine) == ["heckel"])
        let set = try #require(outcome.document.rows.first { $0.engine == "set" })
        #expect(set.status == .ok && set.batchVerified == true)
    }

    @Test func budgetsBecomeSkippedRowsWithReasons() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = tinyPlan(
            dir, engines: [.lcs, .heckel], cases: [.generated(workload: .shuffled, size: 2_000, parameters: [:])],
            lcsBudget: 1 << 20)
        let rows = try Runner(plan: plan).run { _ in fatalError() }.document.rows
        let lcs = try #require(rows.first { $0.engine == "lcs" })
        #expect(lcs.status == .skipped)
        #expect(lcs.reason.contains("memory budget"))
        #expect(lcs.medianNs == nil)
        #expect(rows.first { $0.engine == "heckel" }?.status == .ok)

        let slow = tinyPlan(
            dir, engines: [.stdlib, .heckel], cases: [.generated(workload: .shuffled, size: 2_000, parameters: [:])],
            timeBudget: 0.000_001)
        let stdlib = try #require(try Runner(plan: slow).run { _ in fatalError() }.document.rows.first { $0.engine == "stdlib" })
        #expect(stdlib.status == .skipped)
        #expect(stdlib.reason.contains("case budget"))
    }

    @Test func lcsPeakHeapCoversItsTable() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = tinyPlan(dir, engines: [.lcs, .heckel], cases: [.generated(workload: .shuffled, size: 500, parameters: [:])])
        let rows = try Runner(plan: plan).run { _ in fatalError() }.document.rows
        let lcs = try #require(rows.first { $0.engine == "lcs" })
        // A full shuffle has no common prefix or suffix worth speaking of: at most a few trimmed.
        let n = lcs.sizeOld, m = lcs.sizeNew
        #expect(try #require(lcs.peakHeapBytes) >= (n - 2 + 1) * (m - 2 + 1) * 2)
        #expect(try #require(lcs.allocations) > 0)
        let heckel = try #require(rows.first { $0.engine == "heckel" })
        #expect(try #require(heckel.peakHeapBytes) < lcs.peakHeapBytes! / 10)
    }

    @Test func filesRoundTripAndStayWhole() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outcome = try Runner(plan: tinyPlan(dir, engines: [.heckel, .stdlib])).run { _ in fatalError() }
        let read = try ResultsStore.read(dir + "/run")
        #expect(read == outcome.document)
        #expect(read.complete)
        let csv = try String(contentsOfFile: dir + "/run/results.csv", encoding: .utf8)
        let lines = csv.split(separator: "\n")
        #expect(lines.first.map(String.init) == ResultRow.csvColumns.joined(separator: ","))
        #expect(lines.count == outcome.document.rows.count + 1)
        for column in ["engine", "workload", "size_old", "size_new", "seed", "status", "reason", "samples", "median_ns",
                       "min_ns", "p90_ns", "max_ns", "spread_ns", "ratio_to_stdlib", "peak_heap_bytes", "allocations",
                       "inserts", "deletes", "moves", "updates", "min_moves", "verified"] {
            #expect(ResultRow.csvColumns.contains(column), "\(column)")
        }
        for line in lines.dropFirst() {
            #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == ResultRow.csvColumns.count)
        }
        // No temporary files are left behind, and latest points at the run.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/run")
        #expect(Set(names) == ["results.csv", "results.json"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/latest") == "run")
    }

    @Test func refusesOtherSchemasAndVersions() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [(String, String)] = [
            (#"{"schema": "something.else", "version": 1}"#, "schema is \"something.else\""),
            (#"{"schema": "diffbench.results", "version": 99}"#, "schema version 99 is not supported"),
            (#"{"schema": "diffbench.results", "version": 1, "rows": []}"#, "missing field"),
            ("{not json", "not a results file"),
        ]
        for (index, (text, message)) in cases.enumerated() {
            let path = dir + "/r\(index).json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect {
                try ResultsStore.read(path)
            } throws: { error in
                (error as? ResultsFileError)?.description.contains(message) == true
            }
        }
    }

    @Test func atomicWriteReplacesWholeFiles() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/file.txt"
        try ResultsStore.writeAtomically("first", to: path)
        try ResultsStore.writeAtomically("second, longer text", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second, longer text")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["file.txt"])
        #expect(throws: ResultsFileError.self) { try ResultsStore.writeAtomically("x", to: dir + "/missing/file.txt") }
    }
}
