/// A power law t ≈ c · n^k fitted by least squares on (log n, log t): the
/// "∝ n^k" the scaling charts and the performance targets quote.
public struct PowerLawFit: Hashable, Sendable {
    public var exponent: Double
    public var coefficient: Double
    /// Points used (sizes with a positive value).
    public var points: Int

    /// Fits `points` (size, value); nil with fewer than two distinct positive sizes.
    public init?(_ points: [(size: Double, value: Double)]) {
        let usable = points.filter { $0.size > 0 && $0.value > 0 }
        guard Set(usable.map(\.size)).count >= 2 else { return nil }
        let xs = usable.map { log($0.size) }, ys = usable.map { log($0.value) }
        let count = Double(usable.count)
        let meanX = xs.reduce(0, +) / count, meanY = ys.reduce(0, +) / count
        var sxx = 0.0, sxy = 0.0
        for (x, y) in zip(xs, ys) {
            sxx += (x - meanX) * (x - meanX)
            sxy += (x - meanX) * (y - meanY)
        }
        exponent = sxy / sxx
        coefficient = exp(meanY - exponent * meanX)
        self.points = usable.count
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
