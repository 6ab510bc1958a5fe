import Foundation

extension EnergySplit {
    /// The best cut when the end κ is searched only up to `endWindow` values
    /// after the cut, and at the segment's end: the pairs (τ, κ) with
    /// κ − τ ≤ `endWindow` or κ = m. A segment of at most `endWindow` +
    /// `minimumLength` values has no other pair, and is scanned over every
    /// end by ``best(in:minimumLength:)``, as Matteson and James define it.
    ///
    /// Why a window: every pair of a segment of m values is O(m²) — 5·10⁷
    /// pairs for 10,000 runs, and the permutation test scans each shuffle
    /// again. The free end is there for a regression that is later fixed
    /// (low, high, low): κ at the fix compares the low start with the high
    /// stretch alone. A high stretch of up to `endWindow` runs keeps that; a
    /// longer one is a level that stayed, which κ at the segment's end
    /// compares with everything after it, as the fixed-end E-divisive of
    /// Daly et al. does. The statistic of the shuffles in the permutation
    /// test is the same restricted maximum, so the test stays exact for it.
    ///
    /// - Complexity: O(m · `endWindow` + m log m) time and O(m) memory: W(0, τ)
    ///   and W(τ, m) for every τ from ``PairwiseDistanceSums`` (O(m log m)),
    ///   W(τ, κ) for τ ≥ κ − `endWindow` by the running sums of
    ///   ``best(in:minimumLength:)`` kept only inside the window.
    package static func best(in values: ArraySlice<Double>, minimumLength: Int, endWindow: Int) -> EnergySplit? {
        let m = values.count
        let shortest = max(2, minimumLength)
        guard m >= 2 * shortest else { return nil }
        if m - shortest <= endWindow { return best(in: values, minimumLength: minimumLength) }
        return windowedBest(Array(values), shortest: shortest, window: max(endWindow, shortest))
    }

    /// The scan of ``best(in:minimumLength:endWindow:)`` for a segment with
    /// pairs outside the window (m − `shortest` > `window` ≥ `shortest`).
    ///
    /// With n = τ and k = κ − τ, Q̂ = 2·(cross − k·left/(n − 1) − n·right/(k − 1)) / κ
    /// (``divergence(cross:left:right:tau:m:)`` rearranged), so a pair costs
    /// a few multiplications and no division.
    static func windowedBest(_ y: [Double], shortest: Int, window: Int) -> EnergySplit? {
        let m = y.count
        let sums = PairwiseDistanceSums(y)
        let prefix = sums.prefixes, suffix = sums.suffixes  // W(0, b) and W(a, m)
        let reciprocal = (0...m).map { $0 > 1 ? 1 / Double($0 - 1) : 0 }  // 1 / (j − 1)
        var within = [Double](repeating: 0, count: m + 1)  // within[a] = W(a, κ) for κ − window ≤ a < κ
        var best: EnergySplit?
        // The inner loops run m · window times per scan, and a permutation
        // test scans up to 499 shuffles: unchecked buffers, no bounds checks.
        y.withUnsafeBufferPointer { y in
            prefix.withUnsafeBufferPointer { prefix in
                suffix.withUnsafeBufferPointer { suffix in
                    reciprocal.withUnsafeBufferPointer { reciprocal in
                        within.withUnsafeMutableBufferPointer { within in
                            for end in 1...m {
                                let added = y[end - 1]
                                var toAdded = 0.0
                                var a = end - 2
                                let lowest = max(0, end - window)
                                while a >= lowest {
                                    toAdded += abs(y[a] - added)
                                    within[a] += toAdded
                                    a -= 1
                                }
                                within[end - 1] = 0
                                guard end >= 2 * shortest else { continue }
                                let whole = prefix[end]
                                var top = -Double.infinity, topCut = 0
                                for tau in (end == m ? shortest : max(shortest, end - window))...(end - shortest) {
                                    let left = prefix[tau], right = tau >= end - window ? within[tau] : suffix[tau]
                                    let n = Double(tau), k = Double(end - tau)
                                    let score = (whole - left - right) - k * left * reciprocal[tau] - n * right * reciprocal[end - tau]
                                    if score > top {
                                        top = score
                                        topCut = tau
                                    }
                                }
                                let statistic = 2 * top / Double(end)
                                if best == nil || statistic > best!.statistic { best = EnergySplit(cut: topCut, end: end, statistic: statistic) }
                            }
                        }
                    }
                }
            }
        }
        return best
    }
}
