import DiffBenchTestSupport
import Foundation
@testable import HistoryAnalysis
import Testing

/// The gate against history: drift passes, a real regression fails.
@Suite struct HistoryBandRuleTests {
    /// Ten runs of one build: a perfectly flat instruction history.
    static func flat(_ value: Double) -> [Double] { Array(repeating: value, count: 10) }

    /// Drift measured between re-recordings of `Reports/baselines/ci.json`
    /// on rows whose code did not change (row size, change in instructions).
    static let measuredDrift: [(row: Double, change: Double)] = [
        (26_772, +1_060),  // heckel text@100: +3.96 %
        (27_021, +1_060),  // heckel duplicates@100: +3.92 %
        (16_316, +530),  // set mixed@100: +3.25 %
        (66_515, +1_590),  // lcs mixed@100: +2.39 %
        (120_992, +1_590),  // lcs duplicates@100: +1.31 %
        (336_795, +1_060),  // histogram text@1000: +0.31 %
        (3_000_000, +1_500),  // a big row: +0.05 %
    ]

    @Test("layout drift of the sizes measured in the CI baseline passes a flat history, up or down")
    func layoutDriftPasses() {
        for (row, change) in Self.measuredDrift {
            for sign in [1.0, -1.0] {
                let judged = HistoryBandRule.instructions.judge(row + sign * change, history: Self.flat(row))
                #expect(judged.verdict == .pass, "\(row) moved by \(sign * change): \(judged.verdict)")
            }
        }
    }

    @Test("a middle row's drift of 1.5 % passes")
    func middleRowDriftPasses() {
        #expect(HistoryBandRule.instructions.judge(218_483 * 1.015, history: Self.flat(218_483)).verdict == .pass)
    }

    @Test("a real 3 % engine regression fails on every row from 100,000 instructions up", arguments: [100_000.0, 218_483, 1_000_000, 2_714_029_903])
    func realRegressionFails(row: Double) {
        let judged = HistoryBandRule.instructions.judge(row * 1.03, history: Self.flat(row))
        #expect(judged.verdict == .regression)
        #expect(judged.verdict.fails)
        #expect(abs(judged.relativeChange! - 0.03) < 1e-9)
        let better = HistoryBandRule.instructions.judge(row * 0.97, history: Self.flat(row))
        #expect(better.verdict == .improvement && !better.verdict.fails)
    }

    /// Rows of 66,667–100,000 instructions: the 2 % floor is under 2,000
    /// there, so the slack sets the band, and a 3 % rise is more than it.
    @Test("a real 3 % regression also fails on rows of 66,667 to 100,000 instructions, where the slack sets the band", arguments: [66_700.0, 70_000, 80_000, 90_000, 99_999])
    func smallRowRegressionFails(row: Double) {
        let rule = HistoryBandRule.instructions
        let band = rule.band(of: Self.flat(row))!
        #expect(band.upper - band.centre == 2_000, "the slack, not the floor, sets the band of \(row)")
        #expect(rule.judge(row * 1.03, history: Self.flat(row)).verdict == .regression)
        #expect(rule.judge(row * 0.97, history: Self.flat(row)).verdict == .improvement)
    }

    @Test("under 66,667 instructions a 3 % regression passes: the slack of 2,000 is what such rows drift by")
    func smallestRowsNeedMoreThanTheSlack() {
        let rule = HistoryBandRule.instructions
        for row in [16_316.0, 26_772, 66_515, 66_600] {
            #expect(rule.judge(row * 1.03, history: Self.flat(row)).verdict == .pass, "\(row)")
            #expect(rule.judge(row + 2_001, history: Self.flat(row)).verdict == .regression, "\(row)")
        }
    }

    @Test("the smallest row a rise fails on agrees with the band on a sweep of rows and rises")
    func smallestRegressingValueAgreesWithTheBand() {
        let rule = HistoryBandRule.instructions
        #expect(abs(rule.smallestRegressingValue(relativeChange: 0.03)! - 66_666.67) < 0.01)
        #expect(rule.smallestRegressingValue(relativeChange: 0.02) == nil, "a rise within the 2 % floor never fails")
        var random = TestRandom(seed: 11)
        for _ in 0..<2_000 {
            let row = pow(10, random.double(3, 7)).rounded()
            let change = random.double(0.001, 0.2)
            let fails = rule.judge(row * (1 + change), history: Self.flat(row)).verdict == .regression
            let predicted = rule.smallestRegressingValue(relativeChange: change).map { row > $0 } ?? false
            #expect(fails == predicted, "\(row) +\(change)")
        }
    }

    @Test("a reference row (stdlib, floor) outside its band is reported and never fails")
    func referenceRowsNeverFail() {
        let judged = HistoryBandRule.instructions.judge(6_790_470 * 1.0386, history: Self.flat(6_790_470), isReference: true)
        #expect(judged.verdict == .referenceMoved)
        #expect(!judged.verdict.fails)
        #expect(HistoryBandRule.instructions.judge(6_790_470 * 1.0386, history: Self.flat(6_790_470)).verdict == .regression)
    }

    @Test("a history that wobbles widens the band by its MAD")
    func wobblingHistoryWidensTheBand() {
        var random = TestRandom(seed: 4)
        // Wall times with ±30 % noise: 20 % slower is inside their band, not inside a flat history's 10 % floor.
        let history = (0..<10).map { _ in 40_000 * (1 + random.double(-0.30, 0.30)) }
        let centre = RobustStatistics.median(history)!
        #expect(HistoryBandRule.wallTime.judge(centre * 1.2, history: history).verdict == .pass, "\(HistoryBandRule.wallTime.band(of: history)!) of \(history)")
        #expect(HistoryBandRule.wallTime.judge(centre * 1.2, history: Self.flat(centre)).verdict == .regression)
        #expect(HistoryBandRule.wallTime.judge(centre * 3, history: history).verdict == .regression)
    }

    @Test("only the last N values count, and too short a history is not judged")
    func windowAndMinimumHistory() {
        let rule = HistoryBandRule.instructions
        // An old level 10 % lower, then ten runs at the new level: the old runs are out of the window.
        let history = Array(repeating: 900_000.0, count: 30) + Self.flat(1_000_000)
        #expect(rule.band(of: history)?.centre == 1_000_000)
        #expect(rule.band(of: history)?.count == 10)
        #expect(rule.judge(1_000_000, history: history).verdict == .pass)
        #expect(rule.judge(1_000_000, history: [1_000_000, 1_000_000]).verdict == .notJudged)
        #expect(rule.judge(1_000_000, history: []).band == nil)
    }

    @Test("one odd run in the window does not move the band")
    func oneOutlierDoesNotMoveTheBand() {
        var history = Self.flat(500_000)
        history[4] = 650_000
        #expect(HistoryBandRule.instructions.judge(500_000 * 1.03, history: history).verdict == .regression)
    }

    @Test("rules out of range are named")
    func ruleProblems() {
        #expect(HistoryBandRule.instructions.problem == nil)
        #expect(HistoryBandRule.wallTime.problem == nil)
        var rule = HistoryBandRule.instructions
        rule.minimumHistory = 11
        #expect(rule.problem != nil)
        rule = .instructions
        rule.relativeFloor = -1
        #expect(rule.problem != nil)
    }
}
