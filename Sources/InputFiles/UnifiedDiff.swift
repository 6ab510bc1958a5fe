import DiffEngines
import FileSupport

/// `diff --lines --format unified`: a changeset of two texts written as the
/// unified diff `patch` reads (three lines of context, `@@ -a,b +c,d @@`
/// hunks, `\ No newline at end of file` after a last line without a break).
///
/// A changeset's moves become a deleted and an inserted line (a patch has
/// no moves); the lines that stay keep their order, which is what a hunk
/// needs. Lines compared equal but ending differently (CRLF against LF, or
/// the last line with and without a break) are written as changed, so that
/// applying the patch to the old file gives the new file byte for byte.
///
/// `patch` and git end a line at LF only: a lone CR is a byte inside their
/// line. So the script over our lines (a lone CR ends one) is written over
/// theirs (``patchLines(_:old:new:)``): one of their lines is kept when all
/// of its lines are kept, paired with all of one line of the other text,
/// and is deleted or inserted whole otherwise. CR-only and mixed-ending
/// texts then give a patch `patch` applies, with hunk headers counted as
/// it and git count.
public enum UnifiedDiff {
    /// One line of the edit script: kept, deleted (old index) or inserted (new index).
    private enum Edit {
        case keep(old: Int, new: Int)
        case delete(Int)
        case insert(Int)

        var isChange: Bool {
            if case .keep = self { return false }
            return true
        }
    }

    /// The unified diff of `old` → `new` for `changeset`; empty when the
    /// texts are the same bytes. O(N + M).
    public static func render(
        _ changeset: Changeset, old: TextLines, new: TextLines, oldName: String, newName: String, context: Int = 3
    ) -> String {
        let (edits, old, new) = patchLines(script(changeset, old: old, new: new), old: old, new: new)
        let changes = edits.indices.filter { edits[$0].isChange }
        guard let firstChange = changes.first else { return "" }
        var out = "--- \(TerminalText.visible(oldName))\n+++ \(TerminalText.visible(newName))\n"
        // Old and new lines before each edit, for the hunk headers.
        var before: [(old: Int, new: Int)] = []
        before.reserveCapacity(edits.count + 1)
        var counts = (old: 0, new: 0)
        for edit in edits {
            before.append(counts)
            switch edit {
            case .keep: counts.old += 1; counts.new += 1
            case .delete: counts.old += 1
            case .insert: counts.new += 1
            }
        }
        before.append(counts)
        var hunkStart = firstChange, lastChange = firstChange
        func emit() {
            let lower = max(0, hunkStart - context), upper = min(edits.count, lastChange + 1 + context)
            let oldLength = before[upper].old - before[lower].old, newLength = before[upper].new - before[lower].new
            out += "@@ -\(range(before[lower].old, oldLength)) +\(range(before[lower].new, newLength)) @@\n"
            for edit in edits[lower..<upper] {
                switch edit {
                case let .keep(i, _): out += line(" ", old, i)
                case let .delete(i): out += line("-", old, i)
                case let .insert(j): out += line("+", new, j)
                }
            }
        }
        for change in changes.dropFirst() {
            // As GNU diff and git: up to 2 × context unchanged lines between two changes keep them in one hunk.
            if change - lastChange - 1 > 2 * context {
                emit()
                hunkStart = change
            }
            lastChange = change
        }
        emit()
        return out
    }

    /// `start,length` as a hunk header writes it: 1-based, the line before
    /// when the range is empty, `,1` left out.
    private static func range(_ linesBefore: Int, _ length: Int) -> String {
        if length == 0 { return "\(linesBefore),0" }
        return length == 1 ? "\(linesBefore + 1)" : "\(linesBefore + 1),\(length)"
    }

    private static func line(_ prefix: String, _ text: TextLines, _ index: Int) -> String {
        let ending = text.endings[index]
        return prefix + text.lines[index] + (ending == .none ? "\n\\ No newline at end of file\n" : ending.rawValue)
    }

    /// `edits` over our lines of `old` and `new` made an edit script over
    /// `patch`'s lines (each ends at LF, or at the text's end; a lone CR
    /// stays inside it), with the texts as `patch`'s lines: a line is kept
    /// when every one of ours in it is kept, paired in order with every one
    /// of ours in one line of the other text, and changed whole otherwise.
    /// The script as given when neither text has a lone CR. O(N + M).
    private static func patchLines(_ edits: [Edit], old: TextLines, new: TextLines) -> ([Edit], TextLines, TextLines) {
        guard old.endings.contains(.cr) || new.endings.contains(.cr) else { return (edits, old, new) }
        let (oldLines, oldSpans) = joined(old), (newLines, newSpans) = joined(new)
        // The patch line each of our new lines lies in.
        var newLineOf = [Int](repeating: 0, count: new.lines.count)
        for (index, span) in newSpans.enumerated() { for j in span { newLineOf[j] = index } }
        var partner = [Int?](repeating: nil, count: old.lines.count)
        for case let .keep(i, j) in edits { partner[i] = j }
        var keptOld = [Bool](repeating: false, count: oldSpans.count), keptNew = [Bool](repeating: false, count: newSpans.count)
        for (index, span) in oldSpans.enumerated() {
            guard let first = partner[span.lowerBound] else { continue }
            let other = newLineOf[first]
            guard newSpans[other] == first..<(first + span.count), span.allSatisfy({ partner[$0] == first + $0 - span.lowerBound }) else { continue }
            keptOld[index] = true
            keptNew[other] = true
        }
        var script: [Edit] = []
        var i = 0, j = 0
        while i < oldSpans.count || j < newSpans.count {
            if i < oldSpans.count, !keptOld[i] {
                script.append(.delete(i)); i += 1
            } else if j < newSpans.count, !keptNew[j] {
                script.append(.insert(j)); j += 1
            } else if i < oldSpans.count, j < newSpans.count {
                script.append(.keep(old: i, new: j)); i += 1; j += 1
            } else if i < oldSpans.count {
                script.append(.delete(i)); i += 1
            } else {
                script.append(.insert(j)); j += 1
            }
        }
        return (script, oldLines, newLines)
    }

    /// `text` as `patch`'s lines, and the range of our lines each holds: our
    /// lines joined with their lone CRs up to one that ends in LF or CRLF,
    /// or the text's end (a last line ending in a lone CR keeps it, and has
    /// no break after it for `patch`). O(bytes).
    private static func joined(_ text: TextLines) -> (TextLines, [Range<Int>]) {
        var lines: [String] = [], endings: [TextLines.Ending] = []
        var spans: [Range<Int>] = []
        var start = 0, current = ""
        for index in text.lines.indices {
            current += text.lines[index]
            let ending = text.endings[index]
            guard ending != .cr || index == text.lines.count - 1 else {
                current += ending.rawValue
                continue
            }
            if ending == .cr { current += ending.rawValue }
            lines.append(current)
            endings.append(ending == .cr ? .none : ending)
            spans.append(start..<(index + 1))
            start = index + 1
            current = ""
        }
        return (TextLines(lines: lines, endings: endings), spans)
    }

    /// The edit script: deletes before inserts at each point, staying lines
    /// paired in order (moved lines count as deleted and inserted). O(N + M).
    private static func script(_ changeset: Changeset, old: TextLines, new: TextLines) -> [Edit] {
        let n = old.lines.count, m = new.lines.count
        var deleted = [Bool](repeating: false, count: n), inserted = [Bool](repeating: false, count: m)
        for i in changeset.deletes { deleted[i] = true }
        for j in changeset.inserts { inserted[j] = true }
        for move in changeset.moves {
            deleted[move.from] = true
            inserted[move.to] = true
        }
        var edits: [Edit] = []
        edits.reserveCapacity(n + m)
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, deleted[i] {
                edits.append(.delete(i)); i += 1
            } else if j < m, inserted[j] {
                edits.append(.insert(j)); j += 1
            } else if i < n, j < m {
                if old.endings[i] == new.endings[j], old.lines[i] == new.lines[j] {
                    edits.append(.keep(old: i, new: j))
                } else {
                    edits.append(.delete(i))
                    edits.append(.insert(j))
                }
                i += 1; j += 1
            } else {
                // A changeset that does not account for every line (never from a verified one): the rest as changes.
                if i < n { edits.append(.delete(i)); i += 1 } else { edits.append(.insert(j)); j += 1 }
            }
        }
        return edits
    }
}

extension UnifiedDiff {
    /// The hunk headers of a unified diff text, in order: the `-a,b +c,d`
    /// between the two `@@` of each hunk line. What the readability checks
    /// compare with git's: equal headers mean a reader sees the same hunks,
    /// sliders included. O(text).
    public static func hunkHeaders(_ unified: some StringProtocol) -> [String] {
        unified.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("@@ -"), let end = line.dropFirst(3).firstRange(of: " @@") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end.lowerBound])
        }
    }

    /// The hunk headers ``render(_:old:new:oldName:newName:context:)``
    /// writes for `changeset` at three lines of context. O(N + M).
    public static func hunkHeaders(_ changeset: Changeset, old: TextLines, new: TextLines) -> [String] {
        hunkHeaders(render(changeset, old: old, new: new, oldName: "a", newName: "b"))
    }
}
