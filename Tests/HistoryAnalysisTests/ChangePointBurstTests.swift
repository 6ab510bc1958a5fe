import DiffBenchTestSupport
import Foundation
@testable import HistoryAnalysis
import Testing

/// Bursts: steps fewer than the minimum segment apart, split off a found
/// step for the exact measures only.
@Suite struct ChangePointBurstTests {
    @Test("two instruction steps one or two commits apart are each found at their commit", arguments: [1, 2])
    func burstsOfTwoAreSplit(apart: Int) {
        for seed in UInt64(1)...30 {
            var random = TestRandom(seed: seed)
            let count = random.int(in: 16...40)
            let first = random.int(in: 5...(count - 5 - apart))
            // Each step 0.5 %–30 %, both one way (a burst of speed-ups or of regressions): above the 0.3 % floor
            // and the ±530 wobble. (A step undone a commit later leaves no step for the bisection to find first.)
            let sign: Double = random.below(2) == 0 ? -1 : 1
            let fractions = (0..<2).map { _ in sign * random.double(0.005, 0.30) }
            let truths = [SyntheticSeries.Step(firstAfter: first, fraction: fractions[0]),
                          SyntheticSeries.Step(firstAfter: first + apart, fraction: fractions[1])]
            let points = SyntheticSeries.instructions(count: count, base: Double(random.int(in: 1_000_000...5_000_000)), steps: truths, random: &random)
            let found = ChangePointDetector.detect(points, parameters: .instructions)
            #expect(found.map(\.firstAfter) == truths.map(\.firstAfter), "seed \(seed): \(found.map(\.firstAfter)), truth \(truths)")
            for (step, truth) in zip(found, truths) {
                #expect(abs(log1p(step.relativeSize) - log1p(truth.fraction)) <= 0.002, "seed \(seed): \(step.sizePercent) % for \(truth.fraction)")
                #expect(step.lastBeforeCommit == points[step.lastBefore].commit && step.firstAfterCommit == points[step.firstAfter].commit)
            }
        }
    }

    @Test("a split step's confidence is what its order alone can show: conservative against the exact permutation count")
    func splitConfidenceIsTheExactBound() {
        // 18 points: 12 at one level, one step, 1 point, another step, 5 points.
        let values: [Double] = [500_000, 500_530, 500_000, 499_470, 500_000, 500_000, 500_530, 500_000, 499_470, 500_000, 500_000, 500_000,
                                400_000, 390_000, 390_530, 390_000, 389_470, 390_000]
        let points = values.enumerated().map { SeriesPoint(commit: "c\($0.offset)", value: $0.element) }
        let found = ChangePointDetector.detect(points, parameters: .instructions)
        #expect(found.map(\.firstAfter) == [12, 13])
        guard found.count == 2 else { return }
        #expect(found[0].confidence >= 1 - ChangePointParameters.instructions.significanceLevel)
        // The split run is point 12 in the segment 12..<18: count the 1-subsets of those 6 values set apart by at least its gap.
        let segment = Array(values[12...]), gap = 400_000.0 - 390_530
        let apart = segment.indices.filter { i in
            let rest = segment.indices.filter { $0 != i }.map { segment[$0] }
            return segment[i] - rest.max()! >= gap || rest.min()! - segment[i] >= gap
        }.count
        let exact = Double(apart) / Double(segment.count)
        #expect(found[1].pValue >= exact && found[1].pValue <= 2 * exact, "p \(found[1].pValue), exact \(exact)")
        #expect(found[1].confidence < 1 - ChangePointParameters.instructions.significanceLevel)
    }

    @Test("a run beside a step that the floors or the wobble cannot set apart is not split")
    func runsWithinTheFloorsStayInTheirStep() {
        for seed in UInt64(1)...30 {
            var random = TestRandom(seed: seed)
            // The second step is 0.05 %: the rest of the segment overlaps it or lies within the 0.3 % floor.
            let truths = [SyntheticSeries.Step(firstAfter: 10, fraction: -0.2), SyntheticSeries.Step(firstAfter: 11, fraction: -0.0005)]
            let points = SyntheticSeries.instructions(count: 24, base: 3_000_000, steps: truths, random: &random)
            #expect(ChangePointDetector.detect(points, parameters: .instructions).map(\.firstAfter) == [10], "seed \(seed)")
        }
        // The run's median is 10,000 off the rest's, but one value of the rest lies 1,000 from it: not set apart by the floor.
        let values = Array(repeating: 2_000_000.0, count: 12) + [1_500_000, 1_490_000, 1_490_000, 1_499_000, 1_490_000, 1_490_000, 1_490_000]
        let points = values.enumerated().map { SeriesPoint(commit: "c\($0.offset)", value: $0.element) }
        #expect(ChangePointDetector.detect(points, parameters: .instructions).map(\.firstAfter) == [12])
    }

    @Test("wall times are never split: one slow run beside a step is noise, unless the parameters ask for splits")
    func wallTimesAreNotSplit() {
        // A clean step at 12, and the first run after it twice as slow: a noisy neighbour, not a change of the code.
        var values = (0..<24).map { $0 < 12 ? 50_000.0 : 30_000.0 }
        values[12] = 60_000
        let points = values.enumerated().map { SeriesPoint(commit: "c\($0.offset)", value: $0.element) }
        #expect(ChangePointDetector.detect(points, parameters: .wallTime).count == 1)
        var splitting = ChangePointParameters.wallTime
        splitting.splitsBursts = true
        #expect(ChangePointDetector.detect(points, parameters: splitting).map(\.firstAfter) == [12, 13])
    }

    /// This repository's own history (instructions of heckel on feed@1000,
    /// integers; the backfill of the 18 commits around the speed-ups of
    /// 2026-11-22, measured 2026-12-07): d47af76 (direct-address table,
    /// −29 %) and 05e6259 (heckel's branch-free passes, −2.8 %) two commits
    /// apart, b58b116 between them (−0.6 %, 1,525 instructions: under the
    /// 2,000 floor).
    @Test("the repository's burst on heckel feed@1000: both speed-ups at their commits, the one under the floor not")
    func repositoryBurst() {
        let commits = ["1276415", "44d784a", "9c136fd", "79b40de", "a5bb8cc", "010ac7c", "d47af76", "b58b116", "05e6259",
                       "f4a73d2", "1de2e62", "543c02f", "85de737", "0f795ea", "ee7452f", "bc67a99", "4fa7b32", "151fbc3"]
        let values: [Double] = [363_302, 361_329, 361_329, 361_578, 361_578, 361_329, 257_638, 256_113, 248_817,
                                248_476, 247_840, 247_840, 247_840, 249_142, 249_142, 249_112, 249_142, 249_112]
        let points = zip(commits, values).map { SeriesPoint(commit: $0, value: $1) }
        let found = ChangePointDetector.detect(points, parameters: .instructions)
        #expect(found.map(\.firstAfterCommit) == ["d47af76", "05e6259"])
        #expect(found.map(\.lastBeforeCommit) == ["010ac7c", "b58b116"])
    }
}
