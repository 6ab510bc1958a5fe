import RunResults

/// One chart of a report: its files in `charts/` and what it says.
package struct ChartFile: Hashable, Sendable, Codable {
    package enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Median time per engine, grouped by size (one per workload).
        case time
        /// Median time against size, log–log, fitted exponents (one per workload).
        case scaling
        /// Peak heap bytes against size, log–log, fitted exponents (one per workload).
        case memory
        /// Moves and edit-script length over their minimums, at each workload's largest size.
        case quality
        /// Time ratio to stdlib against steps over the fewest, one point per engine and workload.
        case tradeoff
        /// Median time against (N + M)·D, log–log, bucketed medians per engine (one per element kind).
        case complexity
    }

    package var kind: Kind
    /// File name without extension: `NAME.png`, `NAME.dat`, `NAME.gp`.
    package var name: String
    /// The workload (and parameters) a per-workload chart shows; nil for run-wide charts.
    package var series: String?
    package var title: String
    /// How to read this kind of chart.
    package var caption: String
    /// What this chart shows for this run, in a sentence or two.
    package var finding: String
    package var width: Int
    package var height: Int
    /// Results rows in the `.dat` file.
    package var rows: Int
    /// The PNG exists and is current (false when gnuplot is missing or failed).
    package var drawn: Bool

    /// Paths relative to the run folder.
    package var png: String { "charts/\(name).png" }
    package var data: String { "charts/\(name).dat" }
    package var script: String { "charts/\(name).gp" }
}
