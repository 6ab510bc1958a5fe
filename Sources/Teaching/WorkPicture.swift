import Rendering
/// `work.png`: the same grid three times: the cells the LCS table fills
/// (all of them), the points Myers' greedy search visits, and the points the
/// linear-space variant visits; counts in the panel titles and the caption.
enum WorkPicture {
    static func make(
        _ pair: TeachingPair, greedy: MyersTrace, linear: MyersMiddleSnakeTrace, counts: WorkCounts, title: String
    ) -> TeachingPicture {
        let n = pair.n, m = pair.m
        // Old along x, new along y, as in the edit graphs.
        let panelWidth = Double(n) + 2.5
        let unit = min(48, max(5, 1340 / (3 * panelWidth)), max(5, 560 / (Double(m) + 2)))
        let plotWidth = 3 * panelWidth * unit
        let plotHeight = (Double(m) + (unit >= 14 ? 1.7 : 1.2)) * unit
        let width = Int(max(plotWidth + 60, 1040))
        let lcsPath = Array(pair.table.tracebackPath().map { GridPoint($0.i, $0.j) }.reversed())
        let samePaths = lcsPath == greedy.path && greedy.path == linear.path
        let header = TextBlock(lines: [
            .init(text: "Work: which cells each algorithm touches: \(title)", points: PictureTitle.points, bold: true),
            .init(
                text: "The same (N+1) × (M+1) grid three times, old along x and new along y. Each square is a point (x, y) of the edit graph, "
                    + "which is the LCS table's cell (i, j) = (x, y); like the table's headers, column x is labelled with old[x−1] and row y "
                    + "with new[y−1], the element consumed to get there (∅ for 0). Coloured squares were computed; grey ones never looked at.",
                points: 11),
        ])
        let total = counts.lcsCells
        let footer = footerText(greedy: greedy, counts: counts, samePaths: samePaths)
        let top = 30 + header.height(width: width) + 30
        let bottom = 24 + footer.height(width: width)
        let height = Int(plotHeight + top + bottom)
        let side = (Double(width) - plotWidth) / 2
        let labelPoints = max(6, min(12, unit * 0.32))
        let data = dataBlocks(pair, greedy: greedy, linear: linear, lcsPath: lcsPath, unit: unit, labelPoints: labelPoints)

        var s = GnuplotScript.preamble(width: width, height: height, output: "work.png", fontSize: 11)
        s += GnuplotScript.margins(left: side, right: side, top: top, bottom: bottom, width: width, height: height)
        s += [
            "set xrange [-1.25:\(GnuplotScript.number(3 * panelWidth - 1.25))]",
            "set yrange [\(GnuplotScript.number(Double(m) + 0.6)):\(unit >= 14 ? "-1.1" : "-0.6")]",
        ]
        s += header.commands(y: 30, width: width, height: height)
        let titles = [
            "LCS table: all \(total) cells",
            "Myers greedy: \(counts.greedyPoints) of \(total) points",
            "Myers linear space: \(counts.linearPoints) of \(total)",
        ]
        for (index, text) in titles.enumerated() {
            let center = side + (Double(index) * panelWidth + Double(n) / 2 + 1.25) * unit
            let points = TextFit.size(text, maxWidth: panelWidth * unit - 8, preferred: 13, minimum: 7)
            s.append(
                GnuplotScript.screenLabel(
                    text, x: center, y: top - 10, width: width, height: height, align: "center",
                    font: "DejaVu Sans Bold,\(GnuplotScript.number(points))"))
        }
        s += footer.commands(y: Double(height) - bottom + 30, width: width, height: height)
        let half = GnuplotScript.number(0.42)
        var plots: [String] = []
        for panel in 0..<3 {
            let offset = GnuplotScript.number(Double(panel) * panelWidth)
            plots.append("'work.dat' index 0 using ($1 + \(offset)):2:(\(half)):(\(half)):\(panel + 3) with boxxyerror fs solid 1.0 noborder fc rgb variable")
            plots.append("'' index \(panel + 1) using ($1 + \(offset)):2 with lines lc rgb '#333333' lw \(GnuplotScript.number(max(1, unit / 14)))")
        }
        if unit >= 14 {
            let labelFont = GnuplotScript.number(labelPoints)
            if m > 0 {
                plots.append("'' index 5 using (-0.85):1:2 with labels font ',\(labelFont)' tc rgb '\(Palette.muted)'")
            }
            for panel in 0..<3 where n > 0 {
                let offset = GnuplotScript.number(Double(panel) * panelWidth)
                plots.append("'' index 4 using ($1 + \(offset)):(-0.62):2 with labels font ',\(labelFont)' tc rgb '\(Palette.muted)'")
            }
        }
        s.append("plot " + plots.map { $0 + " notitle" }.joined(separator: ", \\\n  "))
        return TeachingPicture(
            name: "work", data: data, script: s.joined(separator: "\n") + "\n",
            caption: "Cells touched: the LCS table fills all \(total); Myers' greedy search visits \(counts.greedyPoints) "
                + "points, its linear-space variant \(counts.linearPoints) (\(counts.linearVisits) visits) with O(N + M) memory.")
    }

    /// What the three panels show, in numbers, and why their paths may differ.
    static func footerText(greedy: MyersTrace, counts: WorkCounts, samePaths: Bool) -> TextBlock {
        let total = counts.lcsCells
        let why = samePaths
            ? "All three algorithms return the same path here (D = \(greedy.distance))."
            : "The three dark paths differ, yet each has D = \(greedy.distance) edits: a shortest path is rarely unique, and each algorithm "
                + "breaks ties its own way. The LCS traceback follows the arrows stored while filling (on a tie it goes ↑, a delete), "
                + "the greedy search keeps whichever neighbouring diagonal reached further (right on a tie), and the linear-space variant "
                + "goes through the middle snakes it found first."
        return TextBlock(lines: [
            .init(text: "LCS fills every one of the (N+1)(M+1) = \(total) cells and keeps them all: the traceback needs the whole table.", points: 11),
            .init(
                text: "Myers' greedy search visits \(counts.greedyPoints) points in D + 1 = \(greedy.rounds.count) rounds and stores \(counts.greedyFrontier) frontier values (d, k) → x for its backtrack.",
                points: 11),
            .init(
                text: "The linear-space variant visits \(counts.linearPoints) distinct points (\(counts.linearVisits) visits, some twice as sub-problems are searched again) but keeps only two frontier arrays.",
                points: 11),
            .init(text: why, points: 11, bold: !samePaths),
            .init(text: "The fewer differences (small D), the fewer points Myers touches; the LCS table costs N·M whatever the input.", points: 11, color: Palette.muted),
        ])
    }

    /// Each point's colour in the three panels, the three paths, and the
    /// old and new labels of the columns and rows. O(N·M).
    static func dataBlocks(
        _ pair: TeachingPair, greedy: MyersTrace, linear: MyersMiddleSnakeTrace, lcsPath: [GridPoint], unit: Double, labelPoints: Double
    ) -> String {
        let n = pair.n, m = pair.m
        let greedySet = greedy.visitedPoints
        let linearSet = linear.visitedPoints
        let touched = [0xF2A541, 0x1F77B4, 0x9467BD]
        let untouched = 0xF4F4F4

        var rows: [String] = []
        for x in 0...n {
            for y in 0...m {
                let p = GridPoint(x, y)
                let colors = [touched[0], greedySet.contains(p) ? touched[1] : untouched, linearSet.contains(p) ? touched[2] : untouched]
                rows.append("\(x)\t\(y)\t" + colors.map(String.init).joined(separator: "\t"))
            }
        }
        var data = "# 0: x y lcs_color greedy_color linear_color\n" + rows.joined(separator: "\n") + "\n"
        for (index, path) in [lcsPath, greedy.path, linear.path].enumerated() {
            data += "\n\n# \(index + 1): path of panel \(index + 1), x y\n"
            data += path.map { "\($0.x)\t\($0.y)" }.joined(separator: "\n") + "\n"
        }

        // Column x (row y) shows the element consumed on arriving there, as in the LCS table's headers.
        data += "\n\n# 4: old labels x label (old[x-1])\n"
        data += (["∅"] + pair.oldLabels.map { TextFit.fit(DisplayLabel.make($0, limit: 3), maxWidth: unit - 2, points: labelPoints) }).enumerated().map { "\($0.offset)\t\(GnuplotScript.field($0.element))" }.joined(separator: "\n") + "\n"
        data += "\n\n# 5: new labels y label (new[y-1])\n"
        data += (["∅"] + pair.newLabels.map { DisplayLabel.make($0, limit: 3) }).enumerated().map { "\($0.offset)\t\(GnuplotScript.field($0.element))" }.joined(separator: "\n") + "\n"
        return data
    }
}
