import DiffBenchTestSupport
import Foundation
@testable import HistoryAnalysis
import Testing

/// The bands of a whole series (what a trend chart shades) against the
/// band of each point's own history, computed one by one.
@Suite struct HistoryBandSeriesTests {
    @Test("the band of every point equals band(of:) of the values before it, on 100 random series and rules")
    func bandsAlongEqualBandOfEachPrefix() {
        var random = TestRandom(seed: 3_610)
        for _ in 0..<100 {
            let rule = HistoryBandRule(
                window: random.int(in: 0...12), minimumHistory: random.int(in: 0...5), madMultiple: random.double(1, 4),
                relativeFloor: random.double(0, 0.1), absoluteSlack: random.chance(0.5) ? 0 : 2_000)
            // Few distinct values on some series, so the MAD is often 0.
            let distinct = random.chance(0.3) ? 3 : 1_000_000
            let values = (0..<random.int(in: 0...60)).map { _ in 100_000 + Double(random.below(distinct)) * 7 }
            let expected = values.indices.map { rule.band(of: Array(values[..<$0])) }
            #expect(rule.bands(along: values) == expected, "window \(rule.window), minimum \(rule.minimumHistory): \(values)")
        }
    }
}
