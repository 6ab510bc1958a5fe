/// What every chart of a run is drawn from.
struct ChartRun {
    /// Every series of the run (one per workload, parameters and element kind).
    var allSeries: [RunSeries]
    /// The series that get charts of their own: all of them, but for a run
    /// over more of the user's pairs than ``ReportBuilder/perPairChartLimit``,
    /// where the pairs are drawn only in the run-wide charts.
    var ownChartSeries: [RunSeries]
    var runName: String
}
