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

    /// Whether some pair of ``best(in:minimumLength:endWindow:)`` has a
    /// statistic of at least `level`: exactly `best(…)?.statistic ≥ level`,
    /// but the scan stops at the first end whose best-so-far reaches it (the
    /// best so far only grows, so it cannot fall back under). What the
    /// permutation test asks of each shuffle: a shuffle that matches is
    /// scanned only up to the end where it does. O(m · `endWindow` + m log m)
    /// at most.
    package static func reaches(_ level: Double, in values: ArraySlice<Double>, minimumLength: Int, endWindow: Int, ranks: [Int]? = nil) -> Bool {
        let m = values.count
        let shortest = max(2, minimumLength)
        guard m >= 2 * shortest else { return false }
        if m - shortest <= endWindow { return (best(in: values, minimumLength: minimumLength)?.statistic ?? -.infinity) >= level }
        return (windowedBest(Array(values), shortest: shortest, window: max(endWindow, shortest), stoppingAt: level, ranks: ranks)?.statistic ?? -.infinity) >= level
    }

    /// The scan of ``best(in:minimumLength:endWindow:)`` for a segment with
    /// pairs outside the window (m − `shortest` > `window` ≥ `shortest`);
    /// with `level`, it returns the best so far as soon as its statistic
    /// reaches `level` (see ``reaches(_:in:minimumLength:endWindow:)``).
    ///
    /// With n = τ and k = κ − τ, Q̂ = 2·(cross − k·left/(n − 1) − n·right/(k − 1)) / κ
    /// (``divergence(cross:left:right:tau:m:)`` rearranged), so a pair costs
    /// a few multiplications and no division. Each end's scores are written
    /// to a buffer by a loop with no branch and no conversion (the cuts'
    /// n and k come from a table of doubles), which the compiler turns into
    /// vector instructions, and then searched for the first largest: the
    /// same operations in the same order on each pair as one loop doing
    /// both, so the same statistic to the last bit, at about half the
    /// instructions (callgrind).
    static func windowedBest(_ y: [Double], shortest: Int, window: Int, stoppingAt level: Double? = nil, ranks: [Int]? = nil) -> EnergySplit? {
        let m = y.count
        let sums = PairwiseDistanceSums(y, ranks: ranks)
        let prefix = sums.prefixes, suffix = sums.suffixes  // W(0, b) and W(a, m)
        let reciprocal = (0...m).map { $0 > 1 ? 1 / Double($0 - 1) : 0 }  // 1 / (j − 1)
        let real = (0...m).map(Double.init)  // j as a double
        var within = [Double](repeating: 0, count: m + 1)  // within[a] = W(a, κ) for κ − window ≤ a < κ
        var scores = [Double](repeating: 0, count: m + 1)  // scores[τ] for the current κ
        let stride = window + chains
        var added = [Double](repeating: 0, count: chains * stride)  // each end's running distances, by a − base
        var best: EnergySplit?
        // The inner loops run m · window times per scan, and a permutation
        // test scans up to 499 shuffles: unchecked buffers, no bounds checks.
        y.withUnsafeBufferPointer { y in
            prefix.withUnsafeBufferPointer { prefix in
                suffix.withUnsafeBufferPointer { suffix in
                    reciprocal.withUnsafeBufferPointer { reciprocal in
                        real.withUnsafeBufferPointer { real in
                            within.withUnsafeMutableBufferPointer { within in
                                scores.withUnsafeMutableBufferPointer { scores in
                                    added.withUnsafeMutableBufferPointer { added in
                                        var blockStart = 1
                                        while blockStart <= m {
                                            let blockEnd = min(m, blockStart + chains - 1), base = max(0, blockStart - window)
                                            runningDistances(y, ends: blockStart...blockEnd, window: window, base: base, stride: stride, into: added)
                                            for end in blockStart...blockEnd {
                                                let running = added.baseAddress! + (end - blockStart) * stride - base
                                                var a = max(0, end - window)
                                                while a <= end - 2 {
                                                    within[a] += running[a]
                                                    a &+= 1
                                                }
                                                within[end - 1] = 0
                                                guard end >= 2 * shortest else { continue }
                                                let whole = prefix[end], kappa = real[end]
                                                let first = end == m ? shortest : max(shortest, end - window), last = end - shortest
                                                let windowed = max(first, end - window)  // from here W(τ, κ) is within[τ]; before it (κ = m only) suffix[τ]
                                                var tau = first
                                                while tau < windowed {
                                                    let left = prefix[tau], right = suffix[tau]
                                                    let n = real[tau], k = kappa - n
                                                    scores[tau] = (whole - left - right) - k * left * reciprocal[tau] - n * right * reciprocal[end &- tau]
                                                    tau &+= 1
                                                }
                                                while tau <= last {
                                                    let left = prefix[tau], right = within[tau]
                                                    let n = real[tau], k = kappa - n
                                                    scores[tau] = (whole - left - right) - k * left * reciprocal[tau] - n * right * reciprocal[end &- tau]
                                                    tau &+= 1
                                                }
                                                let (top, topCut) = firstLargest(scores, first, last)
                                                let statistic = 2 * top / kappa
                                                if best == nil || statistic > best!.statistic {
                                                    best = EnergySplit(cut: topCut, end: end, statistic: statistic)
                                                    if let level, statistic >= level { return }
                                                }
                                            }
                                            blockStart = blockEnd + 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return best
    }

    /// The largest of `scores[first...last]` and the first τ holding it:
    /// what one loop keeping `score > top` finds (NaN never greater, the
    /// first of equal scores, −∞ and τ = 0 when none is greater than −∞),
    /// with the largest taken by two independent comparisons per step and
    /// the search for it run only up to its place. O(last − first).
    @inline(__always)
    static func firstLargest(_ scores: UnsafeMutableBufferPointer<Double>, _ first: Int, _ last: Int) -> (Double, Int) {
        var even = -Double.infinity, odd = -Double.infinity
        var tau = first
        while tau < last {
            let a = scores[tau], b = scores[tau &+ 1]
            even = a > even ? a : even
            odd = b > odd ? b : odd
            tau &+= 2
        }
        if tau == last, scores[tau] > even { even = scores[tau] }
        let top = odd > even ? odd : even
        guard top > -Double.infinity else { return (top, 0) }
        tau = first
        while !(scores[tau] == top) { tau &+= 1 }
        return (scores[tau], tau)
    }

    /// Ends whose running distances ``runningDistances(_:ends:window:base:stride:into:)`` sums side by side.
    static let chains = 4

    /// For each end κ of `ends` (at most ``chains``), the running sums
    /// Σ_{j = a}^{κ − 2} |y[j] − y[κ − 1]| for a from κ − 2 down to
    /// max(0, κ − `window`), added in that order (as the one-end loop adds
    /// them), written to `into[(κ − first end) · stride + a − base]`. Each
    /// sum depends on the one before, so one end's loop waits on every
    /// addition; the ends' sums do not depend on each other, so their
    /// shared range of a is walked once with all of them in flight.
    /// O(`ends` · `window`).
    @inline(__always)
    static func runningDistances(
        _ y: UnsafeBufferPointer<Double>, ends: ClosedRange<Int>, window: Int, base: Int, stride: Int, into: UnsafeMutableBufferPointer<Double>
    ) {
        let first = ends.lowerBound, count = ends.count
        let out = into.baseAddress! - base
        if count < chains {
            for end in ends {
                let target = out + (end - first) * stride, added = y[end - 1]
                var sum = 0.0, a = end - 2
                while a >= max(0, end - window) {
                    sum += abs(y[a] - added)
                    target[a] = sum
                    a &-= 1
                }
            }
            return
        }
        // Four ends e, e+1, e+2, e+3: end e + j starts at a = e + j − 2 and stops at max(0, e + j − window).
        let t0 = out, t1 = out + stride, t2 = out + 2 * stride, t3 = out + 3 * stride
        let v0 = y[first - 1], v1 = y[first], v2 = y[first + 1], v3 = y[first + 2]
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0
        // The heads: a above first − 2, which only the later ends reach.
        var a = first + 1
        if a >= max(0, first + 3 - window) { s3 += abs(y[a] - v3); t3[a] = s3 }
        a = first
        if a >= max(0, first + 2 - window) { s2 += abs(y[a] - v2); t2[a] = s2 }
        if a >= max(0, first + 3 - window) { s3 += abs(y[a] - v3); t3[a] = s3 }
        a = first - 1
        if a >= max(0, first + 1 - window) { s1 += abs(y[a] - v1); t1[a] = s1 }
        if a >= max(0, first + 2 - window) { s2 += abs(y[a] - v2); t2[a] = s2 }
        if a >= max(0, first + 3 - window) { s3 += abs(y[a] - v3); t3[a] = s3 }
        // The shared range: every end reaches down to the latest end's stop.
        let shared = max(0, first + 3 - window)
        a = first - 2
        while a >= shared {
            let x = y[a]
            s0 += abs(x - v0)
            s1 += abs(x - v1)
            s2 += abs(x - v2)
            s3 += abs(x - v3)
            t0[a] = s0
            t1[a] = s1
            t2[a] = s2
            t3[a] = s3
            a &-= 1
        }
        // The tails: the earlier ends go on further down.
        while a >= max(0, first - window) {
            s0 += abs(y[a] - v0)
            t0[a] = s0
            if a >= max(0, first + 1 - window) { s1 += abs(y[a] - v1); t1[a] = s1 }
            if a >= max(0, first + 2 - window) { s2 += abs(y[a] - v2); t2[a] = s2 }
            a &-= 1
        }
    }
}
