import Rendering
import Foundation
import Formats

/// Chart 1, one per workload: median time of every engine at every size, as
/// bars grouped by size on a log axis, with the median absolute deviation as
/// whiskers. Answers "how long does each engine take on this change pattern".
///
/// Bars are boxes drawn from the axis floor up to the median (gnuplot's
/// histogram style cannot hang per-bar error bars on a log axis cleanly).
/// O(rows).
enum TimeChart {
    static let caption = """
        Bars: median time of one diff per engine, grouped by list size, on a log scale (each \
        labelled grid line is ×10; lower is faster). Whiskers: ± the median absolute deviation \
        of the samples (a whisker that reaches the bottom is wider than the bar). The grey \
        floor bar is one dictionary build plus one lookup per new item: about the least any \
        diff by id can cost.
        """

    static func draft(_ series: RunSeries, runName: String) -> ChartDraft? {
        let rows = series.rows.filter { $0.isMeasured && ($0.medianNs ?? 0) > 0 }
        guard !rows.isEmpty else { return nil }
        let name = "time-\(series.slug)"
        let sizes = Array(Set(rows.map(\.size))).sorted()
        let engines = EnginePalette.sorted(rows.map(\.engine))

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

        var extremes: [Double] = []
        for row in rows {
            let median = row.medianNs!, spread = row.spreadNs ?? 0
            extremes.append((median - spread > 0 ? median - spread : median) / 1e9)
            extremes.append((median + spread) / 1e9)
        }
        // Room above the tallest bar for its rotated label (about 15% of the plot height).
        // Bars rise from a power of ten, so the axis floor carries a label.
        let fitted = AxisRange.logarithmic(extremes)
        let base = pow(10, (log10(fitted.low) + 1e-9).rounded(.down))
        let range = (low: base, high: AxisRange.stepUp(base * pow(fitted.high / base, 1 / 0.82)))
        let title = "Median time per diff — \(series.label)"
        let missing = notTimed(series, shown: rows)
        let width = 1000, height = missing.isEmpty ? 560 : 590

        var script = GnuplotScript(name: name, title: title, width: width, height: height, runName: runName)
        let slot = table.number("slot"), median = table.number("median_ns"), spread = table.number("spread_ns")
        script.add([
            "# Columns of \(name).dat: \(table.number("size")) size, \(median) median_ns, \(spread) spread_ns (MAD), \(slot) slot (x position of the size).",
            "set title \(GnuplotScript.literal(title)) font ',14'",
            "set xlabel 'list size n (items)'",
            "set ylabel 'median time per diff (log scale)'",
            "set logscale y",
            "set format y '%.0s %cs'",
            "ybase = \(GnuplotScript.number(range.low))",
            "set yrange [ybase:\(GnuplotScript.number(range.high))]",
            "set xrange [-0.5:\(sizes.count) - 0.5]",
            "set xtics (" + sizes.enumerated().map { "\"\(Formatting.grouped($0.element))\" \($0.offset)" }.joined(separator: ", ") + ")",
            "set grid noxtics",
            "set style fill solid 1.0 border lc rgb '#333333'",
            "spread(col) = valid(col) ? column(col) : 0",
            "low(m, s) = m - s > 0 ? (m - s) / 1e9 : ybase",
            "high(m, s) = (m + s) / 1e9",
            "# A time in seconds as a label with three significant digits: 847 µs, 1.11 ms, 20.1 µs.",
            "mantissa(t) = t / 10**(3 * floor(log10(t) / 3 + 1e-9))",
            "seconds(t) = mantissa(t) < 9.995 ? gprintf('%.2s %cs', t) : mantissa(t) < 99.95 ? gprintf('%.1s %cs', t) : gprintf('%.0s %cs', t)",
        ])
        if !missing.isEmpty {
            script.add("set bmargin 5")
            script.add("set label 1 \(GnuplotScript.literal("Not timed: " + missing)) at screen 0.01, screen 0.025 left font ',9' tc rgb '#555555'")
        }
        let barWidth = 0.8 / Double(engines.count)
        var clauses: [String] = []
        for (position, engine) in engines.enumerated() {
            guard let block = table.block(of: engine) else { continue }
            let offset = (Double(position) - Double(engines.count - 1) / 2) * barWidth
            let x = "($\(slot) + \(GnuplotScript.number(offset)))"
            let source = clauses.isEmpty ? "'\(name).dat'" : "''"
            clauses.append(
                "\(source) index \(block) using \(x):($\(median)/1e9):(\(x) - \(GnuplotScript.number(barWidth / 2))):(\(x) + \(GnuplotScript.number(barWidth / 2))):(ybase):($\(median)/1e9) "
                    + "with boxxyerror fc rgb '\(EnginePalette.colour(for: engine))' title \(GnuplotScript.literal(engine))")
            clauses.append(
                "'' index \(block) using \(x):(low($\(median), spread(\(spread)))):(0):(high($\(median), spread(\(spread))) - low($\(median), spread(\(spread)))) "
                    + "with vectors heads size screen 0.005,90 lc rgb '#222222' lw 1 notitle")
            clauses.append(
                "'' index \(block) using \(x):(high($\(median), spread(\(spread)))):(seconds($\(median)/1e9)) "
                    + "with labels rotate by 90 left offset 0,0.4 font ',8' tc rgb '#333333' notitle")
        }
        script.add("plot " + clauses.joined(separator: ", \\\n     "))

        let file = ChartFile(
            kind: .time, name: name, series: series.label, title: title, caption: caption,
            finding: finding(rows, largest: sizes.last!), width: width, height: height, rows: table.rowCount, drawn: false)
        return ChartDraft(file: file, data: table.render(title: title), script: script.text)
    }

    /// "At n = 1,000 heckel is fastest (56.3 µs, 0.0123× stdlib); the slowest engine is stdlib (4.58 ms)."
    static func finding(_ rows: [ResultRow], largest: Int) -> String {
        let engines = rows.filter { $0.size == largest && $0.status == .ok }.sorted { $0.medianNs! < $1.medianNs! }
        guard let fastest = engines.first, let slowest = engines.last else {
            return "No engine was verified at n = \(Formatting.grouped(largest)); only the floor reference is shown."
        }
        var text = "At n = \(Formatting.grouped(largest)) \(fastest.engine) is fastest (\(Formatting.duration(fastest.medianNs!))"
        if let ratio = fastest.ratioToStdlib, fastest.engine != "stdlib" { text += ", \(Formatting.ratio(ratio))× stdlib" }
        text += ")"
        if slowest.engine != fastest.engine {
            text += "; the slowest is \(slowest.engine) (\(Formatting.duration(slowest.medianNs!)))"
        }
        return text + "."
    }

    /// The series' rows a time chart cannot show, as "set (skipped at 100, 1,000)".
    static func notTimed(_ series: RunSeries, shown: [ResultRow]) -> String {
        let hidden = series.rows.filter { row in !shown.contains(row) }
        var parts: [String] = []
        for engine in EnginePalette.sorted(hidden.map(\.engine)) {
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
