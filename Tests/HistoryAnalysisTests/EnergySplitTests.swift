import DiffBenchTestSupport
import Foundation
@testable import HistoryAnalysis
import Testing

/// The incremental O(m²) scan against the statistic computed directly from
/// its definition at every cut (O(m³)), on random segments.
@Suite struct EnergySplitTests {
    /// Q̂ at cut τ straight from Matteson and James's formula.
    static func directStatistic(_ y: [Double], cut tau: Int) -> Double {
        let x = Array(y[..<tau]), z = Array(y[tau...])
        var between = 0.0, insideX = 0.0, insideZ = 0.0
        for a in x { for b in z { between += abs(a - b) } }
        for i in x.indices { for k in x.indices where k > i { insideX += abs(x[i] - x[k]) } }
        for j in z.indices { for l in z.indices where l > j { insideZ += abs(z[j] - z[l]) } }
        let n = Double(x.count), m = Double(z.count)
        let e = 2 * between / (n * m) - insideX / (n * (n - 1) / 2) - insideZ / (m * (m - 1) / 2)
        return n * m / (n + m) * e
    }

    @Test("the best cut is the direct formula's maximum over every cut and end, on 150 random segments")
    func bestCutMatchesTheDefinition() {
        var random = TestRandom(seed: 36)
        for _ in 0..<150 {
            let count = random.int(in: 4...18)
            let shortest = random.int(in: 2...max(2, count / 2))
            // Few distinct values on some segments, so ties occur.
            let distinct = random.chance(0.3) ? 3 : 1_000
            let values = (0..<count).map { _ in Double(random.below(distinct)) + (random.chance(0.5) ? 0.25 : 0) }
            let found = EnergySplit.best(in: values[...], minimumLength: shortest)
            guard count >= 2 * shortest else {
                #expect(found == nil)
                continue
            }
            var direct: [(cut: Int, end: Int, q: Double)] = []
            for end in (2 * shortest)...count {
                for cut in shortest...(end - shortest) {
                    direct.append((cut, end, Self.directStatistic(Array(values[..<end]), cut: cut)))
                }
            }
            let maximum = direct.map(\.q).max()!
            #expect(found != nil)
            if let found {
                #expect(abs(found.statistic - maximum) <= 1e-9 * max(1, abs(maximum)), "\(values) shortest \(shortest)")
                let atCut = direct.first { $0.cut == found.cut && $0.end == found.end }!.q
                #expect(abs(atCut - maximum) <= 1e-9 * max(1, abs(maximum)), "cut \(found.cut) is not a maximum of \(values)")
            }
        }
    }

    @Test("a clean step is cut exactly where it is")
    func cleanStepIsCutAtTheStep() {
        for cut in 3...17 {
            let values = (0..<20).map { $0 < cut ? 100.0 : 100.5 }
            #expect(EnergySplit.best(in: values[...], minimumLength: 3)?.cut == cut)
        }
    }
}
