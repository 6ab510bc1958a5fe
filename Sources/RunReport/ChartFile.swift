import RunResults

/// One chart of a report: its files in `charts/` and what it says.
public struct ChartFile: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
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

    public var kind: Kind
    /// File name without extension: `NAME.png`, `NAME.dat`, `NAME.gp`.
    public var name: String
    /// The workload (and parameters) a per-workload chart shows; nil for run-wide charts.
    public var series: String?
    public var title: String
    /// How to read this kind of chart.
    public var caption: String
    /// What this chart shows for this run, in a sentence or two.
    public var finding: String
    public var width: Int
    public var height: Int
    /// Results rows in the `.dat` file.
    public var rows: Int
    /// The PNG exists and is current (false when gnuplot is missing or failed).
    public var drawn: Bool

    /// Paths relative to the run folder.
    public var png: String { "charts/\(name).png" }
    public var data: String { "charts/\(name).dat" }
    public var script: String { "charts/\(name).gp" }
}
