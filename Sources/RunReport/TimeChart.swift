import FileSupport
import Rendering
import Foundation
import RunResults

/// Chart 1, one per workload: median time of every engine at every size,
/// as one dot per engine beside its neighbours in the size's column, with
/// the median absolute deviation as whiskers and the time written above.
/// Answers "how long does each engine take on this change pattern".
///
/// Dots, not bars: on a log axis a bar's length depends on where the axis
/// starts, so bars from an arbitrary floor exaggerate or hide ratios; a
/// dot's height reads the same whatever the range. Engines sit side by
/// side within a size, so equal times never hide one another. O(rows).
enum TimeChart: ReportChart {
    static let kind = ChartFile.Kind("time")
    static let heading = "Time per workload"
    static let help = "time-WORKLOAD (median time per engine and size, MAD whiskers)"

    /// One chart per series that gets its own (``ChartRun/ownChartSeries``).
    static func drafts(for run: ChartRun) -> [ChartDraft] {
        run.ownChartSeries.compactMap { draft($0, runName: run.runName) }
    }

    static let caption = """
        Dots: median time of one diff per engine, side by side within each list size, on a log \
        scale (each labelled grid line is ×10; lower is faster; equal heights are equal times). \
        Whiskers: ± the median absolute deviation of the samples. The grey floor is one \
        dictionary build plus one lookup per new item: about the least any diff by id can cost.
        """

    static func draft(_ series: RunSeries, runName: String) -> ChartDraft? {
        let rows = series.rows.filter { $0.isMeasured && ($0.medianNs ?? 0) > 0 }
        guard !rows.isEmpty else { return nil }
        let name = "\(kind)-\(series.slug)"
        let sizes = Array(Set(rows.map(\.size))).sorted()
        let engines = series.palette.sorted(rows.map(\.engine))

        var table = DataTable(
            columns: ["size", "median_ns", "spread_ns", "min_ns", "p90_ns", "samples"], derived: ["slot"],
            notes: [
                "Rows: every results row of workload \(series.workload) with parameters \"\(series.parameters)\" whose status is ok or reference and that has a median time.",
                "slot = position of the size on the x axis (0 = smallest).",
            ])
        for engine in engines {
            for row in rows where row.engine == engine {
                table.add(row, derived: [Double(sizes.firstIndex(of: row.size)!)])
            }
        }

        let range = timeRange(rows)
        let title = "Median time per diff — \(series.label)"
        let missing = notTimed(series, shown: rows)
        let width = 1000
        let titleLines = ChartText.wrap(title, pixels: width - 40, points: 14)
        let noteLines = missing.isEmpty ? [] : ChartText.wrap("Not timed: " + missing, pixels: width - 20, points: 9)
        let height = 560 + 16 * noteLines.count + 20 * (titleLines.count - 1)

        var script = GnuplotScript(name: name, title: title, width: width, height: height, runName: runName)
        let slot = table.number("slot"), median = table.number("median_ns"), spread = table.number("spread_ns")
        script.add(ChartText.title(title, width: width, height: height))
        script.add([
            "# Columns of \(name).dat: \(table.number("size")) size, \(median) median_ns, \(spread) spread_ns (MAD), \(slot) slot (x position of the size).",

            "set xlabel 'list size n (items)'",
            "set ylabel 'median time per diff (log scale)'",
            "set logscale y",
            "set format y '%.0s %cs'",
            "ybase = \(GnuplotScript.number(range.low))",
            "set yrange [ybase:\(GnuplotScript.number(range.high))]",
            "set xrange [-0.5:\(sizes.count) - 0.5]",
            "set xtics (" + sizes.enumerated().map { "\"\(Formatting.grouped($0.element))\" \($0.offset)" }.joined(separator: ", ") + ")",
            "set grid noxtics",
            "spread(col) = valid(col) ? column(col) : 0",
            "low(m, s) = m - s > 0 ? (m - s) / 1e9 : ybase",
            "high(m, s) = (m + s) / 1e9",
            "# A time in seconds as a label with three significant digits: 847 µs, 1.11 ms, 20.1 µs.",
            "mantissa(t) = t / 10**(3 * floor(log10(t) / 3 + 1e-9))",
            "seconds(t) = mantissa(t) < 9.995 ? gprintf('%.2s %cs', t) : mantissa(t) < 99.95 ? gprintf('%.1s %cs', t) : gprintf('%.0s %cs', t)",
        ])
        script.add(ChartText.footnote(noteLines, height: height))
        // Each engine's column within a size: side by side, never on top of each other.
        let barWidth = 0.8 / Double(engines.count)
        var clauses: [String] = []
        for (position, engine) in engines.enumerated() {
            guard let block = table.block(of: engine) else { continue }
            let offset = (Double(position) - Double(engines.count - 1) / 2) * barWidth
            let x = "($\(slot) + \(GnuplotScript.number(offset)))"
            let source = clauses.isEmpty ? "'\(name).dat'" : "''"
            clauses.append(
                "\(source) index \(block) using \(x):(low($\(median), spread(\(spread)))):(0):(high($\(median), spread(\(spread))) - low($\(median), spread(\(spread)))) "
                    + "with vectors heads size screen 0.004,90 lc rgb '\(series.palette.colour(for: engine))' lw 1.2 notitle")
            clauses.append(
                "'' index \(block) using \(x):($\(median)/1e9) with points pt \(series.palette.pointType(for: engine)) ps 1.5 "
                    + "lc rgb '\(series.palette.colour(for: engine))' title \(GnuplotScript.literal(engine.name))")
            clauses.append(
                "'' index \(block) using \(x):(high($\(median), spread(\(spread)))):(seconds($\(median)/1e9)) "
                    + "with labels rotate by 90 left offset 0,0.4 font ',8' tc rgb '#333333' notitle")
        }
        script.add("plot " + clauses.joined(separator: ", \\\n     "))

        let file = ChartFile(
            kind: kind, name: name, series: series.label, title: title, caption: caption,
            finding: finding(rows, largest: series.largestSize, all: series.rows, palette: series.palette), width: width, height: height, rows: table.rowCount, drawn: false)
        return ChartDraft(file: file, data: table.render(title: title), script: script.text)
    }

    /// The time axis, in seconds: every whisker (median ± spread; a lower
    /// end at or below 0 drawn from the median, since a log axis has no 0)
    /// on a log range at least a decade wide, with room above the highest
    /// whisker for its rotated time label (about an eighth of the height). O(rows).
    static func timeRange(_ rows: [ResultRow]) -> (low: Double, high: Double) {
        var extremes: [Double] = []
        for row in rows {
            let median = row.medianNs!, spread = row.spreadNs ?? 0
            extremes.append((median - spread > 0 ? median - spread : median) / 1e9)
            extremes.append((median + spread) / 1e9)
        }
        let fitted = AxisRange.logarithmic(extremes, minimumSpan: 10)
        return (low: fitted.low, high: fitted.high * pow(fitted.high / fitted.low, 0.15))
    }

    /// "At n = 1,000 on integer ids heckel is fastest (56.3 µs, 81× faster than stdlib; tied with set);
    /// the slowest is stdlib (4.58 ms); not timed there: lcs (skipped)." Ties follow
    /// ``EngineAdvice/tied(_:_:)``; engines not timed at the largest size are named,
    /// so "slowest" never silently means "slowest of those that could run".
    static func finding(_ rows: [ResultRow], largest: Int, all: [ResultRow] = [], palette: EnginePalette) -> String {
        let engines = rows.filter { $0.size == largest && $0.status == .ok }.sorted { $0.medianNs! < $1.medianNs! }
        guard let fastest = engines.first, let slowest = engines.last else {
            return "No engine was verified at n = \(Formatting.grouped(largest)); only the floor reference is shown."
        }
        let ties = engines.dropFirst().filter { EngineAdvice.tied(fastest, $0) }.map(\.engine)
        // The kind is named in every finding: a run of several kinds has one chart of each workload per kind.
        let kind = RunSeries.kindText(fastest.elements)
        var text = "At n = \(Formatting.grouped(largest)) on \(kind) \(fastest.engine) is fastest (\(Formatting.duration(fastest.medianNs!))"
        if let ratio = fastest.ratioToStdlib, abs(ratio - 1) > 0.005 { text += ", \(RatioText.against(ratio)) than stdlib" }
        if !ties.isEmpty { text += "; tied within noise with " + ties.map(\.name).joined(separator: ", ") }
        text += ")"
        if slowest.engine != fastest.engine, !ties.contains(slowest.engine) {
            text += "; the slowest timed is \(slowest.engine) (\(Formatting.duration(slowest.medianNs!)))"
        }
        let absent = all.filter { $0.size == largest && ($0.status == .skipped || $0.status == .failed) }
        if !absent.isEmpty {
            text += "; not timed there: " + palette.sorted(absent.map(\.engine)).map { engine in
                "\(engine) (\(absent.first { $0.engine == engine }!.status.rawValue))"
            }.joined(separator: ", ")
        }
        return text + "."
    }

    /// The series' rows a time chart cannot show, as "set (skipped at 100, 1,000)".
    static func notTimed(_ series: RunSeries, shown: [ResultRow]) -> String {
        let hidden = series.rows.filter { row in !shown.contains(row) }
        var parts: [String] = []
        for engine in series.palette.sorted(hidden.map(\.engine)) {
            let mine = hidden.filter { $0.engine == engine }
            for status in [ResultRow.Status.skipped, .failed, .ok, .reference] {
                let sizes = mine.filter { $0.status == status }.map(\.size).sorted()
                if sizes.isEmpty { continue }
                let word = status == .ok || status == .reference ? "no time" : status.rawValue
                parts.append("\(engine) (\(word) at \(sizes.map(Formatting.grouped).joined(separator: ", ")))")
            }
        }
        return parts.joined(separator: "; ")
    }
}
