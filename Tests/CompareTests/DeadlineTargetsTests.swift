import RunResults
import Testing

@testable import Compare

/// The targets of the deadline and anchor's bounded fill: anchor on the
/// periodic workload against myers' steps and heckel's time, and every
/// engine of a run made with a deadline within twice it, verified.
@Suite("Targets: deadline and the periodic list") struct DeadlineTargetsTests {
    func check(_ checks: [PerformanceTargets.Check], _ area: String, _ subject: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> PerformanceTargets.Check
    {
        try #require(checks.first { $0.area == area && $0.subject == subject }, "\(area) \(subject)", sourceLocation: sourceLocation)
    }

    func periodic(_ engine: Subject, _ size: Int, median: Double, steps: Int) -> ResultRow {
        var row = Fixture.row(engine, "periodic", size, median: median, parameters: "fraction=0.01;period=8")
        row.steps = steps
        return row
    }

    @Test("anchor is held to 1.5× myers' steps and 2× heckel's time at each size, and a missing size is not measured")
    func anchorOnThePeriodicList() throws {
        let rows = [
            periodic("anchor", 1_000, median: 20, steps: 15), periodic("myers", 1_000, median: 8, steps: 10),
            periodic("heckel", 1_000, median: 10, steps: 1_000),
            periodic("anchor", 10_000, median: 201, steps: 16), periodic("myers", 10_000, median: 80, steps: 10),
            periodic("heckel", 10_000, median: 100, steps: 10_000),
        ]
        let checks = PerformanceTargets.evaluate(Fixture.document(rows), targets: PerformanceTargets.deadlineTargets)
        #expect(try check(checks, "anchor steps ÷ myers steps", "periodic@1000").met == true)
        #expect(try check(checks, "anchor ÷ heckel", "periodic@1000").met == true)
        #expect(try check(checks, "anchor steps ÷ myers steps", "periodic@10000").met == false)
        #expect(try check(checks, "anchor ÷ heckel", "periodic@10000").met == false)
        #expect(try check(checks, "anchor ÷ heckel", "periodic@100000").met == nil)
    }

    @Test("with a deadline of 1 s a case of 2 s is met, a slower or failed one missed; without a deadline nothing is measured")
    func everyEngineWithinTwiceTheDeadline() throws {
        var slow = Fixture.row("myers", "disjoint", 100_000, median: 2.5e9)
        slow.approximate = true
        var broken = Fixture.row("lcs", "periodic", 1_000, median: 1e6)
        broken.status = .failed
        broken.verified = false
        let rows = [Fixture.row("heckel", "disjoint", 100_000, median: 2e9), slow, broken]
        var document = Fixture.document(rows)
        document.plan.deadlineSeconds = 1
        let checks = PerformanceTargets.evaluate(document, targets: PerformanceTargets.deadlineTargets)
        let area = "deadline 1 s: each case within 2 s, verified"
        #expect(try check(checks, area, "heckel").met == true)
        #expect(try check(checks, area, "myers").met == false)
        #expect(try check(checks, area, "myers").measured.contains("1 cut short"))
        #expect(try check(checks, area, "lcs").met == false)
        #expect(try check(checks, area, "set").met == nil)
        document.plan.deadlineSeconds = nil
        let without = PerformanceTargets.evaluate(document, targets: PerformanceTargets.deadlineTargets)
        #expect(without.allSatisfy { $0.subject.contains("@") || $0.met == nil })
    }

    @Test("an engine whose recorded claims lack honours-bounds is not measured, not missed; one with the claim is held to it")
    func onlyEnginesThatTakeADeadline() throws {
        // stdlib took 5 s where the deadline allows 2 s: it cannot take a deadline, so that is no miss.
        let rows = [Fixture.row("stdlib", "disjoint", 100_000, median: 5e9), Fixture.row("myers", "disjoint", 100_000, median: 3e9)]
        var document = Fixture.document(rows)
        document.plan.deadlineSeconds = 1
        document.engines = Fixture.engines.map { name in
            EngineInfo(
                name: name.name, summary: name.name, colour: "#000000", symbol: 1,
                claims: ["myers", "lcs"].contains(name) ? ["minimal-edits", "honours-bounds"] : [])
        }
        let checks = PerformanceTargets.evaluate(document, targets: PerformanceTargets.deadlineTargets)
        let area = "deadline 1 s: each case within 2 s, verified"
        let stdlib = try check(checks, area, "stdlib")
        #expect(stdlib.met == nil)
        #expect(stdlib.measured == "not measured: takes no deadline")
        #expect(try check(checks, area, "heckel").measured == "not measured: takes no deadline")
        #expect(try check(checks, area, "myers").met == false)
        // A file without claims (older) holds every engine to it, as before.
        document.engines = nil
        #expect(try check(PerformanceTargets.evaluate(document, targets: PerformanceTargets.deadlineTargets), area, "stdlib").met == false)
    }
}
