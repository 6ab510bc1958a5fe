/// The report's charts, registered once: the builder draws them in this
/// order, and the page shows their groups in it (the one-picture summaries
/// first). A new chart is one file conforming to ``ReportChart`` and its
/// line here.
package enum ReportCharts {
    static var all: [any ReportChart.Type] {[
        TradeoffChart.self,
        QualityChart.self,
        TimeChart.self,
        ScalingChart.self,
        MemoryChart.self,
        ComplexityChart.self,
    ]}

    /// Every chart's help line, for `chart --help`.
    package static var help: String { all.map { $0.help }.joined(separator: ", ") }
}
