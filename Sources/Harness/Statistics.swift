
/// Summary statistics of one engine's timing samples, in nanoseconds.
///
/// The median is the figure every ratio uses: robust to the odd sample a
/// noisy 2-core machine throws in. The spread is the median absolute
/// deviation (MAD), the median-based counterpart of the standard deviation.
public struct SampleStatistics: Hashable, Sendable, Codable {
    public var count: Int
    public var min: Double
    public var median: Double
    public var p90: Double
    public var max: Double
    /// Median absolute deviation from the median.
    public var mad: Double

    public init(count: Int, min: Double, median: Double, p90: Double, max: Double, mad: Double) {
        self.count = count
        self.min = min
        self.median = median
        self.p90 = p90
        self.max = max
        self.mad = mad
    }

    /// Statistics of a non-empty sample (nil when empty).
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let median = SampleStatistics.quantile(sorted, 0.5)
        let deviations = sorted.map { abs($0 - median) }.sorted()
        self.init(
            count: sorted.count, min: sorted[0], median: median, p90: SampleStatistics.quantile(sorted, 0.9),
            max: sorted[sorted.count - 1], mad: SampleStatistics.quantile(deviations, 0.5))
    }

    /// The samples thinned to `count` evenly spaced quantiles (every sample,
    /// sorted, when there are at most `count`): what a row keeps for the
    /// report's bootstrap intervals. O(n log n).
    public static func thinned(_ samples: [Double], to count: Int = 101) -> [Double] {
        let sorted = samples.sorted()
        guard sorted.count > count, count > 1 else { return sorted }
        return (0..<count).map { quantile(sorted, Double($0) / Double(count - 1)) }
    }

    /// Linear interpolation between closest ranks (the "type 7" quantile of
    /// most statistics packages) on an ascending sample.
    public static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        precondition(!sorted.isEmpty)
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}
