import Rendering
import Foundation
import FileSupport
import RunResults

/// Chart 4, one for the run: how close each engine's changeset comes to the
/// fewest steps, per workload at its largest size. Two panels, one per
/// proven minimum: moves against the fewest moves (unique ids only), and the
/// move-free edit script the changeset implies (deletes + inserts + 2·moves)
/// against n + m − 2·LCS. Points above the dashed line at 1 are steps a list
/// view animates for nothing; each is labelled with its ratio. O(rows).
enum QualityChart: RunWideChart {
    static let kind = ChartFile.Kind("quality")
    static let heading = "Steps against the fewest possible"
    static let help = "quality (steps against the fewest possible)"

    static let caption = """
        Each engine's changeset against the proven minimum for the same lists, at each workload's \
        largest size where every engine with a result has one (log scale; 1 = optimal, the dashed line). Top: moves ÷ the fewest moves \
        (common items − longest increasing subsequence; only for unique ids). Bottom: \
        (deletes + inserts + 2·moves) ÷ (n + m − 2·LCS): a move is a delete plus an insert of \
        one item, so this compares the edit script the changeset stands for with the shortest \
        one. Points above 1 carry their ratio: ×2 means twice the steps needed.
        """

    struct Panel: Sendable {
        var column: String
        var title: String
        var label: String
        var measure: @Sendable (ResultRow) -> Double?
    }

    static let panels = [
        Panel(
            column: "moves_ratio", title: "Moves ÷ fewest moves (common items − LIS)", label: "moves ÷ fewest",
            measure: QualityMeasures.movesRatio),
        Panel(
            column: "edit_ratio", title: "(deletes + inserts + 2·moves) ÷ (n + m − 2·LCS)", label: "edit script ÷ shortest",
            measure: QualityMeasures.editRatio),
    ]

    static func draft(_ allSeries: [RunSeries], runName: String) -> ChartDraft? {
        let picked = pick(allSeries)
        guard !picked.isEmpty else { return nil }
        let engines = allSeries.palette.sorted(picked.flatMap { $0.rows.map(\.engine) })
        // One pair of panels per element kind: thirty workloads on one axis crowd their labels.
        let kinds = RunSeries.elementKinds(picked.map(\.series))
        let table = dataTable(engines: engines, picked: picked, kinds: kinds)

        // Per kind, the panels with something to show (a panel with nothing defined, as when
        // every workload repeats ids, is left out).
        let layout: [(kind: Int, panel: Panel, picked: [(series: RunSeries, slot: Int, rows: [ResultRow], size: Int)])] = kinds.enumerated().flatMap { kind in
            let mine = picked.filter { $0.series.elements == kind.element }
            return panels.filter { panel in mine.contains { $0.rows.contains { panel.measure($0) != nil } } }.map { (kind.offset, $0, mine) }
        }
        let title = "Steps against the fewest possible, at each workload's largest size with every engine"
        let slots = kinds.map { kind in picked.filter { $0.series.elements == kind }.count }.max()!
        // Shorter panels when there are many, so the picture stays one scroll long.
        let panelHeight = layout.count > 2 ? 340 : 420
        let width = max(1000, 160 + 95 * slots), height = 70 + panelHeight * layout.count
        var script = GnuplotScript(name: name, title: title, width: width, height: height, runName: runName)
        let slotColumn = table.number("slot"), kindColumn = table.number("kind_panel")
        script.add([
            "# Columns of \(name).dat: \(slotColumn) slot (x position of the workload), \(kindColumn) kind_panel, "
                + panels.map { "\(table.number($0.column)) \($0.column)" }.joined(separator: ", ") + ".",
            "set multiplot layout \(layout.count),1 title \(GnuplotScript.literal(title)) font ',14'",
            "set xrange [-0.5:\(slots) - 0.5]",
            "set grid noxtics",
            "set logscale y",
            "set lmargin 12",
            "set rmargin 18",
        ])
        let pointWidth = 0.7 / Double(engines.count)
        for (number, item) in layout.enumerated() {
            let panel = item.panel, mine = item.picked
            let sameKind = mine.map(\.series)
            // A log axis shows positive ratios only (0 moves against a positive minimum is off the axis).
            let values = mine.flatMap { $0.rows.compactMap(panel.measure) }.filter { $0 > 0 && $0.isFinite }
            // Ratios are at least 1 for any verified changeset; room above the top point for its rotated label.
            let low = min(0.9, AxisRange.stepDown((values.min() ?? 1) / 1.1))
            let high = AxisRange.stepUp(max(2, (values.max() ?? 1) * 2.2))
            let ticks = AxisRange.ratioTicks(low: low, high: high)
            let column = table.number(panel.column)
            let panelTitle = kinds.count > 1 ? RunSeries.kindText(kinds[item.kind]) + " — " + panel.title : panel.title
            script.add([
                "",
                "# Panel \(number + 1): \(panelTitle)",
                "set title \(GnuplotScript.literal(panelTitle)) font ',12'",
                "set xtics (" + mine.map { "\(GnuplotScript.literal(kindFree(categoryLabel($0.series, all: sameKind, size: $0.size), $0.series))) \($0.slot)" }.joined(separator: ", ") + ") font ',10'",
                "set ylabel \(GnuplotScript.literal(panel.label + " (log scale)"))",
                "set yrange [\(GnuplotScript.number(low)):\(GnuplotScript.number(high))]",
                "set bmargin 4",
                "set ytics (" + ticks.map { "\"\(GnuplotScript.number($0))\" \(GnuplotScript.number($0))" }.joined(separator: ", ") + ")",
                "unset arrow",
                "unset label",
                "set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 1.5 lc rgb '#555555' back",
            ])
            // Workloads where this panel's minimum is not defined say why.
            for entry in mine where !entry.rows.contains(where: { panel.measure($0) != nil }) {
                let why = panel.column == "moves_ratio" ? "ids repeat:\\nno minimum" : "no LCS\\nknown"
                script.add("set label \(entry.slot + 2) \"\(why)\" at \(entry.slot), first 1 center offset 0,1.8 font ',9' tc rgb '#777777'")
            }
            // Rows of other kinds are undefined (1/0) here: gnuplot draws nothing for them.
            let value = "(column(\(kindColumn)) == \(item.kind) ? column(\(column)) : 1/0)"
            var clauses: [String] = []
            for (position, engine) in engines.enumerated() {
                guard let block = table.block(of: engine),
                    mine.contains(where: { $0.rows.contains { $0.engine == engine && panel.measure($0) != nil } })
                else { continue }
                let offset = (Double(position) - Double(engines.count - 1) / 2) * pointWidth
                let x = "($\(slotColumn) + \(GnuplotScript.number(offset)))"
                let colour = allSeries.palette.colour(for: engine)
                let source = clauses.isEmpty ? "'\(name).dat'" : "''"
                clauses.append(
                    "\(source) index \(block) using \(x):\(value) with points pt \(allSeries.palette.pointType(for: engine)) ps 1.6 lc rgb '\(colour)' "
                        + (number == 0 ? "title \(GnuplotScript.literal(engine.name))" : "notitle"))
                // Rotated: engines sit a few pixels apart, so level labels would overlap.
                clauses.append(
                    "'' index \(block) using \(x):\(value):(column(\(column)) > 1.005 ? sprintf('×%.2f', column(\(column))) : '') "
                        + "with labels rotate by 90 left offset 0,0.9 font ',9' tc rgb '\(colour)' notitle")
            }
            if number == 0 {
                // The legend names every engine of the chart, also one only a lower panel shows.
                for engine in engines where !clauses.contains(where: { $0.contains("title \(GnuplotScript.literal(engine.name))") }) {
                    clauses.append("keyentry with points pt \(allSeries.palette.pointType(for: engine)) ps 1.6 lc rgb '\(allSeries.palette.colour(for: engine))' title \(GnuplotScript.literal(engine.name))")
                }
            } else {
                script.add("unset key")
            }
            script.add("plot " + clauses.joined(separator: ", \\\n     "))
        }
        script.add("unset multiplot")

        let file = ChartFile(
            kind: kind, name: name, series: nil, title: title, caption: caption, finding: finding(picked.map(\.rows)),
            width: width, height: height, rows: table.rowCount, drawn: false)
        return ChartDraft(file: file, data: table.render(title: title), script: script.text)
    }

    /// Each series' qualifying rows (ok, with at least one panel's measure)
    /// at the largest size where every engine with such a row has one, and
    /// its slot on the x axis within its element kind. O(rows).
    static func pick(_ allSeries: [RunSeries]) -> [(series: RunSeries, slot: Int, rows: [ResultRow], size: Int)] {
        var picked: [(series: RunSeries, slot: Int, rows: [ResultRow], size: Int)] = []
        for series in allSeries {
            func qualifies(_ row: ResultRow) -> Bool { row.status == .ok && panels.contains { $0.measure(row) != nil } }
            guard let size = series.comparableSize(where: qualifies) else { continue }
            let rows = series.rows.filter { $0.size == size && qualifies($0) }
            // Slots count within the element kind: each kind has its own row of panels.
            let slot = picked.filter { $0.series.elements == series.elements }.count
            picked.append((series, slot, rows, size))
        }
        return picked
    }

    /// The chart's data: the picked rows by engine, with their slot, the
    /// kind's panel and each panel's measure.
    static func dataTable(engines: [Subject], picked: [(series: RunSeries, slot: Int, rows: [ResultRow], size: Int)], kinds: [ElementKind]) -> DataTable {
        var table = DataTable(
            columns: ["size", "inserts", "deletes", "moves", "updates", "steps", "min_moves", "min_edits"],
            derived: ["slot", "kind_panel"] + panels.map(\.column),
            notes: [
                "Rows: for each workload (and parameters and element kind), the results rows with status ok that have moves and min_moves, or deletes, inserts, moves and min_edits, at the largest size where every engine with such a row at some size has one.",
                "slot = the workload's position on the x axis; kind_panel = the element kind's panels (0 = top): "
                    + kinds.enumerated().map { "\($0.offset) \($0.element)" }.joined(separator: ", ") + ";",
                "moves_ratio = moves / min_moves; edit_ratio = (deletes + inserts + 2*moves) / min_edits (0/0 = 1; NaN = not defined).",
            ])
        for engine in engines {
            for entry in picked {
                for row in entry.rows where row.engine == engine {
                    table.add(
                        row, derived: [Double(entry.slot), Double(kinds.firstIndex(of: entry.series.elements)!)] + panels.map { $0.measure(row) })
                }
            }
        }
        return table
    }

    /// The x-axis label: the workload (with parameters when it appears twice)
    /// and the size (by default the series' largest).
    static func categoryLabel(_ series: RunSeries, all: [RunSeries], size: Int? = nil) -> String {
        let shared = all.filter { $0.workload == series.workload }.count > 1
        return (shared ? series.label : series.workload.rawValue) + "\nn = " + Formatting.grouped(size ?? series.largestSize)
    }

    /// A category label without the element kind, which the panel's title names.
    static func kindFree(_ label: String, _ series: RunSeries) -> String {
        label.replacingOccurrences(of: ";elements=\(series.elements)", with: "")
            .replacingOccurrences(of: " (elements=\(series.elements))", with: "")
    }

    /// "Every engine is optimal except: heckel ×1.06 moves on shuffled, …";
    /// each item names its element kind when the run has several ("on
    /// shuffled, uuid elements"), since the same workload then appears once per kind.
    static func finding(_ groups: [[ResultRow]]) -> String {
        var excess: [String] = []
        var kinds: Set<ElementKind> = []
        for rows in groups { for row in rows { kinds.insert(row.elements) } }
        for rows in groups {
            for row in rows {
                let place = row.workload.rawValue + (kinds.count > 1 ? ", " + RunSeries.kindText(row.elements) : "")
                if let ratio = QualityMeasures.movesRatio(row), ratio > 1.005 {
                    excess.append("\(row.engine) \(ratioText(ratio)) moves on \(place)")
                } else if let ratio = QualityMeasures.editRatio(row), ratio > 1.005 {
                    excess.append("\(row.engine) \(ratioText(ratio)) edit script on \(place)")
                }
            }
        }
        if excess.isEmpty { return "Every engine reports the fewest steps on every workload shown." }
        return "Above the optimum: " + excess.joined(separator: "; ") + ". Every other point is optimal."
    }

    static func ratioText(_ value: Double) -> String { "×" + String(format: "%.2f", value) }
}
