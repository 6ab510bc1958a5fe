import Rendering
import Foundation
import FileSupport
import RunResults

/// Chart 5, one for the run: the trade-off in one picture. One point per
/// engine and workload at the workload's largest size where stdlib was
/// timed (x needs stdlib's time); x is the time over
/// stdlib's on the same lists, y is the steps a list view animates over the
/// fewest possible (``QualityMeasures/stepsRatio(_:)``). Colour is the engine,
/// the symbol is the workload. Bottom left is fast and minimal. O(rows).
enum TradeoffChart: RunWideChart {
    static let kind = ChartFile.Kind("tradeoff")
    static let heading = "Speed against quality"
    static let help = "tradeoff (time ratio to stdlib against steps over the fewest)"

    static let caption = """
        One point per engine and workload at the workload's largest size with a stdlib time and every \
        engine that has a point at some size; colour = engine, \
        symbol = workload. Across: time ÷ stdlib's time on the same lists (log scale; left of the \
        dashed line = faster than stdlib). Up: (deletes + inserts + moves) ÷ the fewest possible \
        (log scale; 1 = minimal). With unique ids the fewest is n + m − 2·LCS − fewest moves, \
        exactly; a workload marked * repeats ids, where that minimum is unknown and the move-free \
        minimum n + m − 2·LCS is used instead, so a point below 1 there means moves saved steps. \
        The best engine for a workload is the lowest point furthest left.
        """

    /// Symbols for workloads: filled shapes first, then marks (+, ×, *), and
    /// only then the open forms of the filled shapes (a filled and an open
    /// triangle are hard to tell apart at this size, so they come last).
    static let pointTypes = [7, 5, 9, 11, 13, 15, 1, 2, 3, 6, 4, 8, 10, 12, 14]

    static func draft(_ allSeries: [RunSeries], runName: String) -> ChartDraft? {
        let picked = pick(allSeries)
        guard !picked.isEmpty else { return nil }
        let engines = allSeries.palette.sorted(picked.flatMap { $0.rows.map(\.engine) })
        // One panel per element kind: thirty workloads in one plot is a cloud,
        // and a workload's points of two kinds are not the same experiment.
        let kinds = RunSeries.elementKinds(picked.map(\.series))
        // A workload keeps its symbol in every panel.
        var symbolOf: [String: Int] = [:]
        for entry in picked where symbolOf[workloadLabel(entry, picked)] == nil {
            symbolOf[workloadLabel(entry, picked)] = pointTypes[symbolOf.count % pointTypes.count]
        }
        let table = dataTable(engines: engines, picked: picked, kinds: kinds, symbolOf: symbolOf)
        // Every panel has the same axes, so a point's place compares across kinds.
        let allRows = picked.flatMap(\.rows)
        let xRange = AxisRange.logarithmic(allRows.map { $0.ratioToStdlib! } + [1])
        let yValues = allRows.map { QualityMeasures.stepsRatio($0)!.value }
        // A ratio axis: explicit ticks, so the ends need not be round numbers.
        let yLow = min(0.9, yValues.min()! / 1.25)
        let yRange = (low: yLow, high: max(1.5, yValues.max()! * 1.3))
        let anyInexact = picked.contains { $0.rows.contains { !QualityMeasures.stepsRatio($0)!.exact } }

        let largest = Set(picked.map(\.size))
        let title = "Speed against quality: every engine on every workload"
            + (largest.count == 1 ? " (n = \(Formatting.grouped(largest.first!)))" : " (each at its largest size timed with stdlib)")
        // Each panel is tall enough for its legend: engines, workloads and two headings.
        let legendRows = engines.count + Set(symbolOf.keys).count + 3
        let panelHeight = max(kinds.count == 1 ? 720 : 480, 120 + 19 * legendRows)
        let width = 1100, height = panelHeight * kinds.count + (anyInexact ? 30 : 0) + 80
        var script = GnuplotScript(name: name, title: title, width: width, height: height, runName: runName)
        let x = table.number("ratio_to_stdlib"), y = table.number("steps_ratio"), type = table.number("point_type")
        let panel = table.number("kind_panel")
        let titleLines = ChartText.wrap(title, pixels: width - 40, points: 14).count
        script.add(ChartText.title(title, width: width, height: height))
        script.add([
            "# Columns of \(name).dat: \(x) ratio_to_stdlib, \(y) steps_ratio, \(type) point_type (the workload's symbol), \(panel) kind_panel.",

            "set xlabel 'time ÷ stdlib time on the same lists (log scale; left = faster)'",
            "set ylabel '(deletes + inserts + moves) ÷ fewest possible (log scale)'",
            "set logscale xy",
            // Decade ticks written out ("0.0001", not "1e-04"): the axis is read as "how many times stdlib's time".
            "set xtics (" + decadeTicks(low: xRange.low, high: xRange.high).map { "\"\($0.label)\" \(GnuplotScript.number($0.value))" }.joined(separator: ", ") + ")",
            "set xrange [\(GnuplotScript.number(xRange.low)):\(GnuplotScript.number(xRange.high))]",
            "set yrange [\(GnuplotScript.number(yLow)):\(GnuplotScript.number(yRange.high))]",
            "set ytics (" + AxisRange.ratioTicks(low: yLow, high: yRange.high).map { "\"\(GnuplotScript.number($0))\" \(GnuplotScript.number($0))" }.joined(separator: ", ") + ")",
            "set arrow 1 from first 1, graph 0 to first 1, graph 1 nohead dt 2 lw 1.5 lc rgb '#555555' back",
            "set arrow 2 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 1.5 lc rgb '#555555' back",
            "set label 1 'stdlib speed' at first 1, graph 0.97 left offset 0.5,0 font ',9' tc rgb '#555555'",
            "set label 2 'fewest steps' at graph 0.01, first 1 left offset 0,-0.8 font ',9' tc rgb '#555555'",
            // The legend beside the plot, never over its points.
            "set key outside right top spacing 1.15",
            // Panels share the picture top to bottom; margins leave room for the title, the
            // axis labels and the footnote, and the right quarter for the legend.
            "set multiplot layout \(kinds.count),1 margins 0.09, 0.72, \(GnuplotScript.number((anyInexact ? 85.0 : 60.0) / Double(height))), "
                + "\(GnuplotScript.number(1 - Double(62 + 24 * titleLines) / Double(height))) spacing 0.1, \(GnuplotScript.number(115.0 / Double(height)))",
        ])
        for (number, kind) in kinds.enumerated() {
            if kinds.count > 1 { script.add("set title \(GnuplotScript.literal(RunSeries.kindText(kind))) font ',13'") }
            if number == 1 { script.add("unset label 99") }
            if anyInexact, number == kinds.count - 1 {
                script.add(
                    "set label 3 '* ids repeat: compared with the minimum without moves, n + m − 2·LCS' at screen 0.01, screen \(GnuplotScript.number(12.0 / Double(height))) left font ',9' tc rgb '#555555'")
            }
            // Rows of other kinds are undefined (1/0) in this panel: gnuplot draws nothing for them.
            let inPanel = "(column(\(panel)) == \(number) ? column(\(y)) : 1/0)"
            var clauses: [String] = []
            for engine in engines {
                guard let block = table.block(of: engine) else { continue }
                let source = clauses.isEmpty ? "'\(name).dat'" : "''"
                clauses.append(
                    "\(source) index \(block) using \(x):\(inPanel):\(type) with points pt variable ps 1.7 lw 2 "
                        + "lc rgb '\(allSeries.palette.colour(for: engine))' notitle")
            }
            clauses += legend(
                engines: engines, palette: allSeries.palette, picked: picked, kind: kind, symbolOf: symbolOf,
                oneSize: largest.count == 1)
            script.add("plot " + clauses.joined(separator: ", \\\n     "))
        }
        script.add("unset multiplot")

        let file = ChartFile(
            kind: kind, name: name, series: nil, title: title, caption: caption, finding: finding(picked.map { ($0.series.elements, $0.rows) }, palette: allSeries.palette),
            width: width, height: height, rows: table.rowCount, drawn: false)
        return ChartDraft(file: file, data: table.render(title: title), script: script.text)
    }

    /// A panel's legend: engines by colour, then the panel's workloads by
    /// symbol, a `*` on those whose ids repeat (their steps are compared
    /// with a bound, not the minimum). The points carry no titles of their
    /// own, since a workload's symbol is shared by every engine. `oneSize`:
    /// the title names the size, so the labels drop it. O(rows).
    static func legend(
        engines: [Subject], palette: EnginePalette, picked: [(series: RunSeries, rows: [ResultRow], size: Int)],
        kind: ElementKind, symbolOf: [String: Int], oneSize: Bool
    ) -> [String] {
        var clauses = ["keyentry with points ps 0 title '{/:Bold engine}'"]
        for engine in engines {
            clauses.append("keyentry with points pt 7 ps 1.7 lc rgb '\(palette.colour(for: engine))' title \(GnuplotScript.literal(engine.name))")
        }
        clauses.append("keyentry with points ps 0 title ' '")
        clauses.append("keyentry with points ps 0 title '{/:Bold workload}'")
        for entry in picked where entry.series.elements == kind {
            let inexact = entry.rows.contains { !QualityMeasures.stepsRatio($0)!.exact }
            var label = workloadLabel(entry, picked)
            if oneSize, let cut = label.range(of: ", n = ") { label = String(label[..<cut.lowerBound]) }
            clauses.append(
                "keyentry with points pt \(symbolOf[workloadLabel(entry, picked)]!) ps 1.5 lw 2 lc rgb '#333333' title \(GnuplotScript.literal(label + (inexact ? " *" : "")))")
        }
        return clauses
    }

    /// Each series' rows at the largest size where every engine that has a
    /// placeable point (ok, a ratio to stdlib, a steps ratio) at some size
    /// has one; series with no such size are left out. O(rows).
    static func pick(_ allSeries: [RunSeries]) -> [(series: RunSeries, rows: [ResultRow], size: Int)] {
        var picked: [(series: RunSeries, rows: [ResultRow], size: Int)] = []
        for series in allSeries {
            // stdlib is skipped at the largest sizes of the quadratic cases
            // (shuffled, mixed, feed at 100,000), where no point has an x:
            // such a workload is drawn at its largest size stdlib was timed at.
            let placeable = series.rows.filter { row in
                row.status == .ok && (row.ratioToStdlib ?? 0) > 0 && QualityMeasures.stepsRatio(row) != nil
            }
            // The largest such size with every engine that has a point at some size.
            guard let size = series.comparableSize(where: { placeable.contains($0) }) else { continue }
            let rows = placeable.filter { $0.size == size }
            picked.append((series, rows, size))
        }
        return picked
    }

    /// The chart's data: the picked rows by engine, with their steps ratio,
    /// whether it is exact, the workload's symbol and the kind's panel.
    static func dataTable(
        engines: [Subject], picked: [(series: RunSeries, rows: [ResultRow], size: Int)], kinds: [ElementKind], symbolOf: [String: Int]
    ) -> DataTable {
        var table = DataTable(
            columns: ["size", "ratio_to_stdlib", "median_ns", "inserts", "deletes", "moves", "steps", "min_moves", "min_edits"],
            derived: ["steps_ratio", "exact_minimum", "point_type", "kind_panel"],
            notes: [
                "Rows: for each workload (and parameters and element kind), the results rows with status ok that have a ratio_to_stdlib above 0 and a defined steps_ratio, at the largest size where every engine with such a row at some size has one.",
                "steps_ratio = (deletes + inserts + moves) / (min_edits - min_moves) when min_moves is known (exact_minimum = 1),",
                "otherwise / min_edits, the minimum without moves (exact_minimum = 0); 0/0 = 1. point_type = the workload's gnuplot symbol;",
                "kind_panel = the panel of the row's element kind (0 = top): " + kinds.enumerated().map { "\($0.offset) \($0.element)" }.joined(separator: ", ") + ".",
            ])
        for engine in engines {
            for entry in picked {
                for row in entry.rows where row.engine == engine {
                    let steps = QualityMeasures.stepsRatio(row)!
                    table.add(
                        row,
                        derived: [
                            steps.value, steps.exact ? 1 : 0, Double(symbolOf[workloadLabel(entry, picked)]!),
                            Double(kinds.firstIndex(of: entry.series.elements)!),
                        ])
                }
            }
        }
        return table
    }

    /// A workload's name in the legend: among the series of its own element
    /// kind (the kind is the panel's title), with its size. O(series).
    static func workloadLabel(_ entry: (series: RunSeries, rows: [ResultRow], size: Int), _ picked: [(series: RunSeries, rows: [ResultRow], size: Int)]) -> String {
        let sameKind = picked.map(\.series).filter { $0.elements == entry.series.elements }
        var label = QualityChart.categoryLabel(entry.series, all: sameKind, size: entry.size).replacingOccurrences(of: "\n", with: ", ")
        // The kind is the panel's title: not repeated in each entry.
        label = label.replacingOccurrences(of: ";elements=\(entry.series.elements)", with: "")
            .replacingOccurrences(of: " (elements=\(entry.series.elements))", with: "")
        return label
    }

    /// Powers of ten within the range, labelled in plain decimals ("0.001",
    /// "1", "100"). O(decades).
    static func decadeTicks(low: Double, high: Double) -> [(value: Double, label: String)] {
        guard low > 0, high > low, low.isFinite, high.isFinite else { return [(1, "1")] }
        var ticks: [(Double, String)] = []
        var exponent = Int(ceil(log10(low) - 1e-9))
        while Double(exponent) <= log10(high) + 1e-9, ticks.count < 40 {
            let value = pow(10, Double(exponent))
            let label = exponent >= 0 ? Formatting.grouped(Int(value.rounded())) : String(format: "%.\(-exponent)f", value)
            ticks.append((value, label))
            exponent += 1
        }
        return ticks
    }

    /// Which engines were both the fastest and minimal, and how often. A
    /// workload where the best is tied within noise (``EngineAdvice/tied(_:_:)``)
    /// with another minimal engine counts as shared, not as a win.
    static func finding(_ groups: [(kind: ElementKind, rows: [ResultRow])], palette: EnginePalette) -> String {
        var kinds: [ElementKind] = []
        for group in groups where !kinds.contains(group.kind) { kinds.append(group.kind) }
        guard kinds.count > 1 else { return finding(groups.map(\.rows), palette: palette) }
        // One sentence per kind, each naming its kind.
        return kinds.map { kind in
            let sentence = finding(groups.filter { $0.kind == kind }.map(\.rows), palette: palette)
            return "For \(RunSeries.kindText(kind)): " + sentence.prefix(1).lowercased() + sentence.dropFirst()
        }.joined(separator: " ")
    }

    static func finding(_ groups: [[ResultRow]], palette: EnginePalette) -> String {
        var wins: [Subject: Int] = [:], shared: [Subject: Int] = [:]
        for rows in groups {
            let fewest = rows.map { QualityMeasures.stepsRatio($0)!.value }.min()!
            let minimal = rows.filter { QualityMeasures.stepsRatio($0)!.value <= fewest + 1e-9 && $0.medianNs != nil }
            guard let best = minimal.min(by: { $0.ratioToStdlib! < $1.ratioToStdlib! }) else { continue }
            let tied = minimal.filter { $0.engine != best.engine && EngineAdvice.tied(best, $0) }
            if tied.isEmpty {
                wins[best.engine, default: 0] += 1
            } else {
                for row in [best] + tied { shared[row.engine, default: 0] += 1 }
            }
        }
        let ranked = palette.sorted(Set(wins.keys).union(shared.keys)).sorted {
            (wins[$0] ?? 0, shared[$0] ?? 0) > (wins[$1] ?? 0, shared[$1] ?? 0)
        }
        let parts = ranked.map { engine -> String in
            var text = "\(engine) alone on \(wins[engine] ?? 0)"
            if let count = shared[engine] { text += ", tied within noise on \(count)" }
            return text
        }
        return "Fastest among the engines with the fewest steps, of \(groups.count) workloads: " + parts.joined(separator: "; ") + "."
    }
}
