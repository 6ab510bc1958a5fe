import DiffEngines
import Rendering

/// `storyboard.png`: the four stages side by side, items connected across
/// stages, each step's items coloured and annotated with their indices.
enum StoryboardPicture {
    static func make(
        _ storyboard: BatchStoryboard, oldLabels: [String], newLabels: [String], engine: EngineName, title: String
    ) -> TeachingPicture {
        let stages = storyboard.stages
        let rowsCount = max(1, stages.map(\.count).max() ?? 1)
        let rowHeight = min(40, max(14, 860 / Double(rowsCount)))
        let width = 1240
        let heading = PictureTitle("Batch update storyboard (\(engine.rawValue)): \(title)", width: width)
        let top = 160.0 + heading.extra, bottom = 130.0
        let height = Int(Double(rowsCount + 1) * rowHeight + top + bottom)
        let fontSize = GnuplotScript.number(max(7, min(13, rowHeight * 0.36)))
        let noteFont = GnuplotScript.number(max(6, min(10.5, rowHeight * 0.3)))
        let columnX = [0.0, 3.3, 6.6, 9.9]

        let (boxes, notes, links) = rows(storyboard, oldLabels: oldLabels, newLabels: newLabels, columnX: columnX)
        var data = "# 0: boxes x row fill label\n" + boxes.nonEmpty("NaN\tNaN\t0\t''").joined(separator: "\n") + "\n"
        data += "\n\n# 1: notes x row text\n" + notes.nonEmpty("NaN\tNaN\t''").joined(separator: "\n") + "\n"
        data += "\n\n# 2: connectors x row dx drow color\n" + links.nonEmpty("NaN\tNaN\t0\t0\t0").joined(separator: "\n") + "\n"

        var s = GnuplotScript.preamble(width: width, height: height, output: "storyboard.png", fontSize: 11)
        s += GnuplotScript.margins(left: 60, right: 40, top: top, bottom: bottom, width: width, height: height)
        s += [
            "set xrange [-1.2:12.2]",
            "set style textbox opaque noborder margins 1,1",
            "set yrange [\(GnuplotScript.number(Double(rowsCount) - 0.4)):-0.6]",
        ]
        s += heading.explanation(
            [
                "A batch update names deletes by their OLD index and inserts by their NEW index; moves go from an old to a new index.",
                "Applied in that order, deletes first, then inserts at their final positions, then moves and updates, the old list becomes the new one.",
            ],
            aside: "Deleting at a new index or inserting at an old one is the classic batch-update crash (the counts stop adding up).",
            width: width, height: height)
        s += heading.commands(width: width, height: height)
        s += stageHeaders(columnX: columnX, top: top, width: width, height: height)
        s.append(verdictLabel(storyboard, engine: engine, y: Double(height) - bottom + 34, width: width, height: height))
        s += GnuplotScript.legend(
            [
                LegendEntry(swatch: .fill("#F8C9C9"), text: "deleted"),
                LegendEntry(swatch: .fill("#CDEBC5"), text: "inserted"),
                LegendEntry(swatch: .fill("#FFD8B0"), text: "moved"),
                LegendEntry(swatch: .fill("#DCCCEE"), text: "updated"),
                LegendEntry(swatch: .fill("#F2C8E0"), text: "moved and updated"),
                LegendEntry(swatch: .fill("#E8EEF6"), text: "stays"),
                LegendEntry(swatch: .line("#FF7F0E", width: 2), text: "the move"),
            ], x: 24, y: Double(height) - bottom + 56, maxWidth: Double(width) - 48, width: width, height: height
        ).commands
        var plots = [
            "'storyboard.dat' index 2 using 1:2:3:4:5 with vectors nohead lc rgb variable lw 1.5",
            "'' index 0 using 1:2:(0.55):(0.38):3 with boxxyerror fs solid 1.0 border lc rgb '#888888' fc rgb variable",
            "'' index 0 using 1:2:4 with labels font 'DejaVu Sans Bold,\(fontSize)' tc rgb '\(Palette.text)'",
            "'' index 0 using ($1 - 0.68):2:(sprintf('%d', $2)) with labels right font ',\(noteFont)' tc rgb '\(Palette.muted)'",
        ]
        // gnuplot 5.4 crashes on `with labels` over a block without a valid point.
        if !notes.isEmpty { plots.append("'' index 1 using 1:2:3 with labels boxed left font ',\(noteFont)' tc rgb '#444444'") }
        s.append("plot " + plots.map { $0 + " notitle" }.joined(separator: ", \\\n  "))
        return TeachingPicture(
            name: "storyboard", data: data, script: s.joined(separator: "\n") + "\n",
            caption: "The \(engine.rawValue) changeset applied as a batch update: deletes by old index, inserts by new index, "
                + "then moves and updates; " + (storyboard.resultEqualsNew ? "the result equals the new list." : "the result does NOT equal the new list."))
    }

    /// The data rows: each stage's boxes (x, row, fill, label), the step
    /// notes beside them, and the connectors between consecutive stages
    /// (the one that moves in orange). O(items).
    static func rows(
        _ storyboard: BatchStoryboard, oldLabels: [String], newLabels: [String], columnX: [Double]
    ) -> (boxes: [String], notes: [String], links: [String]) {
        let stages = storyboard.stages
        let changeset = storyboard.changeset
        func color(_ role: BatchStoryboard.Role, stage: Int) -> Int {
            switch role {
            case .deleted: return 0xF8C9C9
            case .inserted: return 0xCDEBC5
            case .moved: return stage == 3 ? 0xFFD8B0 : 0xE8EEF6
            case .updated: return stage == 3 ? 0xDCCCEE : 0xE8EEF6
            case .movedAndUpdated: return stage == 3 ? 0xF2C8E0 : 0xE8EEF6
            case .stays: return 0xE8EEF6
            }
        }
        var moveOf: [Int: Changeset.Move] = [:]
        for move in changeset.moves { moveOf[move.to] = move }
        var updateOf: [Int: Changeset.Update] = [:]
        for update in changeset.updates { updateOf[update.new] = update }

        var boxes: [String] = [], notes: [String] = []
        for (s, stage) in stages.enumerated() {
            for (row, entry) in stage.enumerated() {
                let label = storyboard.label(entry, oldLabels: oldLabels, newLabels: newLabels, at: s == 3 ? row : nil)
                boxes.append("\(GnuplotScript.number(columnX[s]))\t\(row)\t\(color(entry.role, stage: s))\t\(GnuplotScript.field(DisplayLabel.make(label, limit: 10)))")
                var note = ""
                switch (s, entry.role, entry.item) {
                case let (0, .deleted, .old(i)): note = "delete old[\(i)]"
                case let (2, .inserted, .new(j)): note = "insert new[\(j)]"
                case (3, .moved, _): note = moveOf[row].map { "move old[\($0.from)] → new[\($0.to)]" } ?? ""
                case (3, .updated, _): note = updateOf[row].map { "update old[\($0.old)] → new[\($0.new)]" } ?? ""
                case (3, .movedAndUpdated, _): note = moveOf[row].map { "move + update old[\($0.from)] → new[\($0.to)]" } ?? ""
                default: break
                }
                if !note.isEmpty { notes.append("\(GnuplotScript.number(columnX[s] + 0.62))\t\(row)\t\(note)") }
            }
        }
        // Connectors: the same item in consecutive stages.
        var links: [String] = []
        for s in 0..<3 {
            var rowOf: [BatchStoryboard.Item: Int] = [:]
            for (row, entry) in stages[s + 1].enumerated() { rowOf[entry.item] = row }
            for (row, entry) in stages[s].enumerated() {
                guard let next = rowOf[entry.item] else { continue }
                let moved = s == 2 && (stages[3][next].role == .moved || stages[3][next].role == .movedAndUpdated)
                links.append(
                    "\(GnuplotScript.number(columnX[s] + 0.55))\t\(row)\t\(GnuplotScript.number(columnX[s + 1] - columnX[s] - 1.1))\t\(next - row)\t"
                        + (moved ? "16744206" : "12105912"))
            }
        }
        return (boxes, notes, links)
    }

    /// Each stage's heading and the index space it is numbered in.
    static func stageHeaders(columnX: [Double], top: Double, width: Int, height: Int) -> [String] {
        var out: [String] = []
        let headers = [
            ("1. old list", "numbered by old index"), ("2. after the deletes", "deletes name old indices"),
            ("3. after the inserts", "inserts name new indices"), ("4. after moves and updates", "= the new list, new indices"),
        ]
        for (index, header) in headers.enumerated() {
            out.append(
                GnuplotScript.screenLabel(
                    header.0, x: 60 + (columnX[index] - 0.55 + 1.2) / 13.4 * Double(width - 100), y: top - 34, width: width, height: height,
                    font: "DejaVu Sans Bold,12"))
            out.append(
                GnuplotScript.screenLabel(
                    header.1, x: 60 + (columnX[index] - 0.55 + 1.2) / 13.4 * Double(width - 100), y: top - 16, width: width, height: height,
                    font: "DejaVu Sans,10", color: Palette.muted))
        }
        return out
    }

    /// Whether the batch gave the new list, with the changeset's counts.
    static func verdictLabel(_ storyboard: BatchStoryboard, engine: EngineName, y: Double, width: Int, height: Int) -> String {
        let changeset = storyboard.changeset
        let verdict = storyboard.resultEqualsNew
            ? "Result = the new list ✓  (" + [
                counted(changeset.deletes.count, "delete"), counted(changeset.inserts.count, "insert"),
                counted(changeset.moves.count, "move"), counted(changeset.updates.count, "update"),
            ].joined(separator: ", ") + ")"
            : "Result differs from the new list ✗: the \(engine.rawValue) changeset is wrong"
        return GnuplotScript.screenLabel(
                verdict, x: 24, y: y, width: width, height: height, font: "DejaVu Sans Bold,13",
                color: storyboard.resultEqualsNew ? "#1B7F1B" : Palette.path)
    }
}
