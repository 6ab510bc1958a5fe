import Rendering

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
        let (panelTitles, captions) = panelTexts(trace, drawn: searches)
        let titleHeight = panelTitles.map { Double(TextFit.wrap($0, maxWidth: textWidth, points: titlePoints).count) }.max()! * titlePoints * 4 / 3 * 1.45
        let captionHeight = captions.map { Double(TextFit.wrap($0, maxWidth: textWidth, points: captionPoints, bold: false).count) }.max()!
            * captionPoints * 4 / 3 * 1.45
        let slotHeight = titleHeight + topRoom + gridHeight + 12 + captionHeight + 22

        let header = headerText(title, trace: trace)
        let top = 30 + header.height(width: width)
        let legend = legendEntries(trace)
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

        var layers = Layers()
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
                layers.addSearch(search, earlier: trace.searches.prefix(panel), segment: segment, px: px)
            } else {
                layers.addResult(trace, segment: segment, px: px)
            }
            layers.addGrid(pair, segment: segment)
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
        s.append(layers.plot(unit: unit, block: block))
        return TeachingPicture(
            name: "myers-middle-snake", data: data.joined(separator: "\n\n"), script: s.joined(separator: "\n") + "\n",
            caption: "Myers' linear-space refinement, one panel per middle-snake search: in each, the forward search (blue) from "
                + "the region's top-left and the backward search (orange) from its bottom-right meet on the middle snake (red); "
                + "the last panel joins the snakes into the path (D = \(trace.distance)).")
    }

    /// The picture's title and the two lines that say how to read it.
    static func headerText(_ title: String, trace: MyersMiddleSnakeTrace) -> TextBlock {
        TextBlock(lines: [
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
    }

    /// The legend; the small-region box only when there is one.
    static func legendEntries(_ trace: MyersMiddleSnakeTrace) -> [LegendEntry] {
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
        return legend
    }

    /// Each panel's title and caption: one per drawn search, then the result's.
    static func panelTexts(_ trace: MyersMiddleSnakeTrace, drawn searches: [MyersMiddleSnakeTrace.Search]) -> (titles: [String], captions: [String]) {
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
        return (panelTitles, captions)
    }

    /// The picture's data, one list of rows per layer, filled panel by panel
    /// in pixels; ``plot(unit:block:)`` turns them into data blocks and the
    /// plot command.
    struct Layers {
        var grid: [String] = [], diagonals: [String] = [], forward: [String] = [], forwardSnakes: [String] = []
        var backward: [String] = [], backwardSnakes: [String] = [], meeting: [String] = [], earlier: [String] = []
        var path: [String] = [], smallBoxes: [String] = [], dots: [String] = []
        var labels: [String] = []

        /// One search's panel: its forward and backward rounds, their
        /// furthest points, its middle snake and the earlier searches' snakes.
        mutating func addSearch(
            _ search: MyersMiddleSnakeTrace.Search, earlier before: ArraySlice<MyersMiddleSnakeTrace.Search>,
            segment: (GridPoint, GridPoint) -> String, px: (GridPoint) -> (Double, Double)
        ) {
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
            for one in before { earlier.append(segment(one.snakeStart, one.snakeEnd)) }
        }

        /// The result's panel: the path, every middle snake numbered, the small regions boxed.
        mutating func addResult(
            _ trace: MyersMiddleSnakeTrace, segment: (GridPoint, GridPoint) -> String, px: (GridPoint) -> (Double, Double)
        ) {
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

        /// Every panel's grid lines and free diagonals.
        mutating func addGrid(_ pair: TeachingPair, segment: (GridPoint, GridPoint) -> String) {
            let n = pair.n, m = pair.m
            for x in 0...n { grid.append(segment(GridPoint(x, 0), GridPoint(x, m))) }
            for y in 0...m { grid.append(segment(GridPoint(0, y), GridPoint(n, y))) }
            for x in 0..<n {
                for y in 0..<m where pair.codes.old[x] == pair.codes.new[y] {
                    diagonals.append(segment(GridPoint(x, y), GridPoint(x + 1, y + 1)))
                }
            }
        }

        /// The data blocks (through `block`, which numbers them) and the plot command.
        func plot(unit: Double, block: (String, [String]) -> Int) -> String {
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
            return "plot " + plots.map { $0 + " notitle" }.joined(separator: ", \\\n  ")
        }
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
