import Foundation

/// Bursts: steps fewer than ``ChangePointParameters/minimumSegmentLength``
/// commits apart, which the recursive bisection cannot separate (a cut needs
/// that many points on each side, so two speed-ups one or two commits apart
/// come out as one step at the first of them).
///
/// For an exact measure (``ChangePointParameters/splitsBursts``: instruction
/// and allocation counts, peak heap, steps), a run of fewer than the minimum
/// points next to a found step is made a step of its own when its values lie
/// wholly apart from the rest of their segment, farther than the floors
/// allow a rebuild to drift. Such a measure repeats exactly for one binary,
/// so a gap beyond the drift is a change of the code even with one point on
/// a side; a wall time is never split this way (one slow run is no step).
///
/// The split step's p-value is the permutation test of that same question,
/// which is exact without shuffling: in a segment of m exchangeable values,
/// the k values at its end are set apart from the other m − k only when they
/// are its k largest or its k smallest, so p ≤ 2 / C(m, k). One or two
/// points cannot carry more evidence by their order alone (k = 2 of 12:
/// confidence 0.97; k = 1: 0.83); the evidence that reaches further is the
/// floor itself. Splits only ever refine a step already found, so a series
/// with no step never gets one here.
extension ChangePointDetector {
    /// `steps` (found, in order) with the steps of the bursts beside them:
    /// each split adds a cut, and a run beside a new cut is tried in turn,
    /// until no run is set apart. Then every step is measured again between
    /// its neighbours, as ``measuredSteps(_:boundaries:pValues:parameters:)``
    /// does for the bisection's.
    ///
    /// - Complexity: O(s · L · n) for s steps in the end, L the minimum
    ///   segment length and n points (each candidate compares its run with
    ///   the rest of its segment).
    static func splittingBursts(_ points: [SeriesPoint], steps: [ChangePoint], parameters: ChangePointParameters) -> [ChangePoint] {
        var pValues = Dictionary(uniqueKeysWithValues: steps.map { ($0.firstAfter, $0.pValue) })
        while true {
            let added = burstCuts(points, cuts: pValues.keys.sorted(), parameters: parameters).filter { pValues[$0.key] == nil }
            guard !added.isEmpty else { break }
            pValues.merge(added) { kept, _ in kept }
        }
        guard pValues.count > steps.count else { return steps }
        return measuredSteps(points, boundaries: pValues.keys.sorted(), pValues: pValues, parameters: parameters)
    }

    /// The cuts of the runs set apart beside `cuts` (ascending first-after
    /// indices), each with its p-value bound.
    static func burstCuts(_ points: [SeriesPoint], cuts: [Int], parameters: ChangePointParameters) -> [Int: Double] {
        let values = points.map(\.value)
        let length = parameters.minimumSegmentLength
        let bounds = [0] + cuts + [values.count]
        var found: [Int: Double] = [:]
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            let noise = RobustStatistics.median(points[start..<end].compactMap(\.noise))
            // After a found step: a short run at the segment's start.
            if start > 0 {
                for cut in (start + 1)..<(start + length) where end - cut >= length {
                    if let p = setApart(values, run: start..<cut, rest: cut..<end, noise: noise, parameters: parameters) { found[cut] = p }
                }
            }
            // Before a found step: a short run at the segment's end.
            if end < values.count {
                for cut in (end - length + 1)..<end where cut - start >= length {
                    if let p = setApart(values, run: cut..<end, rest: start..<cut, noise: noise, parameters: parameters) { found[cut] = p }
                }
            }
        }
        return found
    }

    /// The p-value bound 2 / C(m, k) when every value of `run` lies beyond
    /// every value of `rest` by a gap that passes the floors (absolute,
    /// relative to the rest's median, and the points' noise); nil otherwise.
    static func setApart(
        _ values: [Double], run: Range<Int>, rest: Range<Int>, noise: Double?, parameters: ChangePointParameters
    ) -> Double? {
        let runValues = values[run], restValues = values[rest]
        guard let runLow = runValues.min(), let runHigh = runValues.max(),
              let restLow = restValues.min(), let restHigh = restValues.max(),
              let restMedian = RobustStatistics.median(restValues) else { return nil }
        let gap = runLow > restHigh ? runLow - restHigh : runHigh < restLow ? restLow - runHigh : 0
        guard gap > 0, gap >= parameters.minimumAbsoluteStep else { return nil }
        if restMedian != 0, gap / abs(restMedian) < parameters.minimumRelativeStep { return nil }
        if let noise, gap <= parameters.noiseMultiple * noise { return nil }
        return min(1, 2 / binomial(run.count + rest.count, run.count))
    }

    /// C(n, k) as a double (exact for the small k used here).
    static func binomial(_ n: Int, _ k: Int) -> Double {
        (0..<k).reduce(1.0) { product, i in product * Double(n - i) / Double(i + 1) }
    }
}
