import RunResults

/// The timing figure a row is compared on, the same kind in both runs.
package enum TimingMetric: String, Hashable, Sendable, Codable {
    /// The row's median over the `stdlib` median of the same dataset and run.
    case ratioToStdlib = "ratio_to_stdlib"
    /// The row's median over the `floor` median (for `stdlib` itself, or when
    /// stdlib was not timed).
    case ratioToFloor = "ratio_to_floor"
    /// Nanoseconds: only when neither reference was timed in both runs.
    /// Absolute times depend on the machine, so they never fail CI.
    case medianNs = "median_ns"

    /// Short column label.
    package var label: String {
        switch self {
        case .ratioToStdlib: return "×stdlib"
        case .ratioToFloor: return "×floor"
        case .medianNs: return "ns"
        }
    }
}
