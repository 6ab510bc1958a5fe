import Foundation
import RunResults

/// "X is N× faster", with the uncertainty the samples leave: the ratio of
/// two engines' median times and its 95 % bootstrap interval.
///
/// A row keeps its samples as at most 101 evenly spaced quantiles
/// (`sample_quantiles_ns`) and their count (`samples`). One bootstrap
/// replicate of a row's median is the median of `samples` draws from that
/// distribution: the quantile at a rank u, where u is the median of
/// `samples` uniform draws — drawn directly for fewer than
/// ``directDraws`` samples, otherwise from its normal limit
/// (mean ½, variance 1 / (4(n + 2))), which is the Beta((n+1)/2, (n+1)/2)
/// law of that rank to within a fraction of a percent there. The interval
/// is the 2.5 % and 97.5 % percentiles of ``replicates`` replicate ratios.
///
/// The generator is seeded from the engines' names (FNV-1a), so the same
/// rows give the same interval in every run of the report. Over several
/// workloads the ratio is the geometric mean of the per-workload ratios
/// (as the advice's scores are), replicated together.
///
/// O(replicates · workloads) per comparison (plus O(samples) per
/// replicate for a row of fewer than ``directDraws`` samples).
package struct MedianRatio: Hashable, Sendable, Codable {
    /// The ratio of the medians (a over b; below 1: a is faster).
    package var estimate: Double
    package var low: Double
    package var high: Double

    /// Bootstrap replicates per interval.
    package static let replicates = 2_000
    /// Below this many samples a replicate's rank is drawn sample by sample.
    package static let directDraws = 64

    /// Whether the interval reaches into the band of ±`tolerance` around 1:
    /// the run cannot tell the two apart, or the difference it can tell is
    /// below the tolerance. O(1).
    package func isTie(tolerance: Double) -> Bool {
        low <= 1 + tolerance && high >= 1 / (1 + tolerance)
    }

    /// "1.23× faster (95 % interval 1.18–1.29×)", the way "a is N× faster
    /// than b" reads (or "… slower" when a took longer). O(1).
    package var text: String {
        let (from, to) = estimate < 1 ? (1 / high, 1 / low) : (low, high)
        return RatioText.against(estimate) + " (95 % interval \(Self.number(from))–\(Self.number(to))×)"
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "–" }
        if value >= 100 { return String(format: "%.0f", value) }
        return String(format: value >= 10 ? "%.1f" : "%.2f", value)
    }

    /// One engine's samples on one workload, as the row recorded them.
    package struct Samples: Hashable, Sendable {
        package var quantiles: [Double]
        package var count: Int

        /// Nil for a row without recorded quantiles (written before they
        /// were, or not timed): the caller falls back on median ± MAD.
        package init?(_ row: ResultRow) {
            guard let quantiles = row.sampleQuantilesNs, !quantiles.isEmpty, row.samples > 0,
                quantiles.allSatisfy({ $0.isFinite && $0 > 0 })
            else { return nil }
            self.quantiles = quantiles
            self.count = row.samples
        }

        package init(quantiles: [Double], count: Int) {
            self.quantiles = quantiles
            self.count = max(count, 1)
        }

        /// The quantile at rank `u` in [0, 1], interpolated. O(1).
        func value(at u: Double) -> Double {
            let position = min(max(u, 0), 1) * Double(quantiles.count - 1)
            let lower = Int(position.rounded(.down))
            let upper = Swift.min(lower + 1, quantiles.count - 1)
            return quantiles[lower] + (quantiles[upper] - quantiles[lower]) * (position - Double(lower))
        }

        /// One replicate of the median of `count` draws.
        func replicate(_ random: inout SeededRandom) -> Double {
            if count < MedianRatio.directDraws {
                var ranks = (0..<count).map { _ in random.unit() }
                ranks.sort()
                let middle = ranks.count / 2
                let rank = ranks.count % 2 == 1 ? ranks[middle] : (ranks[middle - 1] + ranks[middle]) / 2
                return value(at: rank)
            }
            return value(at: 0.5 + random.normal() * (0.25 / Double(count + 2)).squareRoot())
        }

        var median: Double { value(at: 0.5) }
    }

    /// The ratio of a's median over b's, over one or more workloads (the
    /// geometric mean of the per-workload ratios), with its interval; nil
    /// when there are no pairs. `seed` names the comparison.
    package static func of(_ pairs: [(a: Samples, b: Samples)], seed: String) -> MedianRatio? {
        guard !pairs.isEmpty else { return nil }
        func geometricMean(_ ratios: [Double]) -> Double { exp(ratios.map(log).reduce(0, +) / Double(ratios.count)) }
        var random = SeededRandom(seed)
        var values: [Double] = []
        values.reserveCapacity(replicates)
        for _ in 0..<replicates {
            values.append(geometricMean(pairs.map { $0.a.replicate(&random) / $0.b.replicate(&random) }))
        }
        values.sort()
        let estimate = geometricMean(pairs.map { $0.a.median / $0.b.median })
        return MedianRatio(
            estimate: estimate, low: SampleQuantile.of(values, 0.025), high: SampleQuantile.of(values, 0.975))
    }
}
