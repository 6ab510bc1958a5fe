import RunResults
import Testing

@testable import Compare

/// The targets on real histories: histogram's and patience's total time
/// against myers' over the pairs imported from git, and the share of pairs
/// whose hunks equal git's with `--sliders indent`.
@Suite("Targets: git history") struct HistoryTargetsTests {
    // hand-picked: the engines the history targets compare, in made-up rows.
    static let engines: [Subject] = ["myers", "patience", "histogram", "heckel"]

    /// The history targets of the catalog, evaluated on `document`.
    func evaluate(targets document: RunDocument) -> [PerformanceTargets.Check] {
        PerformanceTargets.evaluate(document, targets: PerformanceTargets.historyTargets)
    }

    func check(_ checks: [PerformanceTargets.Check], _ area: String, _ subject: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> PerformanceTargets.Check
    {
        try #require(checks.first { $0.area.hasPrefix(area) && $0.subject == subject }, "\(area) \(subject)", sourceLocation: sourceLocation)
    }

    /// A run of `pairs` git pairs: each pair's rows with the given medians
    /// (`nil`: the engine has no median there) and hunk agreement.
    func document(
        pairs: Int, sliders: String = "indent", median: (Subject, Int) -> Double?, equal: (Subject, Int) -> Bool,
        fromGit: Bool = true
    ) -> RunDocument {
        var rows: [ResultRow] = []
        var shapes: [DatasetShape] = []
        for pair in 0..<pairs {
            let parameters = "file=f\(pair).swift;from=aaa;to=bbb;unit=lines"
            shapes.append(
                DatasetShape(
                    workload: "git", size: 100, parameters: parameters, sizeOld: 100, sizeNew: 101, idsRepeat: true,
                    changedFraction: 0.02, unit: "lines", generated: false, fromGit: fromGit ? true : nil))
            for engine in Self.engines {
                var row = Fixture.row(engine, "git", 100, median: median(engine, pair) ?? 1, parameters: parameters)
                if median(engine, pair) == nil {
                    row.status = .skipped
                    row.medianNs = nil
                } else {
                    row.gitHunksEqual = equal(engine, pair)
                }
                rows.append(row)
            }
        }
        var document = Fixture.document(rows)
        document.datasets = shapes
        document.plan.engines = Self.engines
        document.plan.sliders = sliders
        document.engines = Self.engines.map { name in
            EngineInfo(name: name.name, summary: "", colour: "#000000", symbol: 7, cost: name == "heckel" ? .linear : .trimmedDifferencesSquared)
        }
        return document
    }

    @Test("histogram at 1.0× and patience at 1.3× myers' summed medians meet their targets; a little more misses them")
    func speedAgainstMyers() throws {
        let speed = "git history: total time"
        let met = evaluate(targets: 
            document(pairs: 4, median: { engine, _ in ["myers": 100, "histogram": 100, "patience": 130, "heckel": 10][engine] }, equal: { _, _ in true }))
        #expect(try check(met, speed, "histogram").met == true)
        #expect(try check(met, speed, "patience").met == true)
        #expect(try check(met, speed, "patience").measured.contains("over 4 of 4 pairs"))
        let missed = evaluate(targets: 
            document(pairs: 4, median: { engine, _ in ["myers": 100, "histogram": 101, "patience": 131, "heckel": 10][engine] }, equal: { _, _ in true }))
        #expect(try check(missed, speed, "histogram").met == false)
        #expect(try check(missed, speed, "patience").met == false)
    }

    @Test("a pair where the engine or myers has no median is left out of both sums")
    func onlyPairsAllThreeFinished() throws {
        // Pair 0: histogram was refused; had its myers time counted, histogram would look 2× faster.
        let checks = evaluate(targets: 
            document(
                pairs: 2, median: { engine, pair in engine == "histogram" && pair == 0 ? nil : 100 }, equal: { _, _ in true }))
        let histogram = try check(checks, "git history: total time", "histogram")
        #expect(histogram.met == true && histogram.measured.hasPrefix("1× over 1 of 2 pairs"), "\(histogram.measured)")
    }

    @Test("95 % of pairs with git's hunks is met, fewer missed; heckel, which does not search, is left out")
    func hunkShare() throws {
        let area = "git history: hunks equal git's"
        // 20 pairs: myers differs on one (95 %), patience on two (90 %).
        let checks = evaluate(targets: 
            document(
                pairs: 20, median: { _, _ in 100 },
                equal: { engine, pair in !(engine == "myers" && pair == 0) && !(engine == "patience" && pair < 2) && engine != "heckel" }))
        #expect(try check(checks, area, "myers").met == true)
        #expect(try check(checks, area, "myers").measured.hasPrefix("95 % (19 of 20 pairs"))
        #expect(try check(checks, area, "patience").met == false)
        #expect(try check(checks, area, "histogram").met == true)
        #expect(!checks.contains { $0.area.hasPrefix(area) && $0.subject == "heckel" })
    }

    @Test("another slider policy, or no pair from git, is not measured")
    func notMeasured() throws {
        let down = evaluate(targets: document(pairs: 3, sliders: "down", median: { _, _ in 100 }, equal: { _, _ in true }))
        let share = try check(down, "git history: hunks equal git's", "histogram")
        #expect(share.met == nil && share.measured.contains("by down"))
        #expect(try check(down, "git history: total time", "histogram").met == true)
        // The same rows on datasets not recorded as imported from git (a user's file calling itself `git`).
        let unrecorded = evaluate(targets: 
            document(pairs: 3, median: { _, _ in 100 }, equal: { _, _ in true }, fromGit: false))
        #expect(unrecorded.count == 5)
        #expect(unrecorded.allSatisfy { $0.met == nil && $0.measured.contains("no pair imported") })
    }

    @Test("evaluate includes the history checks")
    func wiredIn() {
        let checks = PerformanceTargets.evaluate(document(pairs: 2, median: { _, _ in 100 }, equal: { _, _ in true }))
        #expect(checks.filter { $0.area.hasPrefix("git history") }.count == 5)
    }

    @Test("a pair the engine failed on counts against its hunk share, so failing on hard pairs cannot raise it")
    func failedPairsCountAgainst() throws {
        // 20 pairs, histogram's hunks equal git's on every pair it answered; it crashed on 2 of them.
        var document = document(pairs: 20, median: { _, _ in 100 }, equal: { _, _ in true })
        var crashed = 0
        for index in document.rows.indices where document.rows[index].engine == "histogram" && crashed < 2 {
            document.rows[index].refuse(.crashed, "killed by SIGILL")
            crashed += 1
        }
        let check = try check(evaluate(targets: document), "git history: hunks equal git's", "histogram")
        #expect(check.met == false, "\(check.measured)")
        #expect(check.measured.hasPrefix("90 % (18 of 20 pairs; 2 failed"), "\(check.measured)")
    }
}
