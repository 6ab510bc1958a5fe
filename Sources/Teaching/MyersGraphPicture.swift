import Rendering

/// `myers-graph.png`: the greedy forward search on the edit graph, every
/// round in its own colour (edits thin, snakes bold), the furthest point of
/// each (d, k) marked, and the shortest path underneath.
enum MyersGraphPicture {
    static func make(_ pair: TeachingPair, trace: MyersTrace, title: String) -> TeachingPicture {
        let header = TextBlock(lines: [
            .init(text: "Myers edit graph: \(title)   (D = \(trace.distance))", points: PictureTitle.points, bold: true),
            .init(
                text: "As in Myers' paper: old along x (columns, left to right), new along y (rows, top to bottom). "
                    + "A step right deletes old[x], a step down inserts new[y]; green dashes are free diagonals (old[x] = new[y]).",
                points: 11),
            .init(
                text: "Round d extends the furthest path on each diagonal k = x − y by one edit (thin arrow: right from k − 1 "
                    + "or down from k + 1), then follows the snake of matches (thick).",
                points: 11),
            .init(
                text: "The number at each dot is the round d that reached it; the search stops when a path reaches the bottom-right corner.",
                points: 11, color: Palette.muted),
        ])
        let footer = TextBlock(lines: [
            .init(
                text: "D = \(trace.distance) edits = N + M − 2·LCS = \(pair.n) + \(pair.m) − 2·\(pair.table.length). "
                    + "The (d, k) → x table and the backtrack are in myers-trace.txt; index.html says how each engine's answer relates to this path.",
                points: 11)
        ])
        let probe = EditGraphCanvas(pair: pair, top: 0, bottom: 0)
        let rounds = trace.rounds.count
        var legend: [LegendEntry] = []
        let shownRounds = rounds <= 12 ? Array(0..<rounds) : [0, rounds / 4, rounds / 2, 3 * rounds / 4, rounds - 1]
        for d in shownRounds {
            legend.append(LegendEntry(swatch: .line(EditGraphCanvas.roundColor(d, rounds: rounds), width: 4), text: "d = \(d)"))
        }
        legend.append(LegendEntry(swatch: .line(Palette.finalPath, width: 8), text: "shortest path (backtrack)"))
        legend.append(LegendEntry(swatch: .dashed(Palette.freeDiagonal, width: 2), text: "free diagonal (match)"))
        let legendHeight = GnuplotScript.legend(legend, x: 24, y: 0, maxWidth: Double(probe.width) - 48, width: probe.width, height: 100).height
        let top = 30 + header.height(width: probe.width)
        let bottom = 24 + legendHeight + footer.height(width: probe.width) + 20
        var canvas = EditGraphCanvas(pair: pair, top: top, bottom: bottom)
        let file = "myers-graph.dat"
        let (setup, basePlots) = canvas.base(fileName: file)
        func color(_ d: Int) -> Int {
            let hex = EditGraphCanvas.roundColor(d, rounds: rounds)
            return Int(hex.dropFirst(), radix: 16) ?? 0
        }
        let pathIndex = canvas.block(
            "shortest path x y dx dy", EditGraphCanvas.segments(Array(zip(trace.path, trace.path.dropFirst()))))
        var edits: [(GridPoint, GridPoint)] = [], editColors: [Int] = []
        var snakes: [(GridPoint, GridPoint)] = [], snakeColors: [Int] = []
        var points: [String] = []
        for round in trace.rounds {
            for step in round {
                if step.edit != .start {
                    edits.append((step.from, step.afterEdit))
                    editColors.append(color(step.d))
                }
                if step.snakeLength > 0 {
                    snakes.append((step.afterEdit, step.end))
                    snakeColors.append(color(step.d))
                }
                points.append("\(step.end.x)\t\(step.end.y)\t\(color(step.d))\t\(step.d)")
            }
        }
        let editIndex = canvas.block(
            "edits x y dx dy color", EditGraphCanvas.segments(edits) { "\t\(editColors[$0])" }.nonEmpty("NaN\tNaN\t0\t0\t0"))
        let snakeIndex = canvas.block(
            "snakes x y dx dy color", EditGraphCanvas.segments(snakes) { "\t\(snakeColors[$0])" }.nonEmpty("NaN\tNaN\t0\t0\t0"))
        let pointIndex = canvas.block("furthest points of each (d, k): x y color d", points)

        let unit = canvas.layout.unit
        let width = canvas.width, height = canvas.height
        var s = GnuplotScript.preamble(width: width, height: height, output: "myers-graph.png", fontSize: 11)
        s += setup
        s += header.commands(y: 30, width: width, height: height)
        s += GnuplotScript.legend(legend, x: 24, y: Double(height) - bottom + 14, maxWidth: Double(width) - 48, width: width, height: height).commands
        s += footer.commands(y: Double(height) - bottom + 24 + legendHeight + 8, width: width, height: height)
        let pointSize = GnuplotScript.number(max(0.6, unit / 40))
        let dFont = GnuplotScript.number(canvas.layout.font(0.22, minimum: 6))
        var plots = basePlots
        plots.insert("'' index \(pathIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.finalPath)' lw \(GnuplotScript.number(max(6, unit / 5)))", at: 1)
        plots += [
            "'' index \(editIndex) using 1:2:3:4:5 with vectors \(unit >= 24 ? "head filled size screen 0.007,25" : "nohead") lc rgb variable lw \(GnuplotScript.number(max(1.2, unit / 28)))",
            "'' index \(snakeIndex) using 1:2:3:4:5 with vectors nohead lc rgb variable lw \(GnuplotScript.number(max(3, unit / 10)))",
            "'' index \(pointIndex) using 1:2:3 with points pt 7 ps \(pointSize) lc rgb variable",
        ]
        if max(pair.n, pair.m) <= 25 {
            plots.append("'' index \(pointIndex) using ($1 + 0.16):($2 - 0.2):4 with labels left font 'DejaVu Sans Bold,\(dFont)' tc rgb '\(Palette.text)'")
        }
        s.append("plot " + plots.map { $0 + " notitle" }.joined(separator: ", \\\n  "))
        return TeachingPicture(
            name: "myers-graph", data: canvas.data, script: s.joined(separator: "\n") + "\n",
            caption: "Myers' greedy search on the edit graph, old along x and new along y as in the paper (right = delete, "
                + "down = insert): each colour is one round d; thin arrows are edits, thick segments snakes of matches; "
                + "the gold path is the shortest edit script (D = \(trace.distance)).")
    }
}
