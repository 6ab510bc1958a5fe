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

/// A chart drawn once for the whole run rather than once per series (the
/// trade-off and quality summaries): one file, named after its kind, or none
/// when no series has anything for it.
protocol RunWideChart: ReportChart {
    /// The run's one chart, or nil when no series has anything to show.
    static func draft(_ allSeries: [RunSeries], runName: String) -> ChartDraft?
}

extension RunWideChart {
    /// The one file's name: the kind itself, as there is no series to tell two apart.
    static var name: String { kind.rawValue }

    static func drafts(for run: ChartRun) -> [ChartDraft] {
        draft(run.allSeries, runName: run.runName).map { [$0] } ?? []
    }
}
