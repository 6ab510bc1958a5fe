/// One kind of chart in a run's report. A chart is one file that states
/// these facts and draws its drafts, plus its line in ``ReportCharts/all``:
/// the report builder, the page's headings and `chart --help` read them
/// from there, so adding a chart touches nothing else
/// (Guides/Extending.md, "Add a chart").
protocol ReportChart {
    /// The kind its files record (`ChartFile/kind`), and the start of its file names.
    static var kind: ChartFile.Kind { get }
    /// The page's heading over this kind's charts.
    static var heading: String { get }
    /// What `chart --help` says it draws: file names and what they show.
    static var help: String { get }
    /// Its charts of one run, none when the run has too little for it.
    static func drafts(for run: ChartRun) -> [ChartDraft]
}

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
