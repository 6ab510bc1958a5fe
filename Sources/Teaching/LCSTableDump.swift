import DiffEngines

/// The LCS memo table as text and TSV, the way the classic blog posts drew
/// it: elements as row and column headers, the value and the direction in
/// each cell, the traceback path marked, and the LCS and the steps below.
///
/// Complexity: O(N · M) time and output size (about 5 characters a cell in
/// the text, 30 a row in the TSV), so callers limit the sizes they dump.
package enum LCSTableDump {
    /// Arrow of a traceback direction: ↖ match, ↑ up (delete), ← left (insert).
    package static func arrow(_ step: LCSTable.Step?) -> String {
        switch step {
        case .match: return "↖"
        case .up: return "↑"
        case .left: return "←"
        case nil: return " "
        }
    }

    /// The direction's name in the TSV.
    package static func name(_ step: LCSTable.Step?) -> String {
        switch step {
        case .match: return "match"
        case .up: return "up"
        case .left: return "left"
        case nil: return "start"
        }
    }

    /// One edit or keep of the traceback, read from the top-left corner.
    package enum TracebackStep: Hashable, Sendable {
        case keep(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// The traceback path as steps in reading order (top-left to bottom-right).
    package static func steps(of table: LCSTable) -> [TracebackStep] {
        let path = table.tracebackPath()
        var result: [TracebackStep] = []
        for (p, q) in zip(path, path.dropFirst()) {
            if p.i - q.i == 1 && p.j - q.j == 1 {
                result.append(.keep(old: q.i, new: q.j))
            } else if p.i - q.i == 1 {
                result.append(.delete(old: q.i))
            } else {
                result.append(.insert(new: q.j))
            }
        }
        return result.reversed()
    }

    /// The text table. `title` is the first line.
    package static func text(table: LCSTable, oldLabels: [String], newLabels: [String], title: String) -> String {
        let oldShown = oldLabels.map { DisplayLabel.make($0, limit: 12) }
        let newShown = newLabels.map { DisplayLabel.make($0, limit: 8) }
        let onPath = pathCells(table)
        let valueDigits = String(table.length).count
        let cellWidth = max(valueDigits + 3, (newShown.map(\.count).max() ?? 1) + 1)
        let headerWidth = max(1, oldShown.map(\.count).max() ?? 1)

        var lines: [String] = [title, ""]
        lines.append("Cell (i, j) is the length of the longest common subsequence (LCS) of the first i old")
        lines.append("elements (down the rows) and the first j new elements (across the columns).")
        lines.append("It is filled row by row, each cell from three neighbours already known:")
        lines.append("  ↖  old[i-1] = new[j-1]: a match; the cell up and to the left, plus one")
        lines.append("  ↑  otherwise, when the cell above is at least the cell to the left: take it (old[i-1] is deleted)")
        lines.append("  ←  otherwise: take the cell to the left (new[j-1] is inserted)")
        lines.append("[ ] marks the traceback path: start at the bottom-right corner and follow the arrows to (0, 0).")
        lines.append("")

        // Labels end over the digits (cells are " ↖1 " or "[↖1]").
        var header = pad("", headerWidth) + " " + padLeft("∅", cellWidth - 1) + " "
        for label in newShown { header += " " + padLeft(label, cellWidth - 1) + " " }
        lines.append(String(header.reversed().drop { $0 == " " }.reversed()))
        for i in 0..<table.rows {
            var line = pad(i == 0 ? "∅" : oldShown[i - 1], headerWidth) + " "
            for j in 0..<table.columns {
                let body = arrow(table.direction(i: i, j: j)) + String(table[i, j])
                let cell = onPath.contains(i * table.columns + j) ? "[" + body + "]" : " " + body + " "
                line += (j == 0 ? "" : " ") + padLeft(cell, cellWidth)
            }
            lines.append(String(line.reversed().drop { $0 == " " }.reversed()))
        }
        lines.append("")

        let steps = steps(of: table)
        let lcs = steps.compactMap { step -> String? in
            if case let .keep(old, _) = step { return DisplayLabel.make(oldLabels[old]) }
            return nil
        }
        lines.append("LCS (length \(table.length)): " + (lcs.isEmpty ? "(empty)" : lcs.joined(separator: " ")))
        lines.append("")
        lines.append("The traceback read forward, one step per arrow on the path:")
        var deletes = 0, inserts = 0
        for step in steps {
            switch step {
            case let .keep(old, new):
                lines.append("  ↖ keep    \(DisplayLabel.make(oldLabels[old]))    old[\(old)] = new[\(new)]")
            case let .delete(old):
                deletes += 1
                lines.append("  ↑ delete  \(DisplayLabel.make(oldLabels[old]))    old[\(old)]")
            case let .insert(new):
                inserts += 1
                lines.append("  ← insert  \(DisplayLabel.make(newLabels[new]))    new[\(new)]")
            }
        }
        lines.append("")
        lines.append(
            "\(deletes) deletes + \(inserts) inserts = \(deletes + inserts) edits = N + M − 2·LCS = "
                + "\(oldLabels.count) + \(newLabels.count) − 2·\(table.length).")
        if oldShown != oldLabels || newShown != newLabels {
            lines.append("")
            lines.append("Labels shown shortened above, in full:")
            for (i, label) in oldLabels.enumerated() where oldShown[i] != label { lines.append("  old[\(i)] = \(label)") }
            for (j, label) in newLabels.enumerated() where newShown[j] != label { lines.append("  new[\(j)] = \(label)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same data for spreadsheets: one row per cell with its position,
    /// the two elements it compares, its value, direction and whether the
    /// traceback passes through it.
    ///
    /// Columns: `i`, `j` (cell), `old_index` (i − 1, empty on row 0),
    /// `old_element`, `new_index` (j − 1), `new_element`, `lcs_length`,
    /// `direction` (`match`, `up`, `left`, or `start` at (0, 0)), `on_path` (1 or 0).
    package static func tsv(table: LCSTable, oldLabels: [String], newLabels: [String]) -> String {
        let onPath = pathCells(table)
        var out = "i\tj\told_index\told_element\tnew_index\tnew_element\tlcs_length\tdirection\ton_path\n"
        out.reserveCapacity(table.rows * table.columns * 24)
        for i in 0..<table.rows {
            let oldIndex = i == 0 ? "" : String(i - 1)
            let oldElement = i == 0 ? "" : clean(oldLabels[i - 1])
            for j in 0..<table.columns {
                let newIndex = j == 0 ? "" : String(j - 1)
                let newElement = j == 0 ? "" : clean(newLabels[j - 1])
                out += "\(i)\t\(j)\t\(oldIndex)\t\(oldElement)\t\(newIndex)\t\(newElement)\t\(table[i, j])\t"
                out += name(table.direction(i: i, j: j)) + (onPath.contains(i * table.columns + j) ? "\t1\n" : "\t0\n")
            }
        }
        return out
    }

    /// Flat indices (i · columns + j) of the traceback cells.
    static func pathCells(_ table: LCSTable) -> Set<Int> {
        Set(table.tracebackPath().map { $0.i * table.columns + $0.j })
    }

    /// A TSV field: tabs and line breaks become spaces.
    static func clean(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
