import Foundation
import FileSupport
import RunReport

/// The trend charts of many cases written into one folder and drawn by
/// gnuplot: what `history chart` writes, and the pictures of `history page`.
struct HistoryChartSet {
    /// One written chart: its case, files and steps.
    struct Entry {
        var trend: HistoryTrend
        var chart: HistoryTrendChart
        /// The PNG is in place (false when gnuplot is missing or failed on it).
        var drawn: Bool
    }

    var entries: [Entry]
    /// gnuplot's failures, by chart name.
    var failures: [(name: String, message: String)]
    var gnuplotMissing: Bool

    /// Writes `NAME.dat` and `NAME.gp` of each trend into `folder` (created
    /// when missing; a planted link at any of the names, or a name that is
    /// one of `guarding`'s inputs, is refused before anything is written), then
    /// draws the PNGs with up to one gnuplot per core. Each file is written
    /// atomically, so a reader never sees half a chart.
    /// - Complexity: O(points) to write, then one gnuplot process per chart
    ///   (a few tens of milliseconds each).
    static func write(_ trends: [HistoryTrend], to folder: String, gnuplot: String?, guarding: InputGuard) throws -> HistoryChartSet {
        var taken = Set<String>()
        var entries: [Entry] = []
        for trend in trends {
            let chart = HistoryTrendChart(trend, name: HistoryTrendChart.name(for: trend.key, taken: &taken))
            for file in [chart.name + ".dat", chart.name + ".gp", chart.name + ".png"] {
                try InputGuard.refuseLink(folder, file)
                _ = try guarding.checkedFile(folder + "/" + file, option: "--to")
            }
            entries.append(Entry(trend: trend, chart: chart, drawn: false))
        }
        for entry in entries {
            try AtomicFile.write(entry.chart.data, to: folder + "/" + entry.chart.name + ".dat", createFolder: true)
            try AtomicFile.write(entry.chart.script, to: folder + "/" + entry.chart.name + ".gp")
        }
        guard let gnuplot else { return HistoryChartSet(entries: entries, failures: [], gnuplotMissing: true) }
        let outcomes = Gnuplot.render(names: entries.map(\.chart.name), in: folder, executable: gnuplot)
        var failures: [(String, String)] = []
        for index in entries.indices {
            let outcome = outcomes[entries[index].chart.name]
            entries[index].drawn = outcome?.status == 0
            if let outcome, outcome.status != 0 { failures.append((entries[index].chart.name, outcome.messages)) }
        }
        return HistoryChartSet(entries: entries, failures: failures, gnuplotMissing: false)
    }
}
