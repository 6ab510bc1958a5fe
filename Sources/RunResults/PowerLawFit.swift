import Foundation

/// y ≈ c · xᵏ fitted by ordinary least squares on (ln x, ln y).
///
/// The exponent k is what a scaling chart is read for: 1 means the cost grows
/// in proportion to the list, 2 means doubling the list quadruples it. Fitting
/// on logarithms weighs every size equally (a fit on raw values would be
/// decided by the largest size alone) and is what a straight line on log–log
/// axes shows. With two sizes the fit is the slope between them.
public struct PowerLawFit: Hashable, Sendable, Codable {
    /// k in y ≈ c · xᵏ.
    public var exponent: Double
    /// c in y ≈ c · xᵏ.
    public var coefficient: Double
    /// Points the fit used.
    public var points: Int
    /// Coefficient of determination on the log scale (1 = the points lie on
    /// a straight line; exactly 1 for two points).
    public var rSquared: Double

    public init(exponent: Double, coefficient: Double, points: Int, rSquared: Double) {
        self.exponent = exponent
        self.coefficient = coefficient
        self.points = points
        self.rSquared = rSquared
    }

    /// Fits the points, or nil when no power law is defined: fewer than two
    /// distinct x values, or a value that is not positive and finite (a log
    /// scale has no place for it). O(points).
    public static func fit(_ points: [(x: Double, y: Double)]) -> PowerLawFit? {
        guard points.allSatisfy({ $0.x > 0 && $0.y > 0 && $0.x.isFinite && $0.y.isFinite }) else { return nil }
        guard Set(points.map(\.x)).count >= 2 else { return nil }
        let logs = points.map { (x: log($0.x), y: log($0.y)) }
        let count = Double(logs.count)
        let meanX = logs.reduce(0) { $0 + $1.x } / count
        let meanY = logs.reduce(0) { $0 + $1.y } / count
        var covariance = 0.0, varianceX = 0.0, varianceY = 0.0
        for point in logs {
            covariance += (point.x - meanX) * (point.y - meanY)
            varianceX += (point.x - meanX) * (point.x - meanX)
            varianceY += (point.y - meanY) * (point.y - meanY)
        }
        let slope = covariance / varianceX
        let intercept = meanY - slope * meanX
        var residual = 0.0
        for point in logs {
            let error = point.y - (intercept + slope * point.x)
            residual += error * error
        }
        let determination = varianceY == 0 ? 1 : max(0, 1 - residual / varianceY)
        return PowerLawFit(exponent: slope, coefficient: exp(intercept), points: points.count, rSquared: determination)
    }

    /// c · xᵏ.
    public func value(at x: Double) -> Double { coefficient * pow(x, exponent) }

    /// The exponent as a legend shows it: two decimals, "-0.00" folded into "0.00".
    public var exponentText: String {
        let text = String(format: "%.2f", exponent)
        return text == "-0.00" ? "0.00" : text
    }
}

extension PowerLawFit {
    /// The list sizes every scaling exponent is fitted over — the charts'
    /// legends, the report's exponent tables and the performance targets
    /// alike — so one workload has one exponent wherever it is printed.
    /// Below 1,000 items fixed costs (allocation, setup) still dominate and
    /// bend the line; 100,000 is the largest size the default plan runs.
    public static let sizeRange: ClosedRange<Int> = 1_000...100_000

    /// "n = 1,000–100,000", for legends and notes.
    public static var sizeRangeText: String { "n = 1,000–100,000" }

    /// Fits the points whose size lies in ``sizeRange`` and returns the fit
    /// (nil with fewer than two such sizes) and the sizes it used, ascending.
    /// O(points).
    public static func fitInRange(_ points: [(size: Int, value: Double)]) -> (fit: PowerLawFit?, sizes: [Int]) {
        let inside = points.filter { sizeRange.contains($0.size) }.sorted { $0.size < $1.size }
        return (fit(inside.map { (x: Double($0.size), y: $0.value) }), inside.map(\.size))
    }
}
