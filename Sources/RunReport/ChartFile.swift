import RunResults

/// One chart of a report: its files in `charts/` and what it says.
package struct ChartFile: Hashable, Sendable, Codable {
    /// A kind of chart, named by the chart's own file (``ReportChart/kind``);
    /// ``ReportCharts/all`` lists them all.
    package struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        package var rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package init(_ name: String) { self.rawValue = name }
        package var description: String { rawValue }
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
