import Foundation

extension HistoryBandRule {
    /// The band of every point of a series, each drawn from the points
    /// before it: `band(of: Array(values[..<i]))` for every i, as a trend
    /// chart shades it. One scratch buffer of `window` values is sorted per
    /// point instead of the four arrays ``band(of:)`` makes, which were most
    /// of the cost of the bands of a 10,000-run history page.
    /// - Complexity: O(n · window log window) for n values, O(window) memory.
    package func bands(along values: [Double]) -> [HistoryBand?] {
        var scratch: [Double] = []
        scratch.reserveCapacity(max(0, window))
        return values.indices.map { index in
            let recent = values[max(0, index - max(0, window))..<index]
            guard recent.count >= max(1, minimumHistory) else { return nil }
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: recent)
            scratch.sort()
            let centre = Self.middle(of: scratch)
            for position in scratch.indices { scratch[position] = abs(scratch[position] - centre) }
            scratch.sort()
            let mad = Self.middle(of: scratch)
            let halfWidth = max(madMultiple * RobustStatistics.madToStandardDeviation * mad, relativeFloor * abs(centre), absoluteSlack)
            return HistoryBand(centre: centre, lower: centre - halfWidth, upper: centre + halfWidth, count: recent.count)
        }
    }

    /// The median of sorted, non-empty values, as ``RobustStatistics/median(_:)`` takes it. O(1).
    private static func middle(of sorted: [Double]) -> Double {
        let half = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2
    }
}
