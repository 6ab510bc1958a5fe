import Rendering
/// The pieces every edit-graph picture shares: the grid, the free
/// diagonals where elements match, the element labels along the sides, and
/// the k-diagonal names.
///
/// The orientation is the one of Myers' paper (1986) and of most
/// explanations built on it: old along x (columns, left to right), new along
/// y (rows, top to bottom). A step right deletes old[x], a step down inserts
/// new[y], and diagonal k = x − y runs from top-left to bottom-right. The
/// LCS table keeps the textbook layout (old down the rows), so it is this
/// grid transposed; its caption says so.
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
        // New labels name the rows (left), old labels the columns (top).
        headers = HeaderSpace(rowLabels: newShown, columnLabels: oldShown, unit: layout.unit, points: layout.font(0.4, minimum: 7))
        // Point numbers at −0.4, element labels beyond −0.75 (left) and −0.7 (top).
        xMin = -0.95 - headers.rowUnits
        yMin = headers.rotateColumns ? -0.9 - headers.columnUnits : -0.7 - headers.columnUnits
        let plotWidth = (Double(pair.n) + 1.3 - xMin) * layout.unit
        let plotHeight = (Double(pair.m) + 0.9 - yMin) * layout.unit
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

    /// Segment rows "x y dx dy" for a list of point pairs (x = old, y = new).
    static func segments(_ pairs: [(GridPoint, GridPoint)], extra: (Int) -> String = { _ in "" }) -> [String] {
        pairs.enumerated().map { index, pair in
            let (p, q) = pair
            return "\(p.x)\t\(p.y)\t\(q.x - p.x)\t\(q.y - p.y)" + extra(index)
        }
    }

    /// The script lines that set up the frame and the plot elements drawing
    /// the grid, the matches and the labels (to put first in `plot`).
    mutating func base(fileName: String) -> (setup: [String], plots: [String]) {
        let n = pair.n, m = pair.m
        var grid: [String] = []
        for x in 0...n { grid.append("\(x)\t0\t0\t\(m)") }
        for y in 0...m { grid.append("0\t\(y)\t\(n)\t0") }
        let gridIndex = block("grid lines x y dx dy", grid)
        var matches: [String] = []
        for x in 0..<n {
            for y in 0..<m where pair.codes.old[x] == pair.codes.new[y] { matches.append("\(x)\t\(y)\t1\t1") }
        }
        let matchIndex = block("free diagonals (old[x] = new[y]) x y dx dy", matches.isEmpty ? ["NaN\tNaN\t0\t0"] : matches)
        let oldRows = oldShown.enumerated().map { "\($0.offset)\t\(GnuplotScript.field($0.element))" }
        let oldIndex = block("old labels x label", oldRows.isEmpty ? ["NaN\t''"] : oldRows)
        let newRows = newShown.enumerated().map { "\($0.offset)\t\(GnuplotScript.field($0.element))" }
        let newIndex = block("new labels y label", newRows.isEmpty ? ["NaN\t''"] : newRows)
        var kRows: [String] = []
        let every = n + m <= 30 ? 1 : (n + m <= 60 ? 2 : 5)
        for k in -m...n where k % every == 0 {
            // Where diagonal k leaves the grid: at the bottom edge (y = M) or the right edge (x = N).
            let y = min(m, n - k)
            let x = y + k
            let (px, py) = y == m ? (Double(x) + 0.1, Double(m) + 0.45) : (Double(n) + 0.3, Double(y) + 0.15)
            kRows.append("\(GnuplotScript.number(px))\t\(GnuplotScript.number(py))\tk=\(k)")
        }
        let kIndex = block("k diagonal names x y text", kRows)
        var numbers: [String] = []
        for x in 0...n { numbers.append("\(x)\t-0.4\t\(x)") }
        for y in 0...m { numbers.append("-0.4\t\(y)\t\(y)") }
        let numberIndex = block("point numbers x y text", numbers)

        let setup = GnuplotScript.margins(left: side, right: side, top: top, bottom: bottom, width: width, height: height) + [
            "set xrange [\(GnuplotScript.number(xMin)):\(GnuplotScript.number(Double(n) + 1.3))]",
            "set yrange [\(m).9:\(GnuplotScript.number(yMin))]",
            "set label 'x →' at \(GnuplotScript.number(Double(n) + 0.3)),-0.4 left tc rgb '\(Palette.muted)' font ',\(GnuplotScript.number(layout.font(0.24, minimum: 6)))'",
            "set label 'y ↓' at -0.4,\(GnuplotScript.number(Double(m) + 0.55)) center tc rgb '\(Palette.muted)' font ',\(GnuplotScript.number(layout.font(0.24, minimum: 6)))'",
        ]
        let labelFont = GnuplotScript.number(layout.font(0.4, minimum: 7))
        let smallFont = GnuplotScript.number(layout.font(0.24, minimum: 6))
        // gnuplot 5.4 crashes on `with labels` over a block without a valid
        // point, so label plots of empty lists are left out.
        var plots = [
            "'\(fileName)' index \(gridIndex) using 1:2:3:4 with vectors nohead lc rgb '#DDDDDD' lw 1",
            "'' index \(matchIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.freeDiagonal)' lw \(GnuplotScript.number(max(1, layout.unit / 30))) dt 2",
            "'' index \(kIndex) using 1:2:3 with labels left font ',\(smallFont)' tc rgb '#999999'",
            "'' index \(numberIndex) using 1:2:3 with labels font ',\(smallFont)' tc rgb '\(Palette.muted)'",
        ]
        if m > 0 {
            plots.append("'' index \(newIndex) using (-0.75):($1 + 0.5):2 with labels right font 'DejaVu Sans Bold,\(labelFont)' tc rgb '\(Palette.text)'")
        }
        if n > 0 {
            plots.append(
                headers.rotateColumns
                    ? "'' index \(oldIndex) using ($1 + 0.5):(-0.75):2 with labels left rotate by 90 font 'DejaVu Sans Bold,\(labelFont)' tc rgb '\(Palette.text)'"
                    : "'' index \(oldIndex) using ($1 + 0.5):(-0.7 - \(GnuplotScript.number(headers.columnUnits / 2))):2 with labels font 'DejaVu Sans Bold,\(labelFont)' tc rgb '\(Palette.text)'")
        }
        return (setup, plots)
    }

    /// A colour per round d: distinct hues while there are few rounds, a
    /// blue → purple → red → orange ramp when there are many. Green is left
    /// out on purpose: it is the colour of the free diagonals.
    static func roundColor(_ d: Int, rounds: Int) -> String {
        let distinct = ["#1F77B4", "#FF7F0E", "#D62728", "#9467BD", "#8C564B", "#E377C2", "#17BECF", "#7F7F7F", "#BCBD22"]
        if rounds <= distinct.count { return distinct[d] }
        let ramp = ColorRamp(stops: [RGBA(hex: 0x1F77B4), RGBA(hex: 0x9467BD), RGBA(hex: 0xD62728), RGBA(hex: 0xFF7F0E)])
        let c = ramp.color(at: Double(d) / Double(max(1, rounds - 1)))
        return GnuplotScript.hex(Int(c.r) << 16 | Int(c.g) << 8 | Int(c.b))
    }
}

/// Text blocks above and below a picture, wrapped to its width; their
/// heights decide the picture's margins, so no sentence is ever cut.
struct TextBlock {
    struct Line {
        var text: String
        var points: Double
        var bold = false
        var color = Palette.text
    }
    var lines: [Line]

    /// Pixels the block takes at `width` (24 px margins each side).
    func height(width: Int) -> Double {
        var total = 0.0
        for line in lines {
            total += Double(TextFit.wrap(line.text, maxWidth: Double(width) - 48, points: line.points, bold: line.bold).count)
                * line.points * 4 / 3 * 1.45
        }
        return total
    }

    /// The labels, from pixel row `y` down.
    func commands(y: Double, width: Int, height: Int) -> [String] {
        var commands: [String] = []
        var penY = y
        for line in lines {
            let paragraph = GnuplotScript.paragraph(
                line.text, x: 24, y: penY, maxWidth: Double(width) - 48, width: width, height: height, points: line.points,
                bold: line.bold, color: line.color)
            commands += paragraph.commands
            penY = paragraph.next
        }
        return commands
    }
}

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

/// `myers-middle-snake.png`: the linear-space variant, one panel per
/// middle-snake search (the whole grid first, then the sub-problems in the
/// order the recursion meets them), and a last panel with the result.
///
/// A single panel for everything (the earlier picture) drew the forward and
/// backward searches of every sub-problem in the same two colours on top of
/// each other; one panel each lets a student follow one search at a time:
/// its region shaded, its forward rounds blue from the region's top-left,
/// its backward rounds orange from its bottom-right, the snake where they
/// met red. The picture is laid out in pixels (one data unit = one pixel),
/// so text and grids can be placed exactly.
enum MiddleSnakePicture {
    /// Searches drawn as panels; the rest are in myers-trace.txt.
    static let maximumPanels = 5

    static func make(_ pair: TeachingPair, trace: MyersMiddleSnakeTrace, title: String) -> TeachingPicture {
        let n = pair.n, m = pair.m
        let searches = Array(trace.searches.prefix(maximumPanels))
        let panelCount = searches.count + 1
        let columns = panelCount <= 3 ? panelCount : (panelCount == 4 ? 2 : 3)
        let rows = (panelCount + columns - 1) / columns
        let unit = max(3, min(34, 1400 / (Double(columns) * (Double(n) + 1.5)), 1000 / (Double(rows) * (Double(m) + 1.5))))
        let showLabels = unit >= 14
        let labelPoints = min(10, unit * 0.5)
        // Old labels share a column's width; new labels get the room they need on the left.
        let shortOld = pair.oldLabels.map { TextFit.fit(DisplayLabel.make($0, limit: 3), maxWidth: unit - 2, points: labelPoints) }
        let shortNew = pair.newLabels.map { DisplayLabel.make($0, limit: 3) }
        let leftRoom = showLabels ? (shortNew.map { TextFit.width($0, points: labelPoints) }.max() ?? 0) + 8 : 4
        let topRoom = showLabels ? labelPoints * 4 / 3 + 8 : 4
        let gridWidth = Double(n) * unit, gridHeight = Double(m) * unit
        let slotWidth = max(leftRoom + gridWidth + 24, 340)
        let width = Int(max(1040, Double(columns) * slotWidth + 48))
        let titlePoints = 11.0, captionPoints = 10.0
        let textWidth = slotWidth - 16

        // Texts first: their heights decide the layout.
        var panelTitles: [String] = []
        var captions: [String] = []
        for (number, search) in searches.enumerated() {
            panelTitles.append(
                "Search \(number + 1)\(search.depth == 0 ? " (whole grid)" : " (depth \(search.depth))"): "
                    + "old[\(search.origin.x)..<\(search.corner.x)] × new[\(search.origin.y)..<\(search.corner.y)]")
            captions.append(caption(search))
        }
        panelTitles.append("Result: one shortest path, D = \(trace.distance)")
        var result = trace.searches.isEmpty
            ? "D ≤ 1 (or one list is empty), so no middle snake is needed: the plain greedy search gives the path directly. "
            : "The middle snakes (red, numbered in search order) split the grid; regions with D ≤ 1 (dashed boxes) are finished "
                + "by the plain greedy search. Joined, they give the gold path. Only two frontier arrays exist at any time: O(N + M) memory. "
        if trace.searches.count > searches.count {
            result += trace.searches.count == searches.count + 1
                ? "Search \(trace.searches.count) is not drawn; myers-trace.txt lists every search."
                : "Searches \(searches.count + 1)–\(trace.searches.count) are not drawn; myers-trace.txt lists every search."
        }
        captions.append(result)
        let titleHeight = panelTitles.map { Double(TextFit.wrap($0, maxWidth: textWidth, points: titlePoints).count) }.max()! * titlePoints * 4 / 3 * 1.45
        let captionHeight = captions.map { Double(TextFit.wrap($0, maxWidth: textWidth, points: captionPoints, bold: false).count) }.max()!
            * captionPoints * 4 / 3 * 1.45
        let slotHeight = titleHeight + topRoom + gridHeight + 12 + captionHeight + 22

        let header = TextBlock(lines: [
            .init(text: "Myers linear space (middle snake): \(title)   (D = \(trace.distance))", points: PictureTitle.points, bold: true),
            .init(
                text: "Old along x (left to right), new along y (top to bottom), as in the paper: right = delete old[x], down = insert new[y]. "
                    + "Each search runs forward from its region's top-left (blue) and backward from its bottom-right (orange), "
                    + "one round each in turn, until the two frontiers overlap on a diagonal k = x − y.",
                points: 11),
            .init(
                text: "The snake where they meet (red), the middle snake, lies on a shortest path, so the part before it and the part after it "
                    + "are solved the same way: the next panels.",
                points: 11, color: Palette.muted),
        ])
        let top = 30 + header.height(width: width)
        var legend: [LegendEntry] = [
            LegendEntry(swatch: .fill("#FFF1C1"), text: "the region searched"),
            LegendEntry(swatch: .line(Palette.forward, width: 3), text: "forward search"),
            LegendEntry(swatch: .line(Palette.backward, width: 3), text: "backward search"),
            LegendEntry(swatch: .line(Palette.path, width: 6), text: "middle snake"),
            LegendEntry(swatch: .line("#555555", width: 3), text: "earlier middle snakes"),
            LegendEntry(swatch: .line(Palette.finalPath, width: 8), text: "resulting path"),
            LegendEntry(swatch: .dashed(Palette.freeDiagonal, width: 2), text: "free diagonal (match)"),
        ]
        if !trace.smallRegions.isEmpty { legend.append(LegendEntry(swatch: .dashed("#555555", width: 1.5), text: "region with D ≤ 1")) }
        let legendHeight = GnuplotScript.legend(legend, x: 24, y: 0, maxWidth: Double(width) - 48, width: width, height: 100).height
        let height = Int(top + Double(rows) * slotHeight + legendHeight + 30)

        var data: [String] = []
        func block(_ comment: String, _ rows: [String]) -> Int {
            data.append("# \(data.count): \(comment)\n" + rows.nonEmpty("NaN\tNaN\t0\t0").joined(separator: "\n") + "\n")
            return data.count - 1
        }
        var s = GnuplotScript.preamble(width: width, height: height, output: "myers-middle-snake.png", fontSize: 10)
        s += GnuplotScript.margins(left: 0, right: 0, top: 0, bottom: 0, width: width, height: height)
        s += ["set xrange [0:\(width)]", "set yrange [\(height):0]"]
        s += header.commands(y: 30, width: width, height: height)
        s += GnuplotScript.legend(legend, x: 24, y: Double(height) - legendHeight - 20, maxWidth: Double(width) - 48, width: width, height: height).commands

        var grid: [String] = [], diagonals: [String] = [], forward: [String] = [], forwardSnakes: [String] = []
        var backward: [String] = [], backwardSnakes: [String] = [], meeting: [String] = [], earlier: [String] = []
        var path: [String] = [], smallBoxes: [String] = [], dots: [String] = []
        var labels: [String] = []
        for panel in 0..<panelCount {
            let column = panel % columns, row = panel / columns
            let slotX = 24 + Double(column) * slotWidth, slotY = top + Double(row) * slotHeight
            let gx = slotX + leftRoom, gy = slotY + titleHeight + topRoom
            func px(_ p: GridPoint) -> (Double, Double) { (gx + Double(p.x) * unit, gy + Double(p.y) * unit) }
            func segment(_ p: GridPoint, _ q: GridPoint) -> String {
                let (x0, y0) = px(p), (x1, y1) = px(q)
                return "\(GnuplotScript.number(x0))\t\(GnuplotScript.number(y0))\t\(GnuplotScript.number(x1 - x0))\t\(GnuplotScript.number(y1 - y0))"
            }
            let titleLines = TextFit.wrap(panelTitles[panel], maxWidth: textWidth, points: titlePoints)
            for (index, line) in titleLines.enumerated() {
                s.append(
                    GnuplotScript.screenLabel(
                        line, x: slotX, y: slotY + 10 + Double(index) * titlePoints * 4 / 3 * 1.45, width: width, height: height,
                        font: "DejaVu Sans Bold,\(GnuplotScript.number(titlePoints))"))
            }
            let captionLines = TextFit.wrap(captions[panel], maxWidth: textWidth, points: captionPoints, bold: false)
            for (index, line) in captionLines.enumerated() {
                s.append(
                    GnuplotScript.screenLabel(
                        line, x: slotX, y: gy + gridHeight + 22 + Double(index) * captionPoints * 4 / 3 * 1.45, width: width,
                        height: height, font: "DejaVu Sans,\(GnuplotScript.number(captionPoints))"))
            }
            if panel < searches.count {
                let search = searches[panel]
                let (rx0, ry0) = px(search.origin), (rx1, ry1) = px(search.corner)
                s.append(
                    "set object rect from first \(GnuplotScript.number(rx0)),\(GnuplotScript.number(ry0)) to first \(GnuplotScript.number(rx1)),\(GnuplotScript.number(ry1)) "
                        + "fc rgb '#FFF1C1' fs solid 1.0 noborder behind")
                for step in search.forward.joined() {
                    if step.edit != .start { forward.append(segment(step.from, step.afterEdit)) }
                    if step.snakeLength > 0 { forwardSnakes.append(segment(step.afterEdit, step.end)) }
                    let (x, y) = px(step.end)
                    dots.append("\(GnuplotScript.number(x))\t\(GnuplotScript.number(y))\t\(0x1F77B4)")
                }
                for step in search.backward.joined() {
                    if step.edit != .start { backward.append(segment(step.from, step.afterEdit)) }
                    if step.snakeLength > 0 { backwardSnakes.append(segment(step.afterEdit, step.end)) }
                    let (x, y) = px(step.end)
                    dots.append("\(GnuplotScript.number(x))\t\(GnuplotScript.number(y))\t\(0xFF7F0E)")
                }
                meeting.append(segment(search.snakeStart, search.snakeEnd))
                for before in trace.searches.prefix(panel) { earlier.append(segment(before.snakeStart, before.snakeEnd)) }
            } else {
                path += zip(trace.path, trace.path.dropFirst()).map { segment($0, $1) }
                for (number, search) in trace.searches.enumerated() {
                    meeting.append(segment(search.snakeStart, search.snakeEnd))
                    let (x, y) = px(GridPoint((search.snakeStart.x + search.snakeEnd.x + 1) / 2, (search.snakeStart.y + search.snakeEnd.y) / 2))
                    labels.append("\(GnuplotScript.number(x + 3))\t\(GnuplotScript.number(y - 2))\t\(number + 1)")
                }
                for region in trace.smallRegions {
                    let (x0, y0) = px(region.origin), (x1, y1) = px(region.corner)
                    smallBoxes.append("\(GnuplotScript.number((x0 + x1) / 2))\t\(GnuplotScript.number((y0 + y1) / 2))\t\(GnuplotScript.number((x1 - x0) / 2))\t\(GnuplotScript.number((y1 - y0) / 2))")
                }
            }
            for x in 0...n { grid.append(segment(GridPoint(x, 0), GridPoint(x, m))) }
            for y in 0...m { grid.append(segment(GridPoint(0, y), GridPoint(n, y))) }
            for x in 0..<n {
                for y in 0..<m where pair.codes.old[x] == pair.codes.new[y] {
                    diagonals.append(segment(GridPoint(x, y), GridPoint(x + 1, y + 1)))
                }
            }
            if showLabels {
                for (x, label) in shortOld.enumerated() {
                    s.append(
                        "set label \(GnuplotScript.quote(label)) at first \(GnuplotScript.number(gx + (Double(x) + 0.5) * unit)),\(GnuplotScript.number(gy - 6)) center "
                            + "font 'DejaVu Sans Bold,\(GnuplotScript.number(labelPoints))' tc rgb '\(Palette.muted)' front")
                }
                for (y, label) in shortNew.enumerated() {
                    s.append(
                        "set label \(GnuplotScript.quote(label)) at first \(GnuplotScript.number(gx - 5)),\(GnuplotScript.number(gy + (Double(y) + 0.5) * unit)) right "
                            + "font 'DejaVu Sans Bold,\(GnuplotScript.number(labelPoints))' tc rgb '\(Palette.muted)' front")
                }
            }
        }
        let gridIndex = block("grid lines (pixels) x y dx dy", grid)
        let diagonalIndex = block("free diagonals x y dx dy", diagonals)
        let pathIndex = block("resulting path x y dx dy", path)
        let boxIndex = block("regions with D <= 1: centre x y, half width, half height", smallBoxes)
        let forwardIndex = block("forward edits x y dx dy", forward)
        let forwardSnakeIndex = block("forward snakes x y dx dy", forwardSnakes)
        let backwardIndex = block("backward edits x y dx dy", backward)
        let backwardSnakeIndex = block("backward snakes x y dx dy", backwardSnakes)
        let earlierIndex = block("middle snakes of earlier searches x y dx dy", earlier)
        let meetingIndex = block("middle snakes x y dx dy", meeting)
        let dotIndex = block("furthest points x y color", dots.nonEmpty("NaN\tNaN\t0"))
        let labelIndex = block("middle snake numbers x y n", labels.nonEmpty("NaN\tNaN\t''"))
        let thin = GnuplotScript.number(max(1.2, unit / 14)), thick = GnuplotScript.number(max(2.5, unit / 7))
        var plots = [
            "'myers-middle-snake.dat' index \(gridIndex) using 1:2:3:4 with vectors nohead lc rgb '#E0E0E0' lw 1",
            "'' index \(diagonalIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.freeDiagonal)' lw 1 dt 2",
            "'' index \(pathIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.finalPath)' lw \(GnuplotScript.number(max(5, unit / 4)))",
            "'' index \(boxIndex) using 1:2:3:4 with boxxyerror fs empty lc rgb '#555555' dt 2 lw 1.5",
            "'' index \(forwardIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.forward)' lw \(thin)",
            "'' index \(forwardSnakeIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.forward)' lw \(thick)",
            "'' index \(backwardIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.backward)' lw \(thin) dt 3",
            "'' index \(backwardSnakeIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.backward)' lw \(thick)",
            "'' index \(dotIndex) using 1:2:3 with points pt 7 ps \(GnuplotScript.number(max(0.4, unit / 40))) lc rgb variable",
            "'' index \(earlierIndex) using 1:2:3:4 with vectors nohead lc rgb '#555555' lw \(thick)",
            "'' index \(meetingIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.path)' lw \(GnuplotScript.number(max(4, unit / 5)))",
            "'' index \(meetingIndex) using 1:2 with points pt 7 ps \(GnuplotScript.number(max(0.7, unit / 30))) lc rgb '\(Palette.path)'",
            "'' index \(meetingIndex) using ($1 + $3):($2 + $4) with points pt 7 ps \(GnuplotScript.number(max(0.7, unit / 30))) lc rgb '\(Palette.path)'",
        ]
        if !labels.isEmpty {
            plots.append("'' index \(labelIndex) using 1:2:3 with labels left font 'DejaVu Sans Bold,\(GnuplotScript.number(max(7, min(11, unit * 0.4))))' tc rgb '\(Palette.path)'")
        }
        s.append("plot " + plots.map { $0 + " notitle" }.joined(separator: ", \\\n  "))
        return TeachingPicture(
            name: "myers-middle-snake", data: data.joined(separator: "\n\n"), script: s.joined(separator: "\n") + "\n",
            caption: "Myers' linear-space refinement, one panel per middle-snake search: in each, the forward search (blue) from "
                + "the region's top-left and the backward search (orange) from its bottom-right meet on the middle snake (red); "
                + "the last panel joins the snakes into the path (D = \(trace.distance)).")
    }

    /// What a student needs to follow one search: how far each side got and
    /// why the meeting round gives that region's D.
    static func caption(_ search: MyersMiddleSnakeTrace.Search) -> String {
        let delta = search.corner.k - search.origin.k
        let lastForward = search.forward.count - 1, lastBackward = search.backward.count - 1
        var text = "Forward rounds 0–\(lastForward) from \(search.origin) (blue); "
        text += lastBackward >= 0 ? "backward rounds 0–\(lastBackward) from \(search.corner) (orange). " : "no backward round yet. "
        text += "Δ = \(delta) is \(delta % 2 == 0 ? "even" : "odd"), so the frontiers can first overlap in a "
            + "\(delta % 2 == 0 ? "backward" : "forward") round. "
        if search.foundForward {
            text += "They did in forward round d = \(lastForward) on k = \(search.foundDiagonal): D = 2d − 1 = \(search.distance). "
        } else {
            text += "They did in backward round d = \(lastBackward) on k = \(search.foundDiagonal): D = 2d = \(search.distance). "
        }
        let snake = search.snakeStart == search.snakeEnd
            ? "empty middle snake at \(search.snakeStart) (a red dot)"
            : "middle snake \(search.snakeStart) → \(search.snakeEnd)"
        return text + "The \(snake) splits the region in two."
    }
}

extension Array where Element == String {
    /// The rows, or one placeholder row so that an empty block still exists.
    func nonEmpty(_ placeholder: String) -> [String] { isEmpty ? [placeholder] : self }
}
