import RunResults

/// The answer a reader wants for one workload: at its largest size, which
/// engine was fastest and which reported the fewest steps. Only verified
/// rows (status ok) compete; the floor reference is not an engine.
package struct WorkloadVerdict: Hashable, Sendable, Codable {
    /// Series label: the workload, with its parameters when it has any.
    package var workload: String
    package var size: Int
    package var fastest: Subject?
    package var fastestMedianNs: Double?
    package var fastestRatioToStdlib: Double?
    /// Verified engines whose times the run cannot tell from the fastest's
    /// (``EngineAdvice/tied(_:_:)``), in palette order.
    package var fastestTies: [Subject] = []
    /// Engines tied for the fewest steps (deletes + inserts + moves + updates).
    package var fewestSteps: [Subject]
    package var steps: Int?
    /// Whether that count is the proven minimum (nil when no minimum is known).
    package var stepsMinimal: Bool?
    /// Engines that did not compete at this size, and why ("set: skipped — …").
    package var absent: [String]

    /// O(rows of the series).
    package init(_ series: RunSeries) {
        workload = series.label
        size = series.largestSize
        let rows = series.rows.filter { $0.size == series.largestSize }
        let verified = rows.filter { $0.status == .ok }
        if let best = verified.filter({ $0.medianNs != nil }).min(by: { $0.medianNs! < $1.medianNs! }) {
            fastest = best.engine
            fastestMedianNs = best.medianNs
            fastestRatioToStdlib = best.ratioToStdlib
            fastestTies = series.palette.sorted(
                verified.filter { $0.engine != best.engine && $0.medianNs != nil }
                    .filter { EngineAdvice.tied(best, $0) }.map(\.engine))
        }
        let counted = verified.filter { $0.steps != nil }
        if let least = counted.map({ $0.steps! }).min() {
            let tied = counted.filter { $0.steps == least }
            fewestSteps = series.palette.sorted(tied.map(\.engine))
            steps = least
            stepsMinimal = tied.first.flatMap { row in
                QualityMeasures.stepsRatio(row).flatMap { $0.exact ? abs($0.value - 1) < 1e-9 : nil }
            }
        } else {
            fewestSteps = []
        }
        absent = rows.filter { $0.status == .skipped || $0.status.isFailure }.map { row in
            "\(row.engine): \(row.status.rawValue)" + (row.reason.isEmpty ? "" : " — \(row.reason)")
        }
    }
}
