import DiffBenchTestSupport
import Foundation
@testable import HistoryAnalysis
import Testing

/// The windowed scan (`EnergySplit.best(in:minimumLength:endWindow:)`, what
/// long series use) against the statistic computed directly at every pair
/// it searches, and against the every-pair scan where the two agree.
@Suite struct EnergySplitWindowTests {
    /// Random values, sometimes with few distinct ones (ties) or a step.
    static func randomValues(count: Int, random: inout TestRandom) -> [Double] {
        let distinct = random.chance(0.3) ? 3 : 1_000_000
        let step = count > 1 && random.chance(0.5) ? random.int(in: 1...count - 1) : count
        let scale = random.chance(0.5) ? 1.0 : 2_000_000_000.0  // instruction counts are large
        return (0..<count).map { index in scale * (Double(random.below(distinct)) / 1_000 + (index >= step ? 300 : 0)) }
    }

    @Test("the windowed best cut is the direct formula's maximum over the pairs within the window or at the end, on 200 random segments")
    func windowedCutMatchesTheDefinition() {
        var random = TestRandom(seed: 3_600)
        for _ in 0..<200 {
            let count = random.int(in: 10...48)
            let shortest = random.int(in: 2...4)
            let window = random.int(in: shortest...(count - shortest))
            let values = Self.randomValues(count: count, random: &random)
            let found = EnergySplit.best(in: values[...], minimumLength: shortest, endWindow: window)
            var maximum = -Double.infinity
            var statistics: [Int: Double] = [:]  // end * 1000 + cut
            for end in (2 * shortest)...count {
                for cut in shortest...(end - shortest) where end - cut <= window || end == count {
                    let q = EnergySplitTests.directStatistic(Array(values[..<end]), cut: cut)
                    statistics[end * 1_000 + cut] = q
                    maximum = max(maximum, q)
                }
            }
            let context = "\(count) values, shortest \(shortest), window \(window): \(values)"
            let tolerance = 1e-9 * max(1, abs(maximum))
            #expect(found != nil, "\(context)")
            guard let found else { continue }
            #expect(abs(found.statistic - maximum) <= tolerance, "statistic \(found.statistic), direct \(maximum); \(context)")
            if let atPair = statistics[found.end * 1_000 + found.cut] {
                #expect(abs(atPair - maximum) <= tolerance, "(\(found.cut), \(found.end)) is not a maximum; \(context)")
            } else {
                Issue.record("(\(found.cut), \(found.end)) is outside the window; \(context)")
            }
        }
    }

    @Test("with a window holding every pair, the windowed scan finds the every-pair scan's cut, on 60 random segments of up to 300 values")
    func wideWindowEqualsEveryPair() {
        var random = TestRandom(seed: 36_036)
        for _ in 0..<60 {
            let count = random.int(in: 12...300)
            let values = Self.randomValues(count: count, random: &random)
            let everyPair = EnergySplit.best(in: values[...], minimumLength: 3)!
            let windowed = EnergySplit.windowedBest(values, shortest: 3, window: count - 3)!
            #expect(abs(windowed.statistic - everyPair.statistic) <= 1e-9 * max(1, abs(everyPair.statistic)), "\(count) values")
            let atWindowed = EnergySplitTests.directStatistic(Array(values[..<windowed.end]), cut: windowed.cut)
            #expect(abs(atWindowed - everyPair.statistic) <= 1e-6 * max(1, abs(everyPair.statistic)), "\(count) values: \(windowed) against \(everyPair)")
        }
    }

    @Test("the distance sums of every prefix and suffix equal the sums added pair by pair")
    func distanceSumsMatchPairByPair() {
        var random = TestRandom(seed: 360)
        for _ in 0..<50 {
            let values = Self.randomValues(count: random.int(in: 0...40), random: &random)
            let sums = PairwiseDistanceSums(values)
            let prefixes = sums.prefixes, suffixes = sums.suffixes
            #expect(prefixes.count == values.count + 1 && suffixes.count == values.count + 1)
            for b in 0...values.count {
                var before = 0.0, after = 0.0
                for i in 0..<b { for j in (i + 1)..<max(i + 1, b) { before += abs(values[i] - values[j]) } }
                for i in b..<values.count { for j in (i + 1)..<max(i + 1, values.count) { after += abs(values[i] - values[j]) } }
                #expect(abs(prefixes[b] - before) <= 1e-9 * max(1, before), "prefix \(b) of \(values)")
                #expect(abs(suffixes[b] - after) <= 1e-9 * max(1, after), "suffix \(b) of \(values)")
            }
        }
    }

    @Test("on series longer than the window, steps are found where they are and flat series give none", .timeLimit(.minutes(10)))
    func longSeriesKeepTheirSteps() {
        for seed: UInt64 in 1...3 {
            var random = TestRandom(seed: seed)
            // A regression fixed 40 runs later (inside the window of 64), one fixed 150 runs later (beyond it), then a step that stays.
            let truths = [SyntheticSeries.Step(firstAfter: 100, fraction: 0.05), .init(firstAfter: 140, fraction: -0.05 / 1.05),
                          .init(firstAfter: 250, fraction: 0.03), .init(firstAfter: 400, fraction: -0.03 / 1.03), .init(firstAfter: 500, fraction: 0.02)]
            let points = SyntheticSeries.instructions(count: 600, base: 1_000_000, steps: truths, random: &random)
            let found = ChangePointDetector.detect(points, parameters: .instructions)
            #expect(found.map(\.firstAfter) == truths.map(\.firstAfter), "seed \(seed): \(found.map(\.firstAfter))")
            var flatRandom = TestRandom(seed: seed &* 7_919)
            let flat = SyntheticSeries.wallTimes(count: 600, base: 50_000, steps: [], noise: 0.1, pointNoise: 0, random: &flatRandom)
            #expect(ChangePointDetector.detect(flat, parameters: .wallTime).isEmpty, "seed \(seed)")
        }
    }

    @Test("a scan stopped at a level answers as the whole scan compared with it, on 200 random segments in and beyond the window")
    func stoppedScanAnswersAsTheWholeScan() {
        var random = TestRandom(seed: 3_637)
        for _ in 0..<200 {
            let count = random.int(in: 8...200)
            let shortest = random.int(in: 2...4)
            let window = random.int(in: shortest...max(shortest, min(70, count - shortest)))
            let values = Self.randomValues(count: count, random: &random)
            guard let best = EnergySplit.best(in: values[...], minimumLength: shortest, endWindow: window) else { continue }
            for level in [best.statistic, best.statistic.nextUp, best.statistic / 2, best.statistic * 2, 0] {
                #expect(
                    EnergySplit.reaches(level, in: values[...], minimumLength: shortest, endWindow: window) == (best.statistic >= level),
                    "\(count) values, shortest \(shortest), window \(window), level \(level) against \(best.statistic)")
            }
        }
    }

    @Test("a shuffle's ranks from its segment's one sort are the ranks a sort of the shuffle gives, and so are its distance sums, to the bit")
    func shuffleRanksAreTheSortedRanks() {
        var random = TestRandom(seed: 3_638)
        for _ in 0..<100 {
            // Few distinct values, so most are tied, and values whose sums round (ties ranked another way would round differently).
            let distinct = (0..<random.int(in: 1...6)).map { _ in random.double(0, 1_000_000) }
            let values = (0..<random.int(in: 1...300)).map { _ in distinct[random.below(distinct.count)] }
            let ranks = SegmentRanks(values[...])
            for _ in 0..<3 {
                var order = Array(values.indices)
                random.shuffle(&order)
                let shuffled = order.map { values[$0] }
                // The shuffle sorted on its own: by distance from the minimum, equal ones by position.
                let lowest = shuffled.min()!
                var sortedRanks = [Int](repeating: 0, count: shuffled.count)
                for (place, index) in shuffled.indices.sorted(by: { (shuffled[$0] - lowest, $0) < (shuffled[$1] - lowest, $1) }).enumerated() {
                    sortedRanks[index] = place + 1
                }
                #expect(ranks.ranks(of: order) == sortedRanks, "\(shuffled)")
                let sorted = PairwiseDistanceSums(shuffled, ranks: sortedRanks), ranked = PairwiseDistanceSums(shuffled, ranks: ranks.ranks(of: order))
                #expect(sorted.prefixes.map(\.bitPattern) == ranked.prefixes.map(\.bitPattern) && sorted.suffixes.map(\.bitPattern) == ranked.suffixes.map(\.bitPattern))
                #expect(PairwiseDistanceSums(shuffled).prefixes.map(\.bitPattern) == sorted.prefixes.map(\.bitPattern))
            }
        }
    }

    @Test("the scan gives the statistic of a plain loop over every pair of the window to the bit, on 300 random segments")
    func scanIsThePlainLoopToTheBit() {
        var random = TestRandom(seed: 3_639)
        for _ in 0..<300 {
            let count = random.int(in: 12...400)
            let shortest = random.int(in: 2...4)
            let window = random.int(in: shortest...(count - shortest - 1))
            let values = Self.randomValues(count: count, random: &random)
            let found = EnergySplit.windowedBest(values, shortest: shortest, window: window)
            let plain = Self.plainWindowedBest(values, shortest: shortest, window: window)
            #expect(found == plain, "\(count) values, shortest \(shortest), window \(window): \(String(describing: found)) against \(String(describing: plain))")
        }
    }

    /// The windowed scan written as one plain loop per end: the running
    /// distances added one end at a time, each cut's score computed and
    /// compared in one pass. The same operations in the same order as the
    /// scan's, so the same bits.
    static func plainWindowedBest(_ y: [Double], shortest: Int, window: Int) -> EnergySplit? {
        let m = y.count
        let sums = PairwiseDistanceSums(y)
        var within = [Double](repeating: 0, count: m + 1)
        var best: EnergySplit?
        for end in 1...m {
            var toAdded = 0.0
            var a = end - 2
            while a >= max(0, end - window) {
                toAdded += abs(y[a] - y[end - 1])
                within[a] += toAdded
                a -= 1
            }
            within[end - 1] = 0
            guard end >= 2 * shortest else { continue }
            let whole = sums.prefixes[end]
            var top = -Double.infinity, topCut = 0
            for tau in (end == m ? shortest : max(shortest, end - window))...(end - shortest) {
                let left = sums.prefixes[tau], right = tau >= end - window ? within[tau] : sums.suffixes[tau]
                let n = Double(tau), k = Double(end - tau)
                let reciprocalN = tau > 1 ? 1 / Double(tau - 1) : 0, reciprocalK = end - tau > 1 ? 1 / Double(end - tau - 1) : 0
                let score = (whole - left - right) - k * left * reciprocalN - n * right * reciprocalK
                if score > top {
                    top = score
                    topCut = tau
                }
            }
            let statistic = 2 * top / Double(end)
            if best == nil || statistic > best!.statistic { best = EnergySplit(cut: topCut, end: end, statistic: statistic) }
        }
        return best
    }

    @Test("an end window shorter than a segment is named as a problem")
    func endWindowProblem() {
        var narrow = ChangePointParameters.instructions
        narrow.endWindow = 2
        #expect(narrow.problem?.contains("end window") == true)
        narrow.endWindow = 3
        #expect(narrow.problem == nil)
    }
}
