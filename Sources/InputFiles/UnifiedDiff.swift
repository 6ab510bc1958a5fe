import DiffEngines
import FileSupport

/// `diff --lines --format unified`: a changeset of two texts written as the
/// unified diff `patch` reads (three lines of context, `@@ -a,b +c,d @@`
/// hunks, `\ No newline at end of file` after a last line without a break).
///
/// A changeset's moves become a deleted and an inserted line (a patch has
/// no moves); the lines that stay keep their order, which is what a hunk
/// needs. The lines are ``TextLines``' lines, which are `patch`'s and
/// git's (a line ends after a LF, its ending is part of it), so the
/// patch's `-` and `+` lines are the changeset's deletes, inserts and
/// moves, and its hunk headers count lines as `patch` does. A kept line
/// is one of the same bytes: two lines equal only as `String`s (é
/// precomposed against decomposed) are written as changed, so that
/// applying the patch to the old file gives the new file byte for byte.
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
        let edits = script(changeset, old: old, new: new)
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
                if old.bytes(ofLine: i) == new.bytes(ofLine: j) {
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
