import Compare
import Foundation
import DiffEngines
import RunResults
import Testing

@testable import Harness

/// The pure parts of the instruction pass, the `work` fault and sharding.
@Suite struct InstructionPassTests {
    @Test func aCallgrindDumpGivesItsNameAndTotal() throws {
        // The header of a dump written by CALLGRIND_DUMP_STATS_AT("job-3-1").
        let dump = """
            # callgrind format
            version: 1
            creator: callgrind-3.19.0
            pid: 4242
            cmd:  ./diffbench-stripped count-instructions jobs.json
            part: 4
            desc: I1 cache:
            desc: Timerange: Basic block 1200 - 9800
            desc: Trigger: Client Request: job-3-1
            positions: line
            events: Ir
            summary: 4273774
            fn=(1) 0x0000000000012340
            0 12
            totals: 4273774
            """
        let parsed = try #require(InstructionCounter.parseDump(dump))
        #expect(parsed.0 == "job-3-1")
        #expect(parsed.1 == 4_273_774)
        // The final dump at exit is no measured call.
        #expect(InstructionCounter.parseDump("desc: Trigger: Program termination\ntotals: 100\n") == nil)
    }

    /// Calls too long to count under callgrind are left out of the jobs
    /// with a note on their row; the rest of the case is still counted.
    @Test func longCallsAreLeftOutOfThePassWithANote() throws {
        let limit = InstructionCounter.longestCountedCallNanoseconds
        func row(_ engine: String, _ median: Double?, _ status: ResultRow.Status = .ok) -> ResultRow {
            var row = ResultRow(engine: Subject(engine), workload: "shuffled", size: 100, sizeOld: 100, sizeNew: 100, seed: 1, parameters: "")
            row.status = status
            row.medianNs = median
            return row
        }
        let rows = [
            row("heckel", 1_000), row("stdlib", limit * 2), row("myers", limit), row("lcs", nil, .skipped),
            row("floor", 500, .reference),
        ]
        let plan = RunPlan(
            // hand-picked: the engines of the rows above, each row in its own role (counted, over the limit, skipped)
            engines: [.heckel, .stdlib, .myers, .lcs], cases: [.generated(workload: .shuffled, size: 100, parameters: [:])],
            outputDirectory: "unused", runName: "unused")
        let jobs = InstructionCounter.jobs(plan: plan, rowsPerCase: [rows])
        #expect(jobs.cases.map(\.subjects) == [["heckel", "myers", "floor"]])
        let note = try #require(InstructionCounter.leftOutNote(rows[1]))
        #expect(
            note.contains("instructions not counted") && note.contains("\(Int(limit * 2 / 1e6)) ms")
                && note.contains("\(Int(limit / 1e6)) ms"), "\(note)")
        #expect(InstructionCounter.leftOutNote(rows[0]) == nil && InstructionCounter.leftOutNote(rows[3]) == nil)
    }

    /// The CI gate fails on a missing count of a row it gates, so no such
    /// row of its plan may come near the limit: the committed baseline's
    /// slowest gated call is at least 5× below it, whatever the load on the
    /// machine that runs the gate. stdlib's count only warns (GateRole), so a
    /// slow stdlib call left uncounted warns too (ThresholdPinTests).
    @Test func theCIPlanStaysFarBelowTheCountingLimit() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let baseline = try ResultsStore.read(root.appendingPathComponent("Reports/baselines/ci.json").path)
        let counted = baseline.rows.filter { $0.instructions != nil && GateRole($0).gates(.instructions) }
        #expect(counted.count > 100)
        let slowest = try #require(counted.compactMap(\.medianNs).max())
        #expect(slowest * 5 <= InstructionCounter.longestCountedCallNanoseconds, "slowest CI call \(slowest) ns")
    }

    @Test func theWorkFaultParsesAndSizesItsPrefix() throws {
        #expect(FaultInjection.parse("work:heckel:3") == FaultInjection(engine: EngineName("heckel"), kind: .work(3)))
        #expect(FaultInjection.parse("work:heckel") == nil)
        #expect(FaultInjection.parse("work:heckel:0") == nil)
        #expect(FaultInjection.parse("work:heckel:x") == nil)
        // Linear engines: the share itself; quadratic ones: its square root.
        #expect(FaultInjection.workPrefix(count: 10_000, percent: 3, cost: .linear) == 300)
        #expect(FaultInjection.workPrefix(count: 10_000, percent: 4, cost: .tableCells) == 2_000)
        #expect(FaultInjection.workPrefix(count: 10, percent: 1, cost: .linear) == 1)
        #expect(FaultInjection.workPrefix(count: 0, percent: 3, cost: .linear) == 0)
    }

    @Test func shardsAreDisjointDeterministicAndCoverThePlan() {
        let cases = RunPlan.ciCases()
        for count in 1...5 {
            var seen: [String] = []
            for index in 1...count {
                let shard = RunPlan.shard(cases, index: index, of: count)
                #expect(shard.map(\.label) == RunPlan.shard(cases, index: index, of: count).map(\.label))
                // Balanced within one dataset.
                #expect(abs(shard.count - cases.count / count) <= 1)
                seen += shard.map(\.label)
            }
            #expect(seen.sorted() == cases.map(\.label).sorted(), "\(count) shards")
        }
    }
}
