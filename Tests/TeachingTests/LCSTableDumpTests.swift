import DiffEngines
import Testing

@testable import Teaching
import DiffBenchTestSupport

/// The direction the documented traceback rule takes at (i, j), computed on
/// the independent reference table: a match goes ↖, else up when the cell
/// above is at least the cell to the left, else left.
private func referenceDirection<T: Equatable>(_ t: [[Int]], _ a: [T], _ b: [T], _ i: Int, _ j: Int) -> String {
    if i == 0 && j == 0 { return "start" }
    if i == 0 { return "left" }
    if j == 0 { return "up" }
    if a[i - 1] == b[j - 1] { return "match" }
    return t[i - 1][j] >= t[i][j - 1] ? "up" : "left"
}

private func referencePath<T: Equatable>(_ t: [[Int]], _ a: [T], _ b: [T]) -> Set<[Int]> {
    var i = a.count, j = b.count
    var cells: Set<[Int]> = [[i, j]]
    while i > 0 || j > 0 {
        switch referenceDirection(t, a, b, i, j) {
        case "match": i -= 1; j -= 1
        case "up": i -= 1
        default: j -= 1
        }
        cells.insert([i, j])
    }
    return cells
}

/// One parsed text-table cell.
private struct TextCell: Equatable {
    var value: Int
    var arrow: Character?
    var onPath: Bool
}

/// Reads the grid of `lcs-table.txt`: the rows after the header line, the
/// row label cut off (`labelWidth` characters and a space).
private func parseTextTable(_ text: String, rows: Int, labelWidth: Int) -> [[TextCell]] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let header = lines.firstIndex(where: { $0.hasPrefix(String(repeating: " ", count: labelWidth) + " ") && $0.contains("∅") })
    else { return [] }
    return lines[(header + 1)...(header + rows)].map { line in
        let body = line.dropFirst(labelWidth + 1)
        return body.matches(of: /(\[)?([↖↑← ])?(\d+)(\])?/).map { match in
            TextCell(
                value: Int(match.output.3)!, arrow: match.output.2.flatMap { $0 == " " ? nil : $0.first },
                onPath: match.output.1 != nil)
        }
    }
}

private struct TSVRow {
    var i: Int, j: Int, value: Int, direction: String, onPath: Bool, oldElement: String, newElement: String
}

private func parseTSV(_ text: String) -> (header: [String], rows: [TSVRow]) {
    let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    let rows = lines.dropFirst().map {
        TSVRow(i: Int($0[0])!, j: Int($0[1])!, value: Int($0[6])!, direction: $0[7], onPath: $0[8] == "1", oldElement: $0[3], newElement: $0[5])
    }
    return (lines.first ?? [], rows)
}

@Suite struct LCSTableDumpTests {
    private func table(_ old: String, _ new: String) throws -> LCSTable {
        try LCSTable(old: Array(old), new: Array(new), identity: ValueElements<Character>())
    }

    /// The table of the classic example, as printed in the posts that taught
    /// it (LCS "AFT"), and its traceback.
    @Test func adfgtToAfoxtMatchesTheWellKnownTable() throws {
        let known = [
            [0, 0, 0, 0, 0, 0],
            [0, 1, 1, 1, 1, 1],
            [0, 1, 1, 1, 1, 1],
            [0, 1, 2, 2, 2, 2],
            [0, 1, 2, 2, 2, 2],
            [0, 1, 2, 2, 2, 3],
        ]
        // From the corner: T=T ↖, up (tie), left, left, F=F ↖, up, A=A ↖.
        let knownPath: Set<[Int]> = [[5, 5], [4, 4], [3, 4], [3, 3], [3, 2], [2, 1], [1, 1], [0, 0]]
        let lcs = try table("ADFGT", "AFOXT")
        let text = LCSTableDump.text(
            table: lcs, oldLabels: "ADFGT".map(String.init), newLabels: "AFOXT".map(String.init), title: "t")
        let grid = parseTextTable(text, rows: 6, labelWidth: 1)
        #expect(grid.map { $0.map(\.value) } == known)
        var path: Set<[Int]> = []
        for (i, row) in grid.enumerated() { for (j, cell) in row.enumerated() where cell.onPath { path.insert([i, j]) } }
        #expect(path == knownPath)
        #expect(grid[5][5].arrow == "↖" && grid[4][4].arrow == "↑" && grid[3][4].arrow == "←" && grid[2][1].arrow == "↑")
        #expect(text.contains("LCS (length 3): A F T"))
        #expect(text.contains("2 deletes + 2 inserts = 4 edits"))
    }

    /// The canonical examples and seeded random pairs: every cell of the text
    /// and the TSV agrees with an independently computed table, the
    /// documented direction rule and the traceback it implies.
    @Test func dumpsAgreeWithAnIndependentTable() throws {
        var pairs: [([String], [String])] = [
            ("SMARTPHONE", "HARPOON"), ("kitten", "sitting"), ("ABCABBA", "CBABAC"), ("", "abc"), ("abc", ""),
        ].map { (Array($0.0).map(String.init), Array($0.1).map(String.init)) }
        pairs.append(((1...10).map(String.init), ["1", "4", "5", "6", "3", "9", "2"]))
        var random = TestRandom(seed: 0xD0_0D1E)
        for _ in 0..<40 {
            let alphabet = 1 + random.below(6)
            pairs.append((
                (0..<random.below(14)).map { _ in String(random.below(alphabet)) },
                (0..<random.below(14)).map { _ in String(random.below(alphabet)) }
            ))
        }
        for (a, b) in pairs {
            let lcs = try LCSTable(old: a, new: b, identity: ValueElements<String>())
            let reference = referenceLCSTable(a, b)
            let path = referencePath(reference, a, b)
            let labelWidth = max(1, a.map(\.count).max() ?? 1)
            let grid = parseTextTable(
                LCSTableDump.text(table: lcs, oldLabels: a, newLabels: b, title: "x"), rows: a.count + 1, labelWidth: labelWidth)
            let arrows: [String: Character] = ["match": "↖", "up": "↑", "left": "←"]
            #expect(grid.count == a.count + 1, "\(a) → \(b)")
            for i in 0...a.count where i < grid.count {
                #expect(grid[i].count == b.count + 1, "\(a) → \(b) row \(i)")
                for j in 0...b.count where j < grid[i].count {
                    let cell = grid[i][j]
                    #expect(cell.value == reference[i][j])
                    #expect(cell.onPath == path.contains([i, j]))
                    #expect(cell.arrow == arrows[referenceDirection(reference, a, b, i, j)])
                }
            }
            let tsv = parseTSV(LCSTableDump.tsv(table: lcs, oldLabels: a, newLabels: b))
            #expect(tsv.header == ["i", "j", "old_index", "old_element", "new_index", "new_element", "lcs_length", "direction", "on_path"])
            #expect(tsv.rows.count == (a.count + 1) * (b.count + 1))
            for row in tsv.rows {
                #expect(row.value == reference[row.i][row.j])
                #expect(row.direction == referenceDirection(reference, a, b, row.i, row.j))
                #expect(row.onPath == path.contains([row.i, row.j]))
                #expect(row.oldElement == (row.i == 0 ? "" : a[row.i - 1]))
                #expect(row.newElement == (row.j == 0 ? "" : b[row.j - 1]))
            }
        }
    }

    @Test func tsvFieldsNeverBreakTheColumns() throws {
        let old = ["a\tb", "line\nbreak"], new = ["a\tb"]
        let lcs = try LCSTable(old: old, new: new, identity: ValueElements<String>())
        let tsv = LCSTableDump.tsv(table: lcs, oldLabels: old, newLabels: new)
        for line in tsv.split(separator: "\n") { #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 9) }
    }
}
