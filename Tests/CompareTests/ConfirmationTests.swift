import RunResults
import Testing

@testable import Compare
import DiffBenchTestSupport

/// A timing regression fails only when a second run shows it again; exact
/// figures are never withdrawn by a second run.
@Suite struct ConfirmationTests {
    func compare(_ baseline: [ResultRow], _ first: [ResultRow], _ second: [ResultRow]) throws -> ComparisonReport {
        let comparator = Comparator(thresholds: CompareThresholds(timeFails: true))
        let base = Fixture.document(baseline)
        let one = try comparator.compare(baseline: base, at: "base.json", current: Fixture.document(first), at: "one.json")
        let two = try comparator.compare(baseline: base, at: "base.json", current: Fixture.document(second), at: "two.json")
        return one.confirmed(by: two)
    }

    @Test func aSlowdownSeenTwiceStillFails() throws {
        let rows = Fixture.plan()
        let slowed = Fixture.modify(rows, "heckel", "mixed", 1_000) { $0.medianNs! *= 2.5 }
        let againSlowed = Fixture.modify(rows, "heckel", "mixed", 1_000) { $0.medianNs! *= 2.2 }
        let report = try compare(rows, slowed, againSlowed)
        let row = try #require(report.row("heckel", "mixed", 1_000))
        #expect(row.verdict == .regression)
        #expect(row.findings.contains { $0.aspect == .time && $0.message.contains("again in the confirmation run (+120.0%)") })
        #expect(report.failsCI)
        #expect(report.confirmation?.path == "two.json")
        #expect(report.notes.contains { $0.contains("1 repeated and still fail, 0 did not") })
    }

    @Test func aOneOffStallOnlyWarns() throws {
        let rows = Fixture.plan()
        let stalled = Fixture.modify(rows, "myers", "feed", 100) { $0.medianNs! *= 3 }
        let report = try compare(rows, stalled, rows)
        let row = try #require(report.row("myers", "feed", 100))
        #expect(row.verdict == .warning)
        #expect(row.findings.contains { $0.message.contains("not repeated in the confirmation run (+0.0%)") })
        #expect(!report.failsCI)
        #expect(report.notes.contains { $0.contains("0 repeated and still fail, 1 did not") })
        // The markdown names the confirmation run.
        #expect(report.markdown().contains("confirmation: "))
    }

    @Test func exactFiguresAreNotWithdrawn() throws {
        let rows = Fixture.plan()
        let bigger = Fixture.modify(rows, "set", "mixed", 1_000) { $0.peakHeapBytes! += 40_000 }
        let report = try compare(rows, bigger, rows)
        #expect(report.row("set", "mixed", 1_000)?.verdict == .regression)
        #expect(report.failsCI)
    }

    @Test func onlyTheRowsThatRepeatStayRegressions() throws {
        var random = TestRandom(seed: 11)
        let rows = Fixture.plan()
        let engines: [Subject] = ["lcs", "myers", "heckel", "set"]  // hand-picked: labels of the made-up plan's rows
        let cases: [(WorkloadName, Int)] = [("mixed", 100), ("mixed", 1_000), ("feed", 100)]
        for _ in 0..<20 {
            var first = rows, second = rows
            var expectedFailing: Set<String> = []
            for (workload, size) in cases {
                for engine in engines {
                    let slowFirst = random.below(3) == 0, slowSecond = random.below(3) == 0
                    if slowFirst { first = Fixture.modify(first, engine, workload, size) { $0.medianNs! *= 3 } }
                    if slowSecond { second = Fixture.modify(second, engine, workload, size) { $0.medianNs! *= 3 } }
                    if slowFirst && slowSecond { expectedFailing.insert("\(engine) \(workload)@\(size)") }
                }
            }
            let report = try compare(rows, first, second)
            let failing = Set(report.rows.filter { $0.verdict.failsCI }.map(\.label))
            #expect(failing == expectedFailing)
            #expect(report.failsCI == !expectedFailing.isEmpty)
        }
    }
}
