import FileSupport
import Foundation
import HistoryStore
import Rendering

/// The gnuplot chart of one ``HistoryTrend``: `NAME.dat` (one block per
/// panel) and `NAME.gp`, which `gnuplot NAME.gp` in their folder turns into
/// `NAME.png` with no diffbench in sight.
///
/// Runs go along x in run order, labelled by the commit's short hash; each
/// panel shows one measure (the median time with its spread as whiskers,
/// the instruction count, …), the band `compare --against history` judges
/// each point against (drawn from the points before it) as a shaded area,
/// and each step the detector found as a dashed line between its last good
/// and first bad run, labelled with its size. Every text from the store
/// (names, commits) reaches the script through ``GnuplotScript/literal(_:enhanced:)``
/// or ``GnuplotScript/comment(_:)``. O(points).
struct HistoryTrendChart {
    var name: String
    var title: String
    var data: String
    var script: String
    var width: Int
    var height: Int

    static let width = 960
    /// Height of one panel, and of the title and the x labels around them.
    static let panelHeight = 270, frameHeight = 130
    /// At most this many commit labels along x (every k-th run beyond it).
    static let maximumLabels = 40

    /// The chart's title: the case and its machine.
    static func title(_ key: SeriesKey) -> String {
        let parameters = key.parameters.isEmpty ? "" : " [\(key.parameters)]"
        return "\(key.engine) on \(key.workload)\(parameters), \(key.elements) ids, n = \(Formatting.grouped(key.size)) — \(key.machine)"
    }

    init(_ trend: HistoryTrend, name: String) {
        self.name = name
        title = Self.title(trend.key)
        width = Self.width
        height = Self.frameHeight + Self.panelHeight * trend.panels.count
        data = Self.data(trend)
        script = Self.script(trend, name: name, title: title, width: width, height: height)
    }

    /// One block per panel: x, value, noise (0 when none), band low, band high (`?` before the band has enough runs).
    static func data(_ trend: HistoryTrend) -> String {
        var text = "# \(GnuplotScript.comment(title(trend.key)))\n# Columns: x (run position), value, noise, band_low, band_high; one block per panel.\n"
        for (index, panel) in trend.panels.enumerated() {
            if index > 0 { text += "\n\n" }
            text += "# \(panel.measure.rawValue)\n"
            for (position, point) in panel.points.enumerated() {
                let x = trend.position(of: point.runID) ?? position
                let band = panel.bands[position]
                text += [
                    String(x), GnuplotScript.number(point.value), GnuplotScript.number(point.noise ?? 0),
                    band.map { GnuplotScript.number($0.lower) } ?? "?", band.map { GnuplotScript.number($0.upper) } ?? "?",
                ].joined(separator: " ") + "\n"
            }
        }
        return text
    }

    /// The x tics: every run's short commit (every k-th beyond ``maximumLabels``), labelled only under the last panel.
    static func tics(_ trend: HistoryTrend, labelled: Bool) -> String {
        let every = max(1, (trend.runs.count + maximumLabels - 1) / maximumLabels)
        let tics = trend.runs.enumerated().filter { $0.offset % every == 0 }.map { position, run in
            "\(labelled ? GnuplotScript.literal(HistoryChange.End(commit: run.commit, runID: run.runID, date: run.date).shortCommit) : "\"\"") \(position)"
        }
        return "set xtics (" + tics.joined(separator: ", ") + ") rotate by 45 right font ',8'"
    }

    /// The measure's axis: its label, its tic format and the expression that scales a column to it.
    static func axis(_ measure: HistoryMeasure) -> (label: String, format: String, scale: (String) -> String) {
        switch measure {
        case .medianNs: return ("median time per diff", "%.2s %cs", { "(\($0) / 1e9)" })
        case .instructions: return ("instructions per diff", "%.2s %c", { "(\($0))" })
        case .peakHeapBytes: return ("peak heap", "%.1s %cB", { "(\($0))" })
        case .allocations: return ("allocations per diff", "%.2s %c", { "(\($0))" })
        case .steps: return ("steps of the answer", "%.0f", { "(\($0))" })
        case .samples: return ("samples", "%.0f", { "(\($0))" })
        }
    }

    static func script(_ trend: HistoryTrend, name: String, title: String, width: Int, height: Int) -> String {
        var lines = [
            "# \(GnuplotScript.comment(title))",
            "# Drawn by `diffbench history chart` from the history store.",
            "# Redraw or restyle from this folder: gnuplot \(name).gp   (reads \(name).dat, writes \(name).png)",
            "reset",
            "if (!exists(\"outfile\")) outfile = '\(name).png'",
            "set encoding utf8",
            "set terminal pngcairo size \(width),\(height) enhanced font 'Sans,10' background rgb 'white'",
            "set output outfile",
            "set datafile missing '?'",
            "set micro",
            "# Headroom above the data for the key and the steps' labels.",
            "set offsets 0, 0, graph 0.3, graph 0.05",
            "set border 3 lc rgb '#444444'",
            "set tics nomirror out",
            "set grid xtics ytics lt 1 lc rgb '#e4e4e4' lw 1",
            "set key top left horizontal opaque box lc rgb '#dddddd' font ',9' samplen 2",
            "set xrange [-0.5:\(GnuplotScript.number(Double(trend.runs.count) - 0.5))]",
        ]
        let top = 1 - 56 / Double(height), bottom = 74 / Double(height)
        lines.append(
            "set multiplot layout \(trend.panels.count),1 title \(GnuplotScript.literal(title)) font ',12' "
                + "margins 0.115,0.98,\(GnuplotScript.number(bottom)),\(GnuplotScript.number(top)) spacing 0,\(GnuplotScript.number(28 / Double(height)))"
        )
        for (index, panel) in trend.panels.enumerated() {
            lines += self.panel(panel, index: index, of: trend, name: name)
        }
        lines.append("unset multiplot")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One panel: tics, step markers, then the band, the whiskers and the line.
    static func panel(_ panel: HistoryTrend.Panel, index: Int, of trend: HistoryTrend, name: String) -> [String] {
        let axis = axis(panel.measure)
        let last = index == trend.panels.count - 1
        var lines = [
            "# Panel \(index + 1): \(panel.measure.rawValue)",
            "unset arrow",
            "unset label",
            tics(trend, labelled: last),
            last ? "set xlabel 'commit (run order)' offset 0,0.6" : "unset xlabel",
            "set ylabel \(GnuplotScript.literal(axis.label))",
            "set format y '\(axis.format)'",
        ]
        for (number, step) in panel.steps.enumerated() {
            let before = trend.position(of: step.change.lastGood.runID) ?? step.lastGood
            let after = trend.position(of: step.change.firstBad.runID) ?? step.lastGood + 1
            let x = GnuplotScript.number((Double(before) + Double(after)) / 2)
            let colour = step.change.medianAfter > step.change.medianBefore ? "#c0392b" : "#1e8449"
            let size = String(format: "%+.1f %%", step.change.sizePercent)
            lines.append("set arrow \(number + 1) from \(x), graph 0 to \(x), graph 1 nohead dt 2 lw 2 lc rgb '\(colour)' front")
            lines.append("set label \(number + 1) \(GnuplotScript.literal(size)) at \(x), graph 0.84 right offset -0.4,0 font ',9' tc rgb '\(colour)' front")
        }
        let value = axis.scale("$2"), low = axis.scale("$4"), high = axis.scale("$5"), noise = axis.scale("$3")
        var clauses = [
            "'\(name).dat' index \(index) using 1:\(low):\(high) with filledcurves fc rgb '#d6e6f5' fs solid 1.0 noborder title 'gate band (earlier runs)'",
            "'' index \(index) using 1:\(value) with lines lw 1.5 lc rgb '#1f5fa8' notitle",
        ]
        if panel.measure == .medianNs {
            clauses.append("'' index \(index) using 1:\(value):\(noise) with yerrorbars pt 7 ps 0.7 lc rgb '#1f5fa8' title 'median ± spread (MAD)'")
        } else {
            clauses.append("'' index \(index) using 1:\(value) with points pt 7 ps 0.7 lc rgb '#1f5fa8' title \(GnuplotScript.literal(panel.measure.rawValue))")
        }
        if !panel.steps.isEmpty {
            clauses.append("NaN with lines dt 2 lw 2 lc rgb '#c0392b' title 'step found (change point)'")
        }
        lines.append("plot " + clauses.joined(separator: ", \\\n     "))
        return lines
    }

    /// A file name for `key` from its case, in lowercase ASCII letters,
    /// digits and hyphens (store text never names a file as it is), made
    /// unique among `taken` with a number. O(length).
    static func name(for key: SeriesKey, taken: inout Set<String>) -> String {
        let raw = [key.engine, key.workload.rawValue, key.parameters, key.elements.rawValue, String(key.size)].filter { !$0.isEmpty }.joined(separator: "-")
        var slug = ""
        for scalar in raw.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        let base = "trend-" + String(slug.prefix(80)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        var name = base, number = 2
        while !taken.insert(name).inserted {
            name = "\(base)-\(number)"
            number += 1
        }
        return name
    }
}
