import DiffBenchKit
import Foundation
import Testing

/// Issue 37, round two: an engine that forges its worker's report, or
/// whose forked child crashes the worker during another engine's calls,
/// or whose approximate answers change between calls, costs only its own
/// row. Each test runs the built `diffbench` once on WorkerTrustTests'
/// small plan (heckel and set on mixed@200 as int) with heckel made faulty
/// through `DIFFBENCH_TEST_FAULT`.
@Suite(.serialized) struct MeasurementTrustTests {
    /// A report of rows written on the worker's channel by the engine (it
    /// claims 1 ns, then the process exits 0) is not the worker's: it
    /// carries no id of the job, so nothing of it is kept and the engine
    /// it came during is `crashed`, named as the forger; set is measured.
    @Test(.timeLimit(.minutes(10)))
    func aForgedReportGivesNoRows() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (result, document) = try WorkerTrustTests.run(fault: "forge:heckel", marker: UUID().uuidString, in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(WorkerTrustTests.summary(document) == ["heckel crashed", "set ok", "floor reference"], "\(result.stderr)")
        let heckel = try #require(document.rows.first { $0.engine == "heckel" })
        #expect(heckel.medianNs == nil && heckel.reason.contains("a report not the worker's"), "\(heckel.reason)")
    }

    /// heckel forks a child that crashes the worker while set is being
    /// called. Every subject then runs alone: heckel's lone run crashes
    /// (its child fires 300 ms in), set's does not. heckel is `crashed`,
    /// set keeps its measured row, noted with the engine that crashed alone.
    @Test(.timeLimit(.minutes(10)))
    func aCrashInAnotherEnginesCallsIsChargedToTheEngineThatCrashesAlone() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (result, document) = try WorkerTrustTests.run(
            fault: "kill-during:heckel:set", marker: UUID().uuidString, ["--min-time", "0.5"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(WorkerTrustTests.summary(document) == ["heckel crashed", "set ok", "floor reference"], "\(result.stderr)")
        let heckel = try #require(document.rows.first { $0.engine == "heckel" })
        #expect(heckel.reason.contains("SIGSEGV"), "\(heckel.reason)")
        let set = try #require(document.rows.first { $0.engine == "set" })
        // heckel's child outlives its call and is counted (ThreadWatch), so
        // heckel is measured in a worker of its own and set may never share
        // the worker its child kills; if it did, set's row names heckel.
        #expect(set.medianNs != nil, "\(set.reason)")
        #expect(
            set.reasonCode == nil || (set.reasonCode == .crashNotReproduced && set.reason.contains("heckel crashed alone")),
            "\(set.reason)")
    }

    /// An engine that marks its answers approximate with no deadline set
    /// has nothing that could cut it short at another point: an answer that
    /// changes between calls fails the row (`answer-changed`), though each
    /// passes the verifier.
    @Test(.timeLimit(.minutes(10)))
    func approximateAnswersThatChangeWithoutADeadlineFailTheRow() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (result, document) = try WorkerTrustTests.run(fault: "approx-drift:heckel", marker: UUID().uuidString, in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        let heckel = try #require(document.rows.first { $0.engine == "heckel" })
        #expect(heckel.status == .failed && heckel.reasonCode == .answerChanged, "\(heckel.status) \(heckel.reason)")
        let others = document.rows.filter { $0.engine != "heckel" }
        #expect(others.count == 2 && others.allSatisfy { $0.status.isMeasured }, "\(WorkerTrustTests.summary(document))")
    }
}
