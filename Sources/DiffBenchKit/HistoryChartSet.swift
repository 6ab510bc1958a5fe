import Foundation
import FileSupport
import RunReport

/// The trend charts of many cases written into one folder and drawn by
/// gnuplot: what `history chart` writes, and the pictures of `history page`.
struct HistoryChartSet {
    /// One case of the set: its trend, its chart's name and, when it was
    /// chosen to be drawn, its chart.
    struct Entry {
        var trend: HistoryTrend
        /// `trend-…`: the chart's file name without extension, unique in the set (the page's anchor too).
        var name: String
        /// The chart written as `name.dat` and `name.gp`; nil for a case the caller chose not to draw.
        var chart: HistoryTrendChart?
        /// The PNG is in place (false when gnuplot is missing or failed on it, or the case was not drawn).
        var drawn: Bool
    }

    var entries: [Entry]
    /// gnuplot's failures, by chart name.
    var failures: [(name: String, message: String)]
    var gnuplotMissing: Bool

    /// Writes `NAME.dat` and `NAME.gp` of each trend that `drawing` picks into
    /// `folder` (created when missing; a planted link at any of the names, or
    /// a name that is one of `guarding`'s inputs, is refused before anything
    /// is written), then draws the PNGs with up to one gnuplot per core. Each
    /// file is written atomically, so a reader never sees half a chart. A
    /// trend not picked gets its entry (and name) but no files.
    /// - Complexity: O(points) to write, the charts made on every core, then
    ///   one gnuplot process per chart (a few tens of milliseconds each for
    ///   tens of runs; about 1.7 s of CPU for two panels of 10,000).
    static func write(
        _ trends: [HistoryTrend], to folder: String, gnuplot: String?, guarding: InputGuard, drawing: (HistoryTrend) -> Bool = { _ in true }
    ) throws -> HistoryChartSet {
        var taken = Set<String>()
        var picked: [(index: Int, trend: HistoryTrend, name: String)] = []
        var entries: [Entry] = []
        for trend in trends {
            let name = HistoryTrendChart.name(for: trend.key, taken: &taken)
            if drawing(trend) {
                for file in [name + ".dat", name + ".gp", name + ".png"] {
                    try InputGuard.refuseLink(folder, file)
                    _ = try guarding.checkedFile(folder + "/" + file, option: "--to")
                }
                picked.append((entries.count, trend, name))
            }
            entries.append(Entry(trend: trend, name: name, chart: nil, drawn: false))
        }
        let charts = ConcurrentMap.map(picked.map { Picked(trend: $0.trend, name: $0.name) }) { HistoryTrendChart($0.trend, name: $0.name) }
        for (pick, chart) in zip(picked, charts) {
            entries[pick.index].chart = chart
            try AtomicFile.write(chart.data, to: folder + "/" + chart.name + ".dat", createFolder: true)
            try AtomicFile.write(chart.script, to: folder + "/" + chart.name + ".gp")
        }
        guard let gnuplot else { return HistoryChartSet(entries: entries, failures: [], gnuplotMissing: true) }
        let outcomes = picked.isEmpty ? [:] : Gnuplot.render(names: picked.map(\.name), in: folder, executable: gnuplot)
        var failures: [(String, String)] = []
        for index in entries.indices {
            let outcome = outcomes[entries[index].name]
            entries[index].drawn = outcome?.status == 0
            if let outcome, outcome.status != 0 { failures.append((entries[index].name, outcome.messages)) }
        }
        return HistoryChartSet(entries: entries, failures: failures, gnuplotMissing: false)
    }

    /// A trend to chart, as it crosses to another core.
    private struct Picked: Sendable {
        var trend: HistoryTrend
        var name: String
    }
}
