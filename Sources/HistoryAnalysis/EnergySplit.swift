import Foundation

/// The best place to cut one segment of a series in two, by the energy
/// divergence of E-divisive means (Matteson and James, "A Nonparametric
/// Approach for Multiple Change Point Analysis of Multivariate Data",
/// JASA 2014), with exponent α = 1.
///
/// For a cut at τ of a segment of m values into X = y[0..<τ] and
/// Y = y[τ..<m], the divergence is
///
///     Ê = 2/(τ(m−τ)) Σ|x−y| − 1/C(τ,2) Σ_{i<k}|xᵢ−xₖ| − 1/C(m−τ,2) Σ_{j<l}|yⱼ−yₗ|
///
/// (mean distance between the halves, minus the mean distance inside each),
/// and the statistic is Q̂ = τ(m−τ)/m · Ê. Ê is zero when both halves come
/// from one distribution and grows with any difference between them — in
/// level, spread or shape — using distances only, so no noise model has to
/// be assumed: what suits wall times, whose noise is skewed and changes
/// from machine to machine. The end of the segment is its own end (the κ of
/// the paper fixed at m), so one scan costs O(m²) instead of O(m³).
package struct EnergySplit: Hashable, Sendable {
    /// Values before the cut: the cut falls between `cut − 1` and `cut`.
    package var cut: Int
    /// Q̂ at the cut; 0 when every value is equal.
    package var statistic: Double

    /// The cut with the largest Q̂ among those leaving at least
    /// `minimumLength` values on each side; nil when the segment is shorter
    /// than two such halves.
    ///
    /// - Complexity: O(m²) for m values, O(1) extra memory. The sums are
    ///   kept as the cut moves right one value at a time: moving value t from
    ///   the right half to the left adds its distances to the left values
    ///   (a) to the left sum and the cross sum, and takes its distances to
    ///   the right values (b) out of the right sum and the cross sum. Each
    ///   move costs O(m); distances are never stored, so a 1,000-point
    ///   series needs no 8 MB matrix.
    package static func best(in values: ArraySlice<Double>, minimumLength: Int) -> EnergySplit? {
        let m = values.count
        let shortest = max(2, minimumLength)
        guard m >= 2 * shortest else { return nil }
        let y = Array(values)
        var right = 0.0
        for j in 0..<m {
            for l in (j + 1)..<m { right += abs(y[j] - y[l]) }
        }
        var left = 0.0, cross = 0.0
        var best: EnergySplit?
        for t in 0..<(m - shortest) {
            var toLeft = 0.0, toRight = 0.0
            for i in 0..<t { toLeft += abs(y[i] - y[t]) }
            for j in (t + 1)..<m { toRight += abs(y[t] - y[j]) }
            left += toLeft
            right -= toRight
            cross += toRight - toLeft
            let tau = t + 1
            guard tau >= shortest else { continue }
            let statistic = divergence(cross: cross, left: left, right: right, tau: tau, m: m)
            if best == nil || statistic > best!.statistic { best = EnergySplit(cut: tau, statistic: statistic) }
        }
        return best
    }

    /// Q̂ from the three distance sums of a cut at τ of m values. O(1).
    static func divergence(cross: Double, left: Double, right: Double, tau: Int, m: Int) -> Double {
        let n = Double(tau), k = Double(m - tau)
        let between = 2 * cross / (n * k)
        let inside = left / (n * (n - 1) / 2) + right / (k * (k - 1) / 2)
        return n * k / Double(m) * (between - inside)
    }
}
