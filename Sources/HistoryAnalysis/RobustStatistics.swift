import Foundation

/// The median and the median absolute deviation, the two robust summaries
/// the change-point sizes and the history band are built from.
///
/// Written here rather than taken from `Harness` so that this module needs
/// Foundation alone (the history store and the gate call it without the
/// runner). Both sort a copy: O(n log n).
package enum RobustStatistics {
    /// The median of `values` (the mean of the two middle values for an even
    /// count); nil when empty.
    package static func median<C: Collection>(_ values: C) -> Double? where C.Element == Double {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The median absolute deviation from the median (unscaled); nil when
    /// empty. A series with more than half its values equal has MAD 0.
    package static func medianAbsoluteDeviation<C: Collection>(_ values: C) -> Double? where C.Element == Double {
        guard let centre = median(values) else { return nil }
        return median(values.map { abs($0 - centre) })
    }

    /// The factor that turns a MAD into an estimate of the standard
    /// deviation when the noise is normal (1 / Φ⁻¹(3/4)).
    package static let madToStandardDeviation = 1.4826
}
