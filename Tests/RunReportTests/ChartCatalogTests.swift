import Testing
import RunResults
@testable import RunReport

/// Issue 38, item 5: a chart is one file and its line in ``ReportCharts/all``;
/// the page's groups, `chart --help` and the builder read every chart from there.
@Suite struct ChartCatalogTests {
    @Test("each chart is registered once; the page's groups and chart --help list every one, in its order")
    func catalogReachesPageAndHelp() {
        let kinds = ReportCharts.all.map { $0.kind }
        #expect(Set(kinds).count == kinds.count, "\(kinds)")
        #expect(ReportPage.groups.map(\.kind) == kinds)
        #expect(ReportPage.groups.map(\.heading) == ReportCharts.all.map { $0.heading })
        var rest = Substring(ReportCharts.help)
        for chart in ReportCharts.all {
            guard let found = rest.range(of: chart.help) else {
                Issue.record("chart --help lacks \(chart.kind) after the charts before it: \(ReportCharts.help)")
                continue
            }
            rest = rest[found.upperBound...]
        }
    }

    @Test("every chart drafted from a run carries its own kind, and its files are named after it")
    func draftsCarryTheirKind() {
        let document = SyntheticRun(seed: 7, failures: 0).document
        let series = RunSeries.group(document, palette: EnginePalette(document))
        let run = ChartRun(allSeries: series, ownChartSeries: series, runName: "catalog")
        var drawn: Set<ChartFile.Kind> = []
        for chart in ReportCharts.all {
            for draft in chart.drafts(for: run) {
                #expect(draft.file.kind == chart.kind, "\(draft.file.name) drafted by \(chart.kind)")
                #expect(draft.file.name == chart.kind.rawValue || draft.file.name.hasPrefix(chart.kind.rawValue + "-"), "\(draft.file.name)")
                drawn.insert(chart.kind)
            }
        }
        // The synthetic run has three sizes, stdlib times and D on pairs of several sizes: every chart draws.
        #expect(drawn == Set(ReportCharts.all.map { $0.kind }), "\(drawn)")
    }
}
