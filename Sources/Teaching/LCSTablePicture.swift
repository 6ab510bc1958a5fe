import DiffEngines
import Rendering

/// `lcs-table.png`: the memo table as a grid of cells with their values,
/// matches outlined, the traceback path drawn as arrows from the
/// bottom-right corner back to (0, 0).
enum LCSTablePicture {
    static func make(_ pair: TeachingPair, title: String) -> TeachingPicture {
        let table = pair.table
        let n = pair.n, m = pair.m
        let layout = GridLayout(n: n, m: m)
        let unit = layout.unit
        let path = table.tracebackPath()

        let newShown = ["∅"] + pair.newLabels.map { DisplayLabel.make($0, limit: 10) }
        let oldShown = ["∅"] + pair.oldLabels.map { DisplayLabel.make($0, limit: 10) }
        let data = dataBlocks(table, path: path, oldShown: oldShown, newShown: newShown)

        let headerPoints = layout.font(0.42, minimum: 7)
        let headers = HeaderSpace(rowLabels: oldShown, columnLabels: newShown, unit: unit, points: headerPoints)
        // Left of the cells: row numbers at −0.85, labels ending at −1.3. Above: the same for columns.
        let xMin = -1.5 - headers.rowUnits
        let yMin = headers.rotateColumns ? -1.45 - headers.columnUnits : -1.25 - headers.columnUnits
        let plotWidth = (Double(m) + 0.5 - xMin) * unit
        let plotHeight = (Double(n) + 0.5 - yMin) * unit
        let width = Int(max(plotWidth + 60, 900))
        let header = headerText(title)
        let lcs = pair.lcsLabels
        let lcsText = LCSTablePicture.lcsLine(lcs.map { DisplayLabel.make($0) }, width: width)
        let footer = TextBlock(lines: [
            .init(
                text: "LCS = \(lcsText)   (length \(table.length); N = \(n), M = \(m); \(pair.editDistance) edits without moves)",
                points: 12.5, bold: true),
            .init(
                text: "Fill: a match takes the cell up-left + 1 (↖); otherwise the larger of above (↑, delete) and left (←, insert), ties go up.",
                points: 11),
            .init(
                text: "Traceback: from the bottom-right corner follow the arrows; each ↖ on the path keeps one element of the LCS.",
                points: 11),
        ])
        let legendEntries = [
            LegendEntry(swatch: .fill(GnuplotScript.hex(Palette.tableFill(1, maximum: 1))), text: "cell value (darker = longer LCS)"),
            LegendEntry(swatch: .outline(Palette.match), text: "match: old element = new element"),
            LegendEntry(swatch: .line(Palette.path, width: 3), text: "traceback path"),
        ]
        let legendHeight = GnuplotScript.legend(legendEntries, x: 24, y: 0, maxWidth: Double(width) - 48, width: width, height: 100).height
        let top = 30 + header.height(width: width) + 16
        let bottom = 16 + legendHeight + 16 + footer.height(width: width) + 12
        let height = Int(plotHeight + top + bottom)
        let side = (Double(width) - plotWidth) / 2

        var s = GnuplotScript.preamble(width: width, height: height, output: "lcs-table.png", fontSize: 11)
        s += GnuplotScript.margins(left: side, right: side, top: top, bottom: bottom, width: width, height: height)
        s += [
            "set xrange [\(GnuplotScript.number(xMin)):\(m).5]",
            "set yrange [\(n).5:\(GnuplotScript.number(yMin))]",
            "set label 'j →' at -1.3,-0.85 right tc rgb '\(Palette.muted)' font ',\(GnuplotScript.number(layout.font(0.26, minimum: 6)))'",
            "set label 'i ↓' at -0.85,-1.45 center tc rgb '\(Palette.muted)' font ',\(GnuplotScript.number(layout.font(0.26, minimum: 6)))'",
        ]
        s += header.commands(y: 30, width: width, height: height)
        s += GnuplotScript.legend(legendEntries, x: 24, y: Double(height) - bottom + 16, maxWidth: Double(width) - 48, width: width, height: height).commands
        s += footer.commands(y: Double(height) - bottom + 16 + legendHeight + 22, width: width, height: height)
        let valueFont = GnuplotScript.number(layout.font(0.42, minimum: 7))
        let arrowFont = GnuplotScript.number(layout.font(0.28, minimum: 6))
        let headerFont = GnuplotScript.number(headerPoints)
        let columnHeader = headers.rotateColumns
            ? "'' index 3 using 1:(-1.3):2 with labels left rotate by 90 font 'DejaVu Sans Bold,\(headerFont)' tc rgb '\(Palette.text)' notitle"
            : "'' index 3 using 1:(-1.25 - \(GnuplotScript.number(headers.columnUnits / 2))):2 with labels font 'DejaVu Sans Bold,\(headerFont)' tc rgb '\(Palette.text)' notitle"
        let numberFont = GnuplotScript.number(layout.font(0.26, minimum: 6))
        s.append(
            "plot 'lcs-table.dat' index 0 using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1.0 noborder fc rgb variable notitle, \\\n"
                + "  '' index 0 using 1:2:(0.5):(0.5) with boxxyerror fs empty lc rgb '\(Palette.grid)' lw 1 notitle, \\\n"
                + "  '' index 1 using 1:2:(0.42):(0.42) with boxxyerror fs empty lc rgb '\(Palette.match)' lw \(GnuplotScript.number(max(1.5, unit / 18))) notitle, \\\n"
                + "  '' index 2 using 1:2:3:4 with vectors head filled size screen 0.008,25 lc rgb '\(Palette.path)' lw \(GnuplotScript.number(max(1.5, unit / 14))) notitle, \\\n"
                + "  '' index 0 using 1:2:(column(6) == 0 ? strcol(4) : '') with labels font ',\(valueFont)' tc rgb '\(Palette.text)' notitle, \\\n"
                + "  '' index 0 using 1:2:(column(6) == 1 ? strcol(4) : '') with labels font 'DejaVu Sans Bold,\(valueFont)' tc rgb '\(Palette.path)' notitle, \\\n"
                + "  '' index 0 using ($1 - 0.3):($2 - 0.28):5 with labels font ',\(arrowFont)' tc rgb '\(Palette.muted)' notitle, \\\n"
                + "  \(columnHeader), \\\n"
                + "  '' index 3 using 1:(-0.85):(sprintf('%d', $1)) with labels font ',\(numberFont)' tc rgb '\(Palette.muted)' notitle, \\\n"
                + "  '' index 4 using (-1.3):1:2 with labels right font 'DejaVu Sans Bold,\(headerFont)' tc rgb '\(Palette.text)' notitle, \\\n"
                + "  '' index 4 using (-0.85):1:(sprintf('%d', $1)) with labels font ',\(numberFont)' tc rgb '\(Palette.muted)' notitle"
        )
        return TeachingPicture(
            name: "lcs-table", data: data, script: s.joined(separator: "\n") + "\n",
            caption: "The LCS memo table: each cell is the LCS length of two prefixes; the red arrows are the traceback, "
                + "and each diagonal step on it keeps one element (LCS = \(lcsText)). Rows are old and columns new, the textbook layout: "
                + "the edit graph's point (x, y) is cell (i, j) = (x, y), so ↑ (delete) here is a step right there and ← (insert) a step down.")
    }

    /// The data blocks, separated by two blank lines and read with `index`:
    /// cells (value, fill, arrow, on the path), match cells, traceback
    /// arrows, column and row headers. O(N·M).
    static func dataBlocks(_ table: LCSTable, path: [(i: Int, j: Int)], oldShown: [String], newShown: [String]) -> String {
        let onPath = Set(path.map { $0.i * table.columns + $0.j })
        var data = "# 0: j\ti\tfill\tvalue\tarrow\ton_path\n"
        for i in 0..<table.rows {
            for j in 0..<table.columns {
                let arrow = LCSTableDump.arrow(table.direction(i: i, j: j))
                data += "\(j)\t\(i)\t\(Palette.tableFill(table[i, j], maximum: max(1, table.length)))\t\(table[i, j])\t"
                data += (arrow == " " ? "·" : arrow) + "\t" + (onPath.contains(i * table.columns + j) ? "1" : "0") + "\n"
            }
        }
        data += "\n\n# 1: match cells j\ti\n"
        for i in 1..<max(1, table.rows) {
            for j in 1..<max(1, table.columns) where table.oldCodes[i - 1] == table.newCodes[j - 1] {
                data += "\(j)\t\(i)\n"
            }
        }
        data += "\n\n# 2: traceback arrows x\ty\tdx\tdy\n"
        for (p, q) in zip(path, path.dropFirst()) {
            let dx = Double(q.j - p.j), dy = Double(q.i - p.i)
            data += "\(GnuplotScript.number(Double(p.j) + dx * 0.22))\t\(GnuplotScript.number(Double(p.i) + dy * 0.22))\t"
            data += "\(GnuplotScript.number(dx * 0.56))\t\(GnuplotScript.number(dy * 0.56))\n"
        }
        data += "\n\n# 3: column headers j\tlabel\n"
        for (j, label) in newShown.enumerated() { data += "\(j)\t\(GnuplotScript.field(label))\n" }
        data += "\n\n# 4: row headers i\tlabel\n"
        for (i, label) in oldShown.enumerated() { data += "\(i)\t\(GnuplotScript.field(label))\n" }
        return data
    }

    /// The title and what a cell, a row and a column mean.
    static func headerText(_ title: String) -> TextBlock {
        TextBlock(lines: [
            .init(text: title, points: PictureTitle.points, bold: true),
            .init(
                text: "Cell (i, j) = length of the longest common subsequence of the first i old and the first j new elements.",
                points: 11.5),
            .init(
                text: "Rows i = old, columns j = new (the textbook layout). The edit graph's point (x, y) is cell (i, j) = (x, y): "
                    + "the pictures of Myers' search draw this grid turned over, old along x. So ↑ here (delete old[i−1]) is a step "
                    + "right there, ← (insert new[j−1]) a step down, ↖ a diagonal. Row and column 0 are the empty prefix ∅.",
                points: 11, color: Palette.muted),
        ])
    }
}

extension LCSTablePicture {
    /// The LCS as the picture states it: whole when it fits in two lines,
    /// otherwise as many elements as fit followed by a pointer to the text
    /// file, which always has all of it (a 60-element LCS of long labels
    /// would otherwise fill half the picture).
    static func lcsLine(_ labels: [String], width: Int) -> String {
        if labels.isEmpty { return "empty" }
        let maxWidth = Double(width) - 48
        func lines(_ text: String) -> Int { TextFit.wrap("LCS = " + text + "   (length 60; N = 60, M = 60; 120 edits without moves)", maxWidth: maxWidth, points: 12.5).count }
        let whole = labels.joined(separator: " ")
        if lines(whole) <= 2 { return whole }
        var shown = ""
        for label in labels {
            let next = shown.isEmpty ? label : shown + " " + label
            if lines(next + " … (all of it in lcs-table.txt)") > 2 { break }
            shown = next
        }
        return shown + " … (all of it in lcs-table.txt)"
    }
}
