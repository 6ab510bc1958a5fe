import Foundation

/// One measurement of a benchmark series at one commit: the input of
/// ``ChangePointDetector`` and of ``HistoryBandRule``.
///
/// A series is one engine × workload × element kind × size × measure on one
/// machine and plan, ordered by commit (oldest first). The analysis never
/// looks at where the points came from; the history store builds the arrays.
package struct SeriesPoint: Hashable, Sendable {
    /// The commit (or run) the value was measured at; reported back in a
    /// ``ChangePoint``'s commit range and never interpreted.
    package var commit: String
    /// The measured value: an instruction count, a median time, bytes…
    /// Smaller is better for every measure the project records.
    package var value: Double
    /// The value's own noise in the same unit, when known (the median
    /// absolute deviation of a run's timing samples); nil for a count that
    /// repeats exactly (instructions, allocations).
    package var noise: Double?

    package init(commit: String, value: Double, noise: Double? = nil) {
        self.commit = commit
        self.value = value
        self.noise = noise
    }
}
