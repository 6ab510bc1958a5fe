import DiffEngines
import Rendering

/// `heckel.png`: the two lists side by side, each link coloured by the
/// pass that found it, unlinked items marked as deletes and inserts, and
/// each item's symbol-table counts beside it; below, the OA and NA arrays
/// after every pass, each entry coloured by the pass that set it, so a
/// student sees the arrays the algorithm actually works on fill up.
enum HeckelPicture {
    static let passColors = [3: "#1F77B4", 4: "#2CA02C", 5: "#9467BD"]
    /// Light tints of the pass colours for array cells.
    static let passTints = [3: "#CFE3F3", 4: "#CFEBCF", 5: "#E3D7F0"]

    static func make(_ pair: TeachingPair, trace: HeckelTrace, title: String) -> TeachingPicture {
        let final = trace.final
        let rowsCount = max(pair.n, pair.m, 1)
        let rowHeight = min(44, max(16, 900 / Double(rowsCount)))
        // The arrays: one column per index, wide enough for two digits.
        let cellWidth = 26.0, cellHeight = 18.0, arrayLabelWidth = 112.0
        let width = Int(max(1040, 48 + arrayLabelWidth + Double(max(pair.n, pair.m)) * cellWidth + 8))
        let noLinks = !final.na.contains { $0 >= 0 }
        let verdict = noLinks
            ? "No id occurs exactly once in both lists, so pass 3 links nothing and passes 4–5 have nothing to extend: "
                + "Heckel reports every item as deleted and inserted (the arrays below stay ·)."
            : ""
        let verdictLines = noLinks ? TextFit.wrap(verdict, maxWidth: Double(width) - 48, points: 11).count : 0
        let arraysHeight = 2 * (7 * cellHeight + 34)
        let heading = PictureTitle("Heckel's passes: \(title)", width: width)
        let top = 124.0 + heading.extra
        let bottom = 90 + Double(verdictLines) * 21 + arraysHeight + 20
        let height = Int(Double(rowsCount + 1) * rowHeight + top + bottom)
        let fontSize = GnuplotScript.number(max(7, min(13, rowHeight * 0.34)))
        let plotLeft = 40.0, plotRight = 40.0

        let data = dataBlocks(pair, final: final, noLinks: noLinks)

        var s = GnuplotScript.preamble(width: width, height: height, output: "heckel.png", fontSize: 11)
        s += GnuplotScript.margins(left: plotLeft, right: plotRight, top: top, bottom: bottom, width: width, height: height)
        s += [
            "set xrange [-3.2:6.2]",
            "set yrange [\(GnuplotScript.number(Double(rowsCount) - 0.4)):-1]",
        ]
        s += heading.explanation(
            [
                "Passes 1–2 count every id in each list. Pass 3 links ids that occur exactly once in both lists; passes 4 and 5 extend",
                "the links to equal neighbours, forward then backward. Whatever stays unlinked is a delete (old) or an insert (new).",
            ],
            aside: "Beside each item: how often its id occurs in the old and the new list (the symbol table; 'many' = 2 or more).",
            width: width, height: height)
        s += [
            "set style textbox opaque noborder",
            "set label 'old' at 0,-0.8 center font 'DejaVu Sans Bold,13' tc rgb '\(Palette.text)'",
            "set label 'new' at 3,-0.8 center font 'DejaVu Sans Bold,13' tc rgb '\(Palette.text)'",
        ]
        s += heading.commands(width: width, height: height)
        let legendTop = Double(height) - bottom + 14
        let legend = GnuplotScript.legend(
            [
                LegendEntry(swatch: .line(passColors[3]!, width: 3), text: "linked by pass 3 (unique in both)"),
                LegendEntry(swatch: .line(passColors[4]!, width: 3), text: "pass 4 (forward neighbour)"),
                LegendEntry(swatch: .line(passColors[5]!, width: 3), text: "pass 5 (backward neighbour)"),
                LegendEntry(swatch: .fill("#F8C9C9"), text: "unlinked old: delete"),
                LegendEntry(swatch: .fill("#CDEBC5"), text: "unlinked new: insert"),
            ], x: 24, y: legendTop, maxWidth: Double(width) - 48, width: width, height: height)
        s += legend.commands
        var penY = legendTop + legend.height + 18
        if noLinks {
            let paragraph = GnuplotScript.paragraph(
                verdict, x: 24, y: penY, maxWidth: Double(width) - 48, width: width, height: height, points: 11, bold: true,
                color: Palette.path)
            s += paragraph.commands
            penY = paragraph.next + 4
        }
        let oldShort = pair.oldLabels.map { TextFit.fit(DisplayLabel.make($0, limit: 4), maxWidth: cellWidth - 4, points: 8.5) }
        let newShort = pair.newLabels.map { TextFit.fit(DisplayLabel.make($0, limit: 4), maxWidth: cellWidth - 4, points: 8.5) }
        let oldLinkedBy = linkPasses(trace.states, array: \.oa, count: pair.n, newToPass: final.linkedByPass)
        let newLinkedBy = (0..<pair.m).map { Int(final.linkedByPass[$0]) }
        s += arrayTable(
            name: "OA", caption: "OA[i]: the new index old[i] is linked to (· = not linked, still its symbol-table entry)",
            labels: oldShort, labelRow: "old", states: trace.states.map { $0.oa.map(Int.init) }, linkedBy: oldLinkedBy,
            x: 24, y: penY, cellWidth: cellWidth, cellHeight: cellHeight, labelWidth: arrayLabelWidth, width: width, height: height)
        penY += 7 * cellHeight + 34
        s += arrayTable(
            name: "NA", caption: "NA[j]: the old index new[j] is linked to (· = not linked, still its symbol-table entry)",
            labels: newShort, labelRow: "new", states: trace.states.map { $0.na.map(Int.init) }, linkedBy: newLinkedBy,
            x: 24, y: penY, cellWidth: cellWidth, cellHeight: cellHeight, labelWidth: arrayLabelWidth, width: width, height: height)
        let plots = plotClauses(pair, noLinks: noLinks, fontSize: fontSize, rowHeight: rowHeight)
        var script = s
        script.append("plot " + plots.map { $0 + " notitle" }.joined(separator: ", \\\n  "))
        return TeachingPicture(
            name: "heckel", data: data, script: script.joined(separator: "\n") + "\n",
            caption: "Heckel's passes: links between the old and the new list, coloured by the pass that found them; "
                + "red items stay unlinked (deletes), green ones are inserts. Below, the OA and NA arrays after each pass.")
    }

    /// For each old index, the pass that linked it (0 when never linked),
    /// read off the pass that linked its partner in the new list.
    static func linkPasses(_ states: [HeckelPasses], array: KeyPath<HeckelPasses, [Int32]>, count: Int, newToPass: [UInt8]) -> [Int] {
        guard let last = states.last else { return [] }
        return (0..<count).map { i in
            let j = Int(last[keyPath: array][i])
            return j >= 0 ? Int(newToPass[j]) : 0
        }
    }

    /// One array as a table in screen pixels: a row of indices, a row of
    /// elements, then its values after passes 1 to 5; a value is tinted with
    /// the colour of the pass that set it from that pass on.
    static func arrayTable(
        name: String, caption: String, labels: [String], labelRow: String, states: [[Int]], linkedBy: [Int],
        x: Double, y: Double, cellWidth: Double, cellHeight: Double, labelWidth: Double, width: Int, height: Int
    ) -> [String] {
        var commands = [GnuplotScript.screenLabel(caption, x: x, y: y, width: width, height: height, font: "DejaVu Sans Bold,10")]
        let tableTop = y + 10
        func sx(_ v: Double) -> String { String(format: "%.5f", v / Double(width)) }
        func sy(_ v: Double) -> String { String(format: "%.5f", 1 - v / Double(height)) }
        func cell(_ text: String, column: Int, row: Int, fill: String?, bold: Bool = false, color: String = Palette.text) {
            let left = x + labelWidth + Double(column) * cellWidth
            let topY = tableTop + Double(row) * cellHeight
            if let fill {
                commands.append(
                    "set object rect from screen \(sx(left)),\(sy(topY + cellHeight)) to screen \(sx(left + cellWidth)),\(sy(topY)) "
                        + "fc rgb \(GnuplotScript.quote(fill)) fs solid 1.0 border lc rgb '#DDDDDD' back")
            }
            commands.append(
                "set label \(GnuplotScript.quote(text)) at screen \(sx(left + cellWidth / 2)),\(sy(topY + cellHeight / 2 + 1)) center "
                    + "font '\(bold ? "DejaVu Sans Bold" : "DejaVu Sans"),8.5' tc rgb \(GnuplotScript.quote(color)) front")
        }
        func rowLabel(_ text: String, row: Int, color: String = Palette.text) {
            commands.append(
                GnuplotScript.screenLabel(
                    text, x: x + labelWidth - 6, y: tableTop + (Double(row) + 0.5) * cellHeight + 1, width: width, height: height,
                    align: "right", font: "DejaVu Sans,9", color: color))
        }
        rowLabel(name == "OA" ? "i" : "j", row: 0, color: Palette.muted)
        rowLabel(labelRow, row: 1)
        for (index, label) in labels.enumerated() {
            cell(String(index), column: index, row: 0, fill: nil, color: Palette.muted)
            cell(label, column: index, row: 1, fill: "#F2F2F2", bold: true)
        }
        for (p, values) in states.enumerated() {
            let pass = p + 1
            rowLabel("\(name) after pass \(pass)", row: p + 2)
            for (index, value) in values.enumerated() {
                let linkedNow = value >= 0 && linkedBy[index] <= pass
                let fill = linkedNow ? passTints[linkedBy[index]] ?? "#EEEEEE" : "#FFFFFF"
                cell(value >= 0 ? String(value) : "·", column: index, row: p + 2, fill: fill, bold: linkedBy[index] == pass)
            }
        }
        if labels.isEmpty { rowLabel("(empty list)", row: 2, color: Palette.muted) }
        return commands
    }

    /// The items of each list (index, label, fill, symbol-table counts) and
    /// the links (old index, new index, colour, pass). O(N + M).
    static func dataBlocks(_ pair: TeachingPair, final: HeckelPasses, noLinks: Bool) -> String {
        func counts(_ code: Int32) -> String {
            guard code >= 0 else { return "old 0" }
            return "old \(HeckelText.count(final.oldCount[Int(code)])) · new \(HeckelText.count(final.newCount[Int(code)]))"
        }
        var data = "# 0: old items: i label fill counts\n"
        for (i, label) in pair.oldLabels.enumerated() {
            let fill = final.oa[i] < 0 ? "#F8C9C9" : "#E8EEF6"
            data += "\(i)\t\(GnuplotScript.field(DisplayLabel.make(label, limit: 10)))\t\(Int(fill.dropFirst(), radix: 16)!)\t\(counts(pair.codes.old[i]))\n"
        }
        if pair.n == 0 { data += "NaN\t''\t0\t''\n" }
        data += "\n\n# 1: new items: j label fill counts\n"
        for (j, label) in pair.newLabels.enumerated() {
            let fill = final.na[j] < 0 ? "#CDEBC5" : "#E8EEF6"
            let code = pair.codes.new[j]
            let text = code < 0 ? "new only" : counts(code)
            data += "\(j)\t\(GnuplotScript.field(DisplayLabel.make(label, limit: 10)))\t\(Int(fill.dropFirst(), radix: 16)!)\t\(text)\n"
        }
        if pair.m == 0 { data += "NaN\t''\t0\t''\n" }
        data += "\n\n# 2: links: old_i new_j color pass\n"
        for (j, i) in final.na.enumerated() where i >= 0 {
            let pass = Int(final.linkedByPass[j])
            data += "\(i)\t\(j)\t\(Int(passColors[pass, default: "#333333"].dropFirst(), radix: 16)!)\t\(pass)\n"
        }
        if noLinks { data += "NaN\tNaN\t0\t0\n" }
        return data
    }

    /// The plot's clauses: links, item boxes, and their labels where a list has items.
    static func plotClauses(_ pair: TeachingPair, noLinks: Bool, fontSize: String, rowHeight: Double) -> [String] {
        var plots = [
            "'heckel.dat' index 2 using (0.55):1:(2.45 - 0.55):($2 - $1):3 with vectors nohead lc rgb variable lw 2.5",
            "'' index 0 using (0):1:(0.55):(0.36):3 with boxxyerror fs solid 1.0 border lc rgb '#888888' fc rgb variable",
            "'' index 1 using (3):1:(0.55):(0.36):3 with boxxyerror fs solid 1.0 border lc rgb '#888888' fc rgb variable",
        ]
        // gnuplot 5.4 crashes on `with labels` over a block without a valid point.
        if pair.n > 0 {
            plots += [
                "'' index 0 using (0):1:2 with labels font 'DejaVu Sans Bold,\(fontSize)' tc rgb '\(Palette.text)'",
                "'' index 0 using (-0.75):1:(sprintf('%d', $1)) with labels right font ',\(fontSize)' tc rgb '\(Palette.muted)'",
                "'' index 0 using (-1.3):1:4 with labels right font ',\(fontSize)' tc rgb '\(Palette.muted)'",
            ]
        }
        if pair.m > 0 {
            plots += [
                "'' index 1 using (3):1:2 with labels font 'DejaVu Sans Bold,\(fontSize)' tc rgb '\(Palette.text)'",
                "'' index 1 using (3.75):1:(sprintf('%d', $1)) with labels left font ',\(fontSize)' tc rgb '\(Palette.muted)'",
                "'' index 1 using (4.3):1:4 with labels left font ',\(fontSize)' tc rgb '\(Palette.muted)'",
            ]
        }
        if !noLinks {
            plots.append(
            "'' index 2 using (2.4):2:(sprintf('pass %d', $4)):3 with labels boxed right font ',\(GnuplotScript.number(max(6, min(10, rowHeight * 0.26))))' tc rgb variable")
        }
        return plots
    }
}
