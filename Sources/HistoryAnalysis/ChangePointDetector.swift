import Foundation
import SplitMix

/// Finds the steps of a benchmark series by E-divisive means (Matteson and
/// James 2014), the method Daly et al. run on MongoDB's performance tests
/// ("Change Point Detection in Software Performance Testing", ICPE 2020).
///
/// The idea, in three parts:
/// 1. **Divergence.** Each segment of the series gets its best cut: the one
///    whose halves differ most by the energy statistic (``EnergySplit``),
///    which compares distances between and inside the halves and so needs no
///    noise model.
/// 2. **Recursive bisection.** Of all segments, the one whose best cut is
///    strongest is tested; if the cut is significant it becomes a boundary
///    and both halves are searched again, until a test fails.
/// 3. **Permutation test.** The values inside each segment are shuffled with
///    a seeded generator and the strongest cut is searched again; the
///    p-value is the share of shuffles that split at least as well. A shuffle
///    keeps the values and destroys their order, so a cut that no shuffle
///    matches comes from the order: a step.
///
/// Then each step is measured as the change of medians between its two
/// neighbouring segments, and steps smaller than the parameters' floors
/// are dropped (smallest first, the neighbours re-measured each time). For
/// an exact measure, a step found may be split into a burst of steps fewer
/// than the minimum segment apart (``splittingBursts(_:steps:parameters:)``).
///
/// - Complexity: one scan of a segment of m points is O(m²); a permutation
///   test is O(P·n²) for P permutations over a series of n points, stopped
///   as soon as the outcome is decided (a flat segment usually after one or
///   two shuffles). With k steps found: O((k + 1)·P·n²) in the worst case
///   (P = 499, n = 100, k = 3: about 2·10⁷ distance terms).
package enum ChangePointDetector {
    /// The steps of `points` (ordered oldest first), in order of position.
    ///
    /// - Parameters:
    ///   - points: one series; values must be finite.
    ///   - parameters: see ``ChangePointParameters``; its `problem` must be nil.
    /// - Returns: the steps that pass both the test and the size floors.
    ///
    /// A series whose values are too close together for any step to pass
    /// the floors (``mayHoldReportableStep(_:parameters:)``) is answered
    /// without a scan or a shuffle, with the same empty list the full
    /// method gives it; most instruction series of a history are such.
    package static func detect(_ points: [SeriesPoint], parameters: ChangePointParameters) -> [ChangePoint] {
        precondition(parameters.problem == nil, parameters.problem ?? "")
        precondition(points.allSatisfy(\.value.isFinite), "a change-point series holds finite values only")
        guard mayHoldReportableStep(points.map(\.value), parameters: parameters) else { return [] }
        return unscreened(points, parameters: parameters)
    }

    /// Whether any step measured between two segments of `values` could
    /// pass ``isReportable(_:noise:parameters:)``; false only when none can,
    /// so ``detect(_:parameters:)`` may then answer [] unscanned. O(n).
    ///
    /// Why the answer is exact. Every step ``measuredSteps(_:boundaries:pValues:parameters:)``
    /// ever measures (the first time, and after each re-measure that drops
    /// a small neighbour) compares the medians of two runs of consecutive
    /// points, and a median of finite values x₁…x_k lies in [min, max] of
    /// the whole series: it is one of them, or fl((a + b) / 2) of two of
    /// them, and rounding is monotone, so fl(a + b) ∈ [2·min, 2·max] and
    /// halving is exact (hence the guard against |x| over half the largest
    /// double, where a + b could overflow). Again by monotone rounding, the
    /// computed change
    /// |after − before| ≤ fl(max − min) = `range`, and, when every value
    /// has one sign, |before| ≥ `nearest` (the value nearest zero), so the
    /// computed relative size ≤ fl(range / nearest). A step passes only if
    /// change > 0, change ≥ the absolute floor and relative size ≥ the
    /// relative floor; when `range` is 0, under the absolute floor, or
    /// `range / nearest` is under the relative floor, no step at any point
    /// of the loop passes, every boundary is dropped, and the answer is []
    /// whatever the scans and the permutation tests found. The seeded
    /// shuffles are drawn per call, so skipping them changes no other
    /// series. With values of both signs a median before can be as close
    /// to 0 as it likes and the relative floor bounds nothing.
    static func mayHoldReportableStep(_ values: [Double], parameters: ChangePointParameters) -> Bool {
        guard let lowest = values.min(), let highest = values.max() else { return false }
        let half = Double.greatestFiniteMagnitude / 2
        guard abs(lowest) <= half, abs(highest) <= half else { return true }
        let range = highest - lowest
        guard range > 0, range >= parameters.minimumAbsoluteStep else { return false }
        let nearest = lowest > 0 ? lowest : highest < 0 ? -highest : 0
        return nearest == 0 || range / nearest >= parameters.minimumRelativeStep
    }

    /// ``detect(_:parameters:)`` without the screen: every series scanned
    /// and tested. Kept for the tests that check the screen changes no
    /// answer. Complexity: the method's (above).
    static func unscreened(_ points: [SeriesPoint], parameters: ChangePointParameters) -> [ChangePoint] {
        let values = points.map(\.value)
        var random = SplitMix64(seed: parameters.seed)
        var boundaries = [0, values.count]
        var pValues: [Int: Double] = [:]
        var splits: [Int: EnergySplit] = [:]  // keyed by a segment's start
        while true {
            var strongest: (start: Int, split: EnergySplit)?
            for (start, end) in zip(boundaries, boundaries.dropFirst()) {
                if splits[start] == nil {
                    splits[start] = EnergySplit.best(
                        in: values[start..<end], minimumLength: parameters.minimumSegmentLength, endWindow: parameters.endWindow)
                        ?? EnergySplit(cut: 0, end: 0, statistic: 0)
                }
                if let split = splits[start], split.cut > 0, split.statistic > (strongest?.split.statistic ?? 0) {
                    strongest = (start, split)
                }
            }
            guard let strongest else { break }
            let p = permutationPValue(values, boundaries: boundaries, observed: strongest.split.statistic, parameters: parameters, random: &random)
            guard p <= parameters.significanceLevel else { break }
            let boundary = strongest.start + strongest.split.cut
            pValues[boundary] = p
            splits[strongest.start] = nil
            boundaries.insert(boundary, at: boundaries.firstIndex { $0 > boundary }!)
        }
        let steps = measuredSteps(points, boundaries: boundaries, pValues: pValues, parameters: parameters)
        return parameters.splitsBursts && !steps.isEmpty ? splittingBursts(points, steps: steps, parameters: parameters) : steps
    }

    /// The permutation test of the strongest cut: each segment shuffled on
    /// its own (as Matteson and James do), the strongest cut of any segment
    /// compared with `observed`. Stops once more shuffles have matched it
    /// than a significant p-value allows. O(P·n²).
    static func permutationPValue(
        _ values: [Double], boundaries: [Int], observed: Double, parameters: ChangePointParameters, random: inout SplitMix64
    ) -> Double {
        let allowed = Int((parameters.significanceLevel * Double(parameters.permutations + 1)).rounded(.down)) - 1
        // Sums in another order round differently: a cut equal to the
        // observed one must count as matching it.
        let matching = observed * (1 - 1e-9)
        var matched = 0
        let segments = Array(zip(boundaries, boundaries.dropFirst()))
        // The windowed scan's sums rank each shuffle's values: one sort per segment serves every shuffle of it.
        let ranked = segments.map { start, end in
            end - start - max(2, parameters.minimumSegmentLength) > parameters.endWindow ? SegmentRanks(values[start..<end]) : nil
        }
        for done in 1...parameters.permutations {
            if shuffledStrongest(values, segments: segments, ranked: ranked, reaching: matching, parameters: parameters, random: &random) {
                matched += 1
                if matched > allowed { return Double(matched + 1) / Double(done + 1) }
            }
        }
        return Double(matched + 1) / Double(parameters.permutations + 1)
    }

    /// Whether one shuffle of every segment has a cut of at least `level`.
    /// Each segment's order is shuffled as an index list (the same draws
    /// and swaps as shuffling its values), so that a long segment's ranks
    /// come from `ranked` instead of a sort. O(n²).
    private static func shuffledStrongest(
        _ values: [Double], segments: [(Int, Int)], ranked: [SegmentRanks?], reaching level: Double, parameters: ChangePointParameters,
        random: inout SplitMix64
    ) -> Bool {
        var reached = false
        for ((start, end), ranks) in zip(segments, ranked) {
            var order = Array(0..<(end - start))
            random.shuffle(&order)  // every segment is shuffled, so the draws do not depend on which one reached
            guard !reached else { continue }
            let segment = order.map { values[start + $0] }
            reached = EnergySplit.reaches(
                level, in: segment[...], minimumLength: parameters.minimumSegmentLength, endWindow: parameters.endWindow, ranks: ranks?.ranks(of: order))
        }
        return reached
    }

    /// The significant boundaries as steps, measured between their
    /// neighbours; the smallest step under the floors is dropped and its
    /// neighbours re-measured until every step left passes. O(k²·n log n)
    /// for k boundaries.
    static func measuredSteps(
        _ points: [SeriesPoint], boundaries: [Int], pValues: [Int: Double], parameters: ChangePointParameters
    ) -> [ChangePoint] {
        var cuts = boundaries.filter { pValues[$0] != nil }
        while true {
            let steps = cuts.indices.map { index in
                step(points, from: index == 0 ? 0 : cuts[index - 1], cut: cuts[index],
                     to: index + 1 < cuts.count ? cuts[index + 1] : points.count, pValue: pValues[cuts[index]]!)
            }
            let failing = steps.indices.filter { !isReportable(steps[$0].step, noise: steps[$0].noise, parameters: parameters) }
            guard let smallest = failing.min(by: { abs(steps[$0].step.relativeSize) < abs(steps[$1].step.relativeSize) }) else {
                return steps.map(\.step)
            }
            cuts.remove(at: smallest)
        }
    }

    /// One boundary measured: the medians of `from..<cut` and `cut..<to`,
    /// and the median noise of those points (nil when none has any).
    private static func step(_ points: [SeriesPoint], from: Int, cut: Int, to: Int, pValue: Double) -> (step: ChangePoint, noise: Double?) {
        let before = RobustStatistics.median(points[from..<cut].map(\.value))!
        let after = RobustStatistics.median(points[cut..<to].map(\.value))!
        let noise = RobustStatistics.median(points[from..<to].compactMap(\.noise))
        let step = ChangePoint(
            lastBefore: cut - 1, lastBeforeCommit: points[cut - 1].commit, firstAfterCommit: points[cut].commit,
            medianBefore: before, medianAfter: after, pValue: pValue)
        return (step, noise)
    }

    /// Whether a significant step is big enough to report.
    static func isReportable(_ step: ChangePoint, noise: Double?, parameters: ChangePointParameters) -> Bool {
        let change = abs(step.medianAfter - step.medianBefore)
        guard change > 0, change >= parameters.minimumAbsoluteStep, abs(step.relativeSize) >= parameters.minimumRelativeStep else { return false }
        if let noise { return change > parameters.noiseMultiple * noise }
        return true
    }
}
