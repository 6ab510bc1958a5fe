import Rendering
import FileSupport
import RunResults

/// Charts 2 and 3, one per workload: median time (or peak heap bytes)
/// against list size on log–log axes, one line per engine, with the exponent
/// of a fitted power law in the legend ("myers ∝ n^1.03").
///
/// On log–log axes y = c·nᵏ is a straight line of slope k, so the picture and
/// the number say the same thing: parallel lines grow alike, a steeper line
/// will overtake a flatter one at some size. O(rows).
enum ScalingChart: ReportChart {
    static let kind = ChartFile.Kind("scaling")
    static let heading = "How time grows with the list"
    static let help = "scaling-WORKLOAD (time against size, log-log, fitted exponents)"

    static func drafts(for run: ChartRun) -> [ChartDraft] {
        run.allSeries.compactMap { draft($0, metric: .time, runName: run.runName) }
    }

    static let timeCaption = """
        Median time against list size on log–log axes, one line per engine. A straight line \
        means a power law; its slope is the exponent in the legend (least squares on log time \
        against log size over the sizes in the legend's range, the same fit the targets use): 1 = the time grows with the list, 2 = doubling the list quadruples \
        the time. Where lines would cross is where the faster engine changes.
        """

    static let memoryCaption = """
        Peak heap bytes during one diff against list size, log–log, one line per engine, with the \
        fitted exponent in the legend. An exponent near 1 is memory linear in the list; near 2 \
        is a table of n × m cells. Engines with no heap use (0 bytes, the best result) cannot sit \
        on a log axis; the legend names them ("0 B: …").
        """

    /// Sizes a series needs before its scaling and memory charts are drawn.
    static let minimumSizes = 3

    /// The chart of `series` for `metric` (time: this kind; memory: ``MemoryChart``),
    /// carrying its fitted exponents; nil below ``minimumSizes`` sizes.
    static func draft(_ series: RunSeries, metric: ExponentFit.Metric, runName: String) -> ChartDraft? {
        let column = metric == .time ? "median_ns" : "peak_heap_bytes"
        func value(_ row: ResultRow) -> Double? {
            switch metric {
            case .time: return row.medianNs.flatMap { $0 > 0 ? $0 : nil }
            case .memory: return row.peakHeapBytes.flatMap { $0 > 0 ? Double($0) : nil }
            }
        }
        let rows = series.rows.filter { $0.isMeasured && value($0) != nil }
        // A line through two points shows no curve: drawn from three sizes on.
        guard Set(series.rows.filter(\.isMeasured).map(\.size)).count >= minimumSizes, !rows.isEmpty else { return nil }
        let name = "\(metric == .time ? kind : MemoryChart.kind)-" + series.slug
        let engines = series.palette.sorted(rows.map(\.engine))
        let sizes = Array(Set(rows.map(\.size))).sorted()

        var table = DataTable(
            columns: metric == .time ? ["size", "median_ns", "spread_ns"] : ["size", "peak_heap_bytes", "allocations"],
            notes: [
                "Rows: every results row of workload \(series.workload) with parameters \"\(series.parameters)\" whose status is ok or reference and whose \(column) is above 0."
            ])
        var fits: [ExponentFit] = []
        for engine in engines {
            let mine = rows.filter { $0.engine == engine }.sorted { $0.size < $1.size }
            for row in mine { table.add(row) }
            let fitted = PowerLawFit.fitInRange(mine.map { (size: $0.size, value: value($0)!) })
            fits.append(ExponentFit(metric: metric, engine: engine, workload: series.label, sizes: fitted.sizes, fit: fitted.fit))
        }

        let scale = metric == .time ? 1e-9 : 1
        let xRange = AxisRange.logarithmic(sizes.map(Double.init))
        let yRange = AxisRange.logarithmic(rows.map { value($0)! * scale }, minimumSpan: 10)
        let title = (metric == .time ? "Time against list size — " : "Peak heap memory against list size — ") + series.label
        // Rows that cannot be drawn (skipped, failed; 0 bytes is named in the legend instead).
        let zero = series.rows.filter { $0.isMeasured && metric == .memory && $0.peakHeapBytes == 0 }
        let hidden = series.rows.filter { row in !rows.contains(row) && !zero.contains(row) }
        let noteLines = notShownLines(hidden, series: series, metric: metric)
        let titleLines = ChartText.wrap(title, pixels: 960, points: 14)
        let width = 1000, height = 600 + 16 * noteLines.count + 20 * (titleLines.count - 1)
        var script = GnuplotScript(name: name, title: title, width: width, height: height, runName: runName)
        let x = table.number("size"), y = table.number(column)
        script.add(ChartText.title(title, width: width, height: height))
        script.add([
            "# Columns of \(name).dat: \(x) size, \(y) \(column). Legend exponents: least squares on log \(metric == .time ? "time" : "bytes") vs log size.",

            "set xlabel 'list size n (items, log scale)'",
            metric == .time ? "set ylabel 'median time per diff (log scale)'" : "set ylabel 'peak heap during one diff (bytes, log scale)'",
            "set logscale xy",
            metric == .time ? "set format y '%.0s %cs'" : "set format y '%.0s %cB'",
            "set xrange [\(GnuplotScript.number(xRange.low)):\(GnuplotScript.number(xRange.high))]",
            "set yrange [\(GnuplotScript.number(yRange.low)):\(GnuplotScript.number(yRange.high))]",
            "set xtics (" + sizes.map { "\"\(Formatting.grouped($0))\" \($0)" }.joined(separator: ", ") + ")",
            "set mxtics default",
            "set key title \"fit y ∝ n^{k} over \(GnuplotScript.escaped(PowerLawFit.sizeRangeText))\" font ',10'",
        ])
        var clauses: [String] = []
        let same = coinciding(engines: engines, rows: rows, value: value)
        for (engine, fit) in zip(engines, fits) {
            guard let block = table.block(of: engine) else { continue }
            // An engine drawn on top of an earlier one's line says so in the legend.
            let label = GnuplotScript.escaped(engine.name + (same[engine].map { " (= \($0))" } ?? ""))
            let legend = "\"" + (fit.fit.map { "\(label) ∝ n^{\($0.exponentText)}" } ?? "\(label) (under two sizes in range, no fit)") + "\""
            let source = clauses.isEmpty ? "'\(name).dat'" : "''"
            clauses.append(
                "\(source) index \(block) using \(x):($\(y)\(metric == .time ? "/1e9" : "")) with linespoints "
                    + "lc rgb '\(series.palette.colour(for: engine))' lw 2 pt \(series.palette.pointType(for: engine)) "
                    + "ps \(GnuplotScript.number(series.palette.pointSize(for: engine, base: 2))) title \(legend)")
        }
        clauses += noHeapKeyEntries(zero, series: series)
        script.add(ChartText.footnote(noteLines, height: height))
        script.add("plot " + clauses.joined(separator: ", \\\n     "))

        let file = ChartFile(
            kind: metric == .time ? kind : MemoryChart.kind, name: name, series: series.label, title: title,
            caption: metric == .time ? timeCaption : memoryCaption, finding: finding(fits, metric: metric),
            width: width, height: height, rows: table.rowCount, drawn: false)
        return ChartDraft(file: file, data: table.render(title: title), script: script.text, fits: fits)
    }

    /// The note under the chart that names the rows it cannot draw (skipped
    /// or failed; unmeasured memory), engine by engine with their sizes,
    /// wrapped to the picture's width: a missing line must not pass for a
    /// fast one. Empty when every row is drawn. O(rows).
    static func notShownLines(_ hidden: [ResultRow], series: RunSeries, metric: ExponentFit.Metric) -> [String] {
        guard !hidden.isEmpty else { return [] }
        let engines = series.palette.sorted(hidden.map(\.engine)).map { engine in
            let sizes = hidden.filter { $0.engine == engine }.map(\.size).sorted().map(Formatting.grouped)
            return "\(engine) at \(sizes.joined(separator: ", "))"
        }
        let why = metric == .time ? "skipped or failed" : "not measured"
        return ChartText.wrap("Not shown (\(why)): " + engines.joined(separator: "; "), pixels: 980, points: 9)
    }

    /// Legend entries for the engines that allocated nothing, the best memory
    /// result: a log axis has no place for 0, so the legend names them (with
    /// their sizes when only some sizes were 0), a few to a line so a long
    /// list does not widen the key past the picture. Empty when there are none. O(rows).
    static func noHeapKeyEntries(_ zero: [ResultRow], series: RunSeries) -> [String] {
        guard !zero.isEmpty else { return [] }
        let names = series.palette.sorted(zero.map(\.engine)).map { engine in
            let all = zero.filter { $0.engine == engine }.count == series.rows.filter { $0.engine == engine && $0.isMeasured }.count
            return all ? engine.name : engine.name + " (at " + zero.filter { $0.engine == engine }.map { Formatting.grouped($0.size) }.joined(separator: ", ") + ")"
        }
        var entries = ["keyentry with points pt 0 ps 0 title \(GnuplotScript.literal("0 B (no heap use):"))"]
        for line in ChartText.pack(names, pixels: 190, points: 11) {
            entries.append("keyentry with points pt 0 ps 0 title \(GnuplotScript.literal("  " + line))")
        }
        return entries
    }

    /// Two lines this close (relative) at every size overplot on a log axis
    /// spanning several decades: the later one's legend names the earlier.
    static let overplotTolerance = 0.1

    /// For each engine whose points all lie within ``overplotTolerance`` of an
    /// earlier engine's at the same sizes (the lines overplot), that earlier
    /// engine. O(engines² · sizes).
    static func coinciding(engines: [Subject], rows: [ResultRow], value: (ResultRow) -> Double?) -> [Subject: String] {
        var result: [Subject: String] = [:]
        func points(_ engine: Subject) -> [Int: Double] {
            Dictionary(rows.filter { $0.engine == engine }.map { ($0.size, value($0)!) }, uniquingKeysWith: { a, _ in a })
        }
        for (index, engine) in engines.enumerated() {
            let mine = points(engine)
            for earlier in engines[..<index] where result[earlier] == nil {
                let theirs = points(earlier)
                guard Set(theirs.keys) == Set(mine.keys), !mine.isEmpty else { continue }
                if mine.allSatisfy({ abs($0.value - theirs[$0.key]!) <= overplotTolerance * min($0.value, theirs[$0.key]!) }) {
                    result[engine] = earlier.name
                    break
                }
            }
        }
        return result
    }

    /// "Exponents: heckel 0.98, set 1.01, stdlib 1.62; steepest: lcs (2.00)."
    static func finding(_ fits: [ExponentFit], metric: ExponentFit.Metric) -> String {
        let fitted = fits.filter { $0.fit != nil }
        guard !fitted.isEmpty else {
            return "Only one size was measured, so no exponent can be fitted; run more sizes (--sizes) to see the growth."
        }
        let list = fitted.map { "\($0.engine) \($0.fit!.exponentText)" }.joined(separator: ", ")
        let engines = fitted.filter { !$0.engine.isFloor }
        var text = (metric == .time ? "Time exponents: " : "Memory exponents: ") + list + "."
        if let steepest = engines.max(by: { $0.fit!.exponent < $1.fit!.exponent }), engines.count > 1 {
            text += " Steepest: \(steepest.engine) (n^\(steepest.fit!.exponentText))."
        }
        return text
    }
}
