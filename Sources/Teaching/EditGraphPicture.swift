import DiffEngines
import ListUpdates
import Rendering

/// The pieces every edit-graph picture shares: the grid, the free
/// diagonals where elements match, the element labels along the sides, and
/// the k-diagonal names. Pictures use x across = new index (j), y down = old
/// index (i), the LCS table's orientation.
struct EditGraphCanvas {
    let pair: TeachingPair
    let layout: GridLayout
    let width: Int
    let height: Int
    let top: Double
    let bottom: Double
    let side: Double
    let headers: HeaderSpace
    let oldShown: [String]
    let newShown: [String]
    /// Left and top ends of the data ranges (labels and numbers live there).
    let xMin: Double
    let yMin: Double
    var blocks: [String] = []

    init(pair: TeachingPair, top: Double, bottom: Double, minimumWidth: Double = 1040) {
        self.pair = pair
        layout = GridLayout(n: pair.n, m: pair.m, target: 760)
        oldShown = pair.oldLabels.map { DisplayLabel.make($0, limit: 10) }
        newShown = pair.newLabels.map { DisplayLabel.make($0, limit: 10) }
        headers = HeaderSpace(rowLabels: oldShown, columnLabels: newShown, unit: layout.unit, points: layout.font(0.4, minimum: 7))
        // Point numbers at −0.4, element labels beyond −0.75 (left) and −0.7 (top).
        xMin = -0.95 - headers.rowUnits
        yMin = headers.rotateColumns ? -0.9 - headers.columnUnits : -0.7 - headers.columnUnits
        let plotWidth = (Double(pair.m) + 0.9 - xMin) * layout.unit
        let plotHeight = (Double(pair.n) + 0.9 - yMin) * layout.unit
        width = Int(max(plotWidth + 60, minimumWidth))
        height = Int(plotHeight + top + bottom)
        side = (Double(width) - plotWidth) / 2
        self.top = top
        self.bottom = bottom
    }

    /// Adds a data block; returns its index.
    mutating func block(_ comment: String, _ rows: [String]) -> Int {
        blocks.append("# \(blocks.count): \(comment)\n" + rows.joined(separator: "\n") + (rows.isEmpty ? "" : "\n"))
        return blocks.count - 1
    }

    var data: String {
        blocks.joined(separator: "\n\n")
    }

    /// Segment rows "j i dj di" for a list of point pairs (x = old, y = new).
    static func segments(_ pairs: [(GridPoint, GridPoint)], extra: (Int) -> String = { _ in "" }) -> [String] {
        pairs.enumerated().map { index, pair in
            let (p, q) = pair
            return "\(p.y)\t\(p.x)\t\(q.y - p.y)\t\(q.x - p.x)" + extra(index)
        }
    }

    /// The script lines that set up the frame and the plot elements drawing
    /// the grid, the matches and the labels (to put first in `plot`).
    mutating func base(fileName: String) -> (setup: [String], plots: [String]) {
        let n = pair.n, m = pair.m
        var grid: [String] = []
        for i in 0...n { grid.append("0\t\(i)\t\(m)\t0") }
        for j in 0...m { grid.append("\(j)\t0\t0\t\(n)") }
        let gridIndex = block("grid lines j i dj di", grid)
        var matches: [String] = []
        for x in 0..<n {
            for y in 0..<m where pair.codes.old[x] == pair.codes.new[y] { matches.append("\(y)\t\(x)\t1\t1") }
        }
        let matchIndex = block("free diagonals (old[x] = new[y]) j i dj di", matches.isEmpty ? ["NaN\tNaN\t0\t0"] : matches)
        let oldRows = oldShown.enumerated().map { "\($0.offset)\t\(GnuplotScript.field($0.element))" }
        let oldIndex = block("old labels x label", oldRows.isEmpty ? ["NaN\t''"] : oldRows)
        let newRows = newShown.enumerated().map { "\($0.offset)\t\(GnuplotScript.field($0.element))" }
        let newIndex = block("new labels y label", newRows.isEmpty ? ["NaN\t''"] : newRows)
        var kRows: [String] = []
        let every = n + m <= 30 ? 1 : (n + m <= 60 ? 2 : 5)
        for k in -m...n where k % every == 0 {
            // Where diagonal k leaves the grid at the bottom or on the right.
            let x = min(n, m + k)
            let y = x - k
            let (j, i) = x == n ? (Double(y) + 0.1, Double(n) + 0.45) : (Double(m) + 0.45, Double(x) + 0.1)
            kRows.append("\(GnuplotScript.number(j))\t\(GnuplotScript.number(i))\tk=\(k)")
        }
        let kIndex = block("k diagonal names j i text", kRows)
        var numbers: [String] = []
        for x in 0...n { numbers.append("-0.4\t\(x)\t\(x)") }
        for y in 0...m { numbers.append("\(y)\t-0.4\t\(y)") }
        let numberIndex = block("point numbers j i text", numbers)

        let setup = GnuplotScript.margins(left: side, right: side, top: top, bottom: bottom, width: width, height: height) + [
            "set xrange [\(GnuplotScript.number(xMin)):\(m).9]",
            "set yrange [\(n).9:\(GnuplotScript.number(yMin))]",
            "set label 'x ↓ old   y → new' at -0.75,-0.4 right tc rgb '\(Palette.muted)' font ',\(GnuplotScript.number(layout.font(0.22, minimum: 6)))'",
        ]
        let labelFont = GnuplotScript.number(layout.font(0.4, minimum: 7))
        let smallFont = GnuplotScript.number(layout.font(0.24, minimum: 6))
        // gnuplot 5.4 crashes on `with labels` over a block without a valid
        // point, so label plots of empty lists are left out.
        var plots = [
            "'\(fileName)' index \(gridIndex) using 1:2:3:4 with vectors nohead lc rgb '#DDDDDD' lw 1",
            "'' index \(matchIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.match)' lw \(GnuplotScript.number(max(1, layout.unit / 30))) dt 2",
            "'' index \(kIndex) using 1:2:3 with labels left font ',\(smallFont)' tc rgb '#999999'",
            "'' index \(numberIndex) using 1:2:3 with labels font ',\(smallFont)' tc rgb '\(Palette.muted)'",
        ]
        if n > 0 {
            plots.append("'' index \(oldIndex) using (-0.75):($1 + 0.5):2 with labels right font 'DejaVu Sans Bold,\(labelFont)' tc rgb '\(Palette.text)'")
        }
        if m > 0 {
            plots.append(
                headers.rotateColumns
                    ? "'' index \(newIndex) using ($1 + 0.5):(-0.75):2 with labels left rotate by 90 font 'DejaVu Sans Bold,\(labelFont)' tc rgb '\(Palette.text)'"
                    : "'' index \(newIndex) using ($1 + 0.5):(-0.7 - \(GnuplotScript.number(headers.columnUnits / 2))):2 with labels font 'DejaVu Sans Bold,\(labelFont)' tc rgb '\(Palette.text)'")
        }
        return (setup, plots)
    }

    /// A colour per round d: distinct hues while there are few rounds, a
    /// blue → purple → red → orange ramp when there are many.
    static func roundColor(_ d: Int, rounds: Int) -> String {
        let distinct = ["#1F77B4", "#FF7F0E", "#2CA02C", "#D62728", "#9467BD", "#8C564B", "#E377C2", "#17BECF", "#7F7F7F"]
        if rounds <= distinct.count { return distinct[d] }
        let ramp = ColorRamp(stops: [RGBA(hex: 0x1F77B4), RGBA(hex: 0x9467BD), RGBA(hex: 0xD62728), RGBA(hex: 0xFF7F0E)])
        let c = ramp.color(at: Double(d) / Double(max(1, rounds - 1)))
        return GnuplotScript.hex(Int(c.r) << 16 | Int(c.g) << 8 | Int(c.b))
    }
}

/// `myers-graph.png`: the greedy forward search on the edit graph, every
/// round in its own colour (edits thin, snakes bold), the furthest point of
/// each (d, k) marked, and the shortest path underneath.
enum MyersGraphPicture {
    static func make(_ pair: TeachingPair, trace: MyersTrace, title: String) -> TeachingPicture {
        var canvas = EditGraphCanvas(pair: pair, top: 120, bottom: 150)
        let file = "myers-graph.dat"
        let (setup, basePlots) = canvas.base(fileName: file)
        let rounds = trace.rounds.count
        func color(_ d: Int) -> Int {
            let hex = EditGraphCanvas.roundColor(d, rounds: rounds)
            return Int(hex.dropFirst(), radix: 16) ?? 0
        }
        let pathIndex = canvas.block(
            "shortest path j i dj di", EditGraphCanvas.segments(Array(zip(trace.path, trace.path.dropFirst()))))
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
                points.append("\(step.end.y)\t\(step.end.x)\t\(color(step.d))\t\(step.d)")
            }
        }
        let editIndex = canvas.block(
            "edits j i dj di color", EditGraphCanvas.segments(edits) { "\t\(editColors[$0])" }.nonEmpty("NaN\tNaN\t0\t0\t0"))
        let snakeIndex = canvas.block(
            "snakes j i dj di color", EditGraphCanvas.segments(snakes) { "\t\(snakeColors[$0])" }.nonEmpty("NaN\tNaN\t0\t0\t0"))
        let pointIndex = canvas.block("furthest points of each (d, k): j i color d", points)

        let unit = canvas.layout.unit
        let width = canvas.width, height = canvas.height
        var s = GnuplotScript.preamble(width: width, height: height, output: "myers-graph.png", fontSize: 11)
        s += setup
        s += [
            GnuplotScript.screenLabel(
                "Myers edit graph: \(title)   (D = \(trace.distance))", x: 24, y: 34, width: width, height: height,
                font: "DejaVu Sans Bold,17"),
            GnuplotScript.screenLabel(
                "Point (x, y) is the LCS table's cell (x, y). Down deletes old[x], right inserts new[y]; green dashes: free diagonals (old[x] = new[y]).",
                x: 24, y: 62, width: width, height: height, font: "DejaVu Sans,11"),
            GnuplotScript.screenLabel(
                "Round d extends the furthest path on each diagonal k = x − y by one edit (thin arrow), then follows the snake of matches (thick).",
                x: 24, y: 82, width: width, height: height, font: "DejaVu Sans,11"),
            GnuplotScript.screenLabel(
                "The number at each dot is the round d that reached it; the search stops when a path reaches the bottom-right corner.",
                x: 24, y: 102, width: width, height: height, font: "DejaVu Sans,11", color: Palette.muted),
        ]
        var legend: [LegendEntry] = []
        let shownRounds = rounds <= 12 ? Array(0..<rounds) : [0, rounds / 4, rounds / 2, 3 * rounds / 4, rounds - 1]
        for d in shownRounds {
            legend.append(LegendEntry(swatch: .line(EditGraphCanvas.roundColor(d, rounds: rounds), width: 4), text: "d = \(d)"))
        }
        legend.append(LegendEntry(swatch: .line(Palette.finalPath, width: 8), text: "shortest path (backtrack)"))
        legend.append(LegendEntry(swatch: .dashed(Palette.match, width: 2), text: "free diagonal (match)"))
        s += GnuplotScript.legend(legend, x: 24, y: Double(height) - canvas.bottom + 14, maxWidth: Double(width) - 48, width: width, height: height).commands
        s.append(
            GnuplotScript.screenLabel(
                "D = \(trace.distance) edits = N + M − 2·LCS = \(pair.n) + \(pair.m) − 2·\(pair.table.length). "
                    + "The (d, k) → x table and the backtrack are in myers-trace.txt.",
                x: 24, y: Double(height) - 30, width: width, height: height, font: "DejaVu Sans,11"))
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
            caption: "Myers' greedy search on the edit graph: each colour is one round d; thin arrows are edits, thick "
                + "segments snakes of matches; the gold path is the shortest edit script (D = \(trace.distance)).")
    }
}

/// `myers-middle-snake.png`: the linear-space variant. The forward search
/// from the top-left and the backward search from the bottom-right of the
/// whole grid, the middle snake where they meet, and the regions the
/// recursion then solves, each with its own middle snake numbered.
enum MiddleSnakePicture {
    static func make(_ pair: TeachingPair, trace: MyersMiddleSnakeTrace, title: String) -> TeachingPicture {
        var canvas = EditGraphCanvas(pair: pair, top: 120, bottom: 130)
        let file = "myers-middle-snake.dat"
        let (setup, basePlots) = canvas.base(fileName: file)
        let pathIndex = canvas.block(
            "linear-space path j i dj di", EditGraphCanvas.segments(Array(zip(trace.path, trace.path.dropFirst()))))
        var forward: [(GridPoint, GridPoint)] = [], backward: [(GridPoint, GridPoint)] = []
        if let first = trace.searches.first {
            for step in first.forward.joined() {
                if step.edit != .start { forward.append((step.from, step.afterEdit)) }
                if step.snakeLength > 0 { forward.append((step.afterEdit, step.end)) }
            }
            for step in first.backward.joined() {
                if step.edit != .start { backward.append((step.from, step.afterEdit)) }
                if step.snakeLength > 0 { backward.append((step.afterEdit, step.end)) }
            }
        }
        let forwardIndex = canvas.block("top-level forward search j i dj di", EditGraphCanvas.segments(forward).nonEmpty("NaN\tNaN\t0\t0"))
        let backwardIndex = canvas.block("top-level backward search j i dj di", EditGraphCanvas.segments(backward).nonEmpty("NaN\tNaN\t0\t0"))
        var snakes: [String] = [], snakeLabels: [String] = [], regions: [String] = []
        for (number, search) in trace.searches.enumerated() {
            let a = search.snakeStart, b = search.snakeEnd
            snakes.append("\(a.y)\t\(a.x)\t\(b.y - a.y)\t\(b.x - a.x)")
            snakeLabels.append("\(GnuplotScript.number(Double(a.y + b.y) / 2 + 0.2))\t\(GnuplotScript.number(Double(a.x + b.x) / 2 - 0.2))\t\(number + 1)")
            if search.depth > 0 {
                regions.append(
                    "\(GnuplotScript.number(Double(search.origin.y + search.corner.y) / 2))\t\(GnuplotScript.number(Double(search.origin.x + search.corner.x) / 2))\t"
                        + "\(GnuplotScript.number(Double(search.corner.y - search.origin.y) / 2))\t\(GnuplotScript.number(Double(search.corner.x - search.origin.x) / 2))")
            }
        }
        let snakeIndex = canvas.block("middle snakes j i dj di", snakes.nonEmpty("NaN\tNaN\t0\t0"))
        let snakeLabelIndex = canvas.block("middle snake numbers j i n", snakeLabels.nonEmpty("NaN\tNaN\t''"))
        let regionIndex = canvas.block("sub-regions j i half-width half-height", regions.nonEmpty("NaN\tNaN\t0\t0"))

        let width = canvas.width, height = canvas.height
        let unit = canvas.layout.unit
        var s = GnuplotScript.preamble(width: width, height: height, output: "myers-middle-snake.png", fontSize: 11)
        s += setup
        let found: String
        if let first = trace.searches.first {
            found = "They met after \(first.forward.count) + \(first.backward.count) rounds (D = \(first.distance)) "
                + "on middle snake 1 (a dot when empty), which is part of a shortest path."
        } else {
            found = "D ≤ 1 here, so no middle snake is needed: the plain greedy search solves it directly."
        }
        s += [
            GnuplotScript.screenLabel(
                "Myers linear space (middle snake): \(title)   (D = \(trace.distance))", x: 24, y: 34, width: width, height: height,
                font: "DejaVu Sans Bold,17"),
            GnuplotScript.screenLabel(
                "Blue: forward search from the top-left; orange: backward search from the bottom-right; one round each in turn.",
                x: 24, y: 62, width: width, height: height, font: "DejaVu Sans,11"),
            GnuplotScript.screenLabel(found, x: 24, y: 82, width: width, height: height, font: "DejaVu Sans,11"),
            GnuplotScript.screenLabel(
                "The parts before and after it (dashed boxes) are solved the same way (snakes numbered in order). Memory: O(N + M).",
                x: 24, y: 102, width: width, height: height, font: "DejaVu Sans,11", color: Palette.muted),
        ]
        s += GnuplotScript.legend(
            [
                LegendEntry(swatch: .line(Palette.forward, width: 3), text: "forward search"),
                LegendEntry(swatch: .line(Palette.backward, width: 3), text: "backward search"),
                LegendEntry(swatch: .line(Palette.path, width: 6), text: "middle snake (numbered)"),
                LegendEntry(swatch: .dashed("#555555", width: 1.5), text: "sub-problem"),
                LegendEntry(swatch: .line(Palette.finalPath, width: 8), text: "resulting path"),
                LegendEntry(swatch: .dashed(Palette.match, width: 2), text: "free diagonal (match)"),
            ], x: 24, y: Double(height) - canvas.bottom + 14, maxWidth: Double(width) - 48, width: width, height: height
        ).commands
        var plots = basePlots
        plots.insert("'' index \(pathIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.finalPath)' lw \(GnuplotScript.number(max(6, unit / 5)))", at: 1)
        plots += [
            "'' index \(regionIndex) using 1:2:3:4 with boxxyerror fs empty lc rgb '#555555' dt 2 lw 1.5",
            "'' index \(forwardIndex) using ($1 - 0.04):($2 + 0.04):3:4 with vectors nohead lc rgb '\(Palette.forward)' lw \(GnuplotScript.number(max(2, unit / 16)))",
            "'' index \(backwardIndex) using ($1 + 0.04):($2 - 0.04):3:4 with vectors nohead lc rgb '\(Palette.backward)' lw \(GnuplotScript.number(max(2, unit / 16)))",
            "'' index \(snakeIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.path)' lw \(GnuplotScript.number(max(4, unit / 7)))",
            "'' index \(snakeIndex) using 1:2 with points pt 7 ps \(GnuplotScript.number(max(0.7, unit / 35))) lc rgb '\(Palette.path)'",
            "'' index \(snakeIndex) using ($1 + $3):($2 + $4) with points pt 7 ps \(GnuplotScript.number(max(0.7, unit / 35))) lc rgb '\(Palette.path)'",
        ]
        if !snakeLabels.isEmpty {
            plots.append(
                "'' index \(snakeLabelIndex) using 1:2:3 with labels left font 'DejaVu Sans Bold,\(GnuplotScript.number(canvas.layout.font(0.3, minimum: 7)))' tc rgb '\(Palette.path)'")
        }
        s.append("plot " + plots.map { $0 + " notitle" }.joined(separator: ", \\\n  "))
        return TeachingPicture(
            name: "myers-middle-snake", data: canvas.data, script: s.joined(separator: "\n") + "\n",
            caption: "Myers' linear-space refinement: forward (blue) and backward (orange) searches meet on the middle snake (red, 1); "
                + "the parts before and after it are solved the same way (numbered snakes, dashed boxes).")
    }
}

extension Array where Element == String {
    /// The rows, or one placeholder row so that an empty block still exists.
    func nonEmpty(_ placeholder: String) -> [String] { isEmpty ? [placeholder] : self }
}
