import DiffEngines
import Foundation
import Testing
import Workloads

@testable import Harness
import InputFiles
import RunResults

@Suite(.serialized) struct RunnerTests {
    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-harness-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func tinyPlan(_ output: String, engines: [EngineName] = EngineName.builtIns, cases: [RunPlan.Source]? = nil,
                  timeBudget: Double = 3, lcsBudget: Int = DiffOptions.defaultLCSMemoryBudget) -> RunPlan {
        RunPlan(
            engines: engines, cases: cases ?? [.generated(workload: .mixed, size: 200, parameters: [:]),
                                               .generated(workload: .duplicates, size: 100, parameters: [:])],
            minSamples: 3, minTime: 0.001, maxSamples: 5, timeBudget: timeBudget, sampleTargetNanoseconds: 10_000,
            lcsMemoryBudget: lcsBudget, outputDirectory: output + "/run", runName: "run")
    }

    /// A runner of `plan` with a fixed cost model (``CostModelTests/model()``)
    /// in place of the calibration at the start of the run, for a test that
    /// reads no prediction: the calibration calls every engine that is not
    /// linear several times in each element kind, most of such a test's
    /// time in a debug build. At these sizes and a budget of seconds the
    /// fixed rates skip nothing, as a calibrated model would not.
    static func uncalibrated(_ plan: RunPlan) -> Runner {
        var runner = Runner(plan: plan)
        runner.costModel = CostModelTests.model()
        return runner
    }

    @Test func everyRowCarriesItsRatioToStdlibAndFloor() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outcome = try Self.uncalibrated(tinyPlan(dir)).run { _ in fatalError("no files in this plan") }
        let rows = outcome.document.rows
        #expect(outcome.failedRows.isEmpty)
        for workload: WorkloadName in [.mixed, .duplicates] {
            let caseRows = rows.filter { $0.workload == workload }
            #expect(caseRows.map(\.engine) == EngineName.builtIns.map(Subject.engine) + [.floor])
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

    /// Right on the datasets' items (it is heckel there), wrong on any other
    /// element type: the sectioned batch check, which diffs section ids and
    /// marked rows with the same engine, must catch it.
    struct WrongOnSections: DiffEngine {
        static let name: EngineName = "wrong-on-sections"
        func diff<I: ElementIdentity>(
            from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
        ) throws(DiffError) -> Changeset {
            if I.Element.self == FeedItem.self {
                return try HeckelEngine().diff(from: old, to: new, identity: identity, options: options)
            }
            return Changeset(deletes: Array(old.indices), inserts: [], moves: [], updates: [])
        }
    }

    @Test func theRunnerChecksSectionedBatchesItself() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let registry = EngineRegistry.builtIns.adding(
            EngineDescriptor(WrongOnSections(), summary: "test engine", colour: "#123456", symbol: 7))
        var plan = tinyPlan(
            dir, engines: [.heckel, .set, "wrong-on-sections"],
            cases: [.generated(workload: .sectioned, size: 60, parameters: [:])])
        plan.registry = registry
        let outcome = try Runner(plan: plan).run { _ in fatalError() }
        let wrong = try #require(outcome.document.rows.first { $0.engine == "wrong-on-sections" })
        #expect(wrong.verified, "the flat changeset is right")
        #expect(wrong.status == .failed && wrong.batchVerified == false)
        #expect(wrong.reason.hasPrefix("batch update: sections: "), "\(wrong.reason)")
        #expect(outcome.failedRows.map(\.engine) == ["wrong-on-sections"])
        for name: Subject in ["heckel", "set"] {
            let row = try #require(outcome.document.rows.first { $0.engine == name })
            #expect(row.status == .ok && row.batchVerified == true, "\(name): \(row.reason)")
        }
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
        // lcs over its memory budget could not be calibrated either: no prediction to record.
        #expect(lcs.reasonCode == .overMemoryBudget && lcs.predictedSeconds == nil)
        #expect(lcs.medianNs == nil)
        #expect(rows.first { $0.engine == "heckel" }?.status == .ok)

        let slow = tinyPlan(
            dir, engines: [.stdlib, .heckel], cases: [.generated(workload: .shuffled, size: 2_000, parameters: [:])],
            timeBudget: 0.000_001)
        let stdlib = try #require(try Runner(plan: slow).run { _ in fatalError() }.document.rows.first { $0.engine == "stdlib" })
        #expect(stdlib.status == .skipped)
        #expect(stdlib.reason.contains("case budget"))
        #expect(stdlib.reasonCode == .overTimeBudget)
        #expect(try #require(stdlib.predictedSeconds) > 0.000_001)
    }

    @Test("every row of an engine that is not linear records its prediction; linear engines and the floor none")
    func predictionOnEveryRow() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = tinyPlan(dir, engines: [.myers, .heckel], cases: [.generated(workload: .shuffled, size: 300, parameters: [:])])
        let rows = try Runner(plan: plan).run { _ in fatalError() }.document.rows
        let myers = try #require(rows.first { $0.engine == "myers" })
        #expect(myers.status == .ok)
        #expect(try #require(myers.predictedSeconds) > 0)
        #expect(rows.first { $0.engine == "heckel" }?.predictedSeconds == nil)
        #expect(rows.first { $0.engine == "floor" }?.predictedSeconds == nil)
        #expect(myers.inconsistency == nil)
    }

    @Test("an engine that honours bounds is skipped over the budget only after a probe call cut off at the budget")
    func probeBeforeSkipping() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A microsecond budget: myers (bounded) is probed and cannot finish; stdlib (unbounded) is skipped on the prediction.
        let plan = tinyPlan(
            // hand-picked: one engine of each kind the rule tells apart.
            dir, engines: [.myers, .stdlib, .heckel], cases: [.generated(workload: .shuffled, size: 2_000, parameters: [:])],
            timeBudget: 0.000_001)
        let rows = try Runner(plan: plan).run { _ in fatalError() }.document.rows
        let myers = try #require(rows.first { $0.engine == "myers" })
        #expect(myers.status == .skipped && myers.reasonCode == .overTimeBudget)
        #expect(myers.reason.contains("a probe call cut off at the budget did not finish"), "\(myers.reason)")
        let stdlib = try #require(rows.first { $0.engine == "stdlib" })
        #expect(stdlib.status == .skipped && !stdlib.reason.contains("probe"))
    }

    @Test("a prediction far over the budget does not skip a bounded engine whose probe call finishes within it")
    func probeRescuesAWrongPrediction() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = tinyPlan(dir, engines: [.myers, .stdlib], cases: [.generated(workload: .shuffled, size: 300, parameters: [:])])
        let dataset = try WorkloadName.shuffled.make(size: 300, seed: 1)
        // A cost model a million times too pessimistic: both engines predicted far over the 3 s budget.
        let wrong = CostModel(
            nanosecondsPerUnit: [.myers: 1e6, .stdlib: 1e6],
            units: [.myers: .trimmedDifferencesSquared, .stdlib: .differencesSquared], searchNanosecondsPerUnit: 1e6)
        let rows = CaseRun(runner: Runner(plan: plan), dataset: dataset, kind: .int, cost: wrong).rows()
        let myers = try #require(rows.first { $0.engine == "myers" })
        #expect(try #require(myers.predictedSeconds) > plan.timeBudget)
        #expect(myers.status == .ok, "\(myers.reason)")
        // stdlib does not honour bounds: the prediction alone skips it.
        #expect(rows.first { $0.engine == "stdlib" }?.status == .skipped)
    }

    @Test func lcsPeakHeapCoversItsTable() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = tinyPlan(dir, engines: [.lcs, .heckel], cases: [.generated(workload: .shuffled, size: 500, parameters: [:])])
        let rows = try Self.uncalibrated(plan).run { _ in fatalError() }.document.rows
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
            (#"{"schema": "diffbench.results", "version": 99}"#, "schema version 99: written by a newer diffbench"),
            (#"{"schema": "diffbench.results", "version": 3.5}"#, "schema version 3.5: written by a newer diffbench"),
            (#"{"schema": "diffbench.results", "version": 3.0}"#, "schema version 3.0 is not written as an integer"),
            (#"{"schema": "diffbench.results", "version": "3"}"#, "schema version is a string \"3\", not an integer"),
            (#"{"schema": "diffbench.results", "version": 0}"#, "schema version 0 is older than any version diffbench wrote"),
            (#"{"schema": "diffbench.results"}"#, "schema version missing"),
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

@Suite struct ElementKindRunTests {
    @Test("every engine runs, verifies and batch-checks in every element kind; ratios stay within a kind", .timeLimit(.minutes(10)))
    func everyKind() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-kinds-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = RunPlan(
            cases: [.generated(workload: .mixed, size: 200, parameters: [:]), .generated(workload: .text, size: 200, parameters: [:])],
            elementKinds: [.int, .uuid, .record], minSamples: 2, minTime: 0.001, maxSamples: 3, timeBudget: 3,
            sampleTargetNanoseconds: 10_000, measureMemory: false, outputDirectory: dir + "/run", runName: "run")
        let rows = try RunnerTests.uncalibrated(plan).run { _ in fatalError() }.document.rows
        for kind in ElementKind.allCases {
            for workload: WorkloadName in [.mixed, .text] {
                let mine = rows.filter { $0.elements == kind && $0.workload == workload }
                #expect(mine.count == EngineRegistry.builtIns.descriptors.count + 1, "\(kind) \(workload)")
                for row in mine where row.engine != "floor" && !(row.engine == "set" && workload == "text") {
                    #expect(row.status == .ok && row.verified && row.batchVerified == true, "\(row.key): \(row.reason)")
                }
                #expect(mine.first { $0.engine == "stdlib" }?.ratioToStdlib == 1)
            }
        }
        // The same engine gives the same changeset counts in every kind (the projection is one to one).
        for row in rows where row.elements != "int" {
            let int = rows.first { $0.engine == row.engine && $0.workload == row.workload && $0.elements == "int" }
            #expect(int?.steps == row.steps && int?.updates == row.updates, "\(row.key)")
        }
    }
}
