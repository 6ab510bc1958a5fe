import DiffEngines
import Rendering

/// `heckel-passes.txt`: the symbol table and the OA/NA arrays after each pass.
enum HeckelText {
    static let passNames = [
        "1: count each id in the new list (NC)",
        "2: count each id in the old list (OC) and note its old line number (OLNO)",
        "3: link every id that occurs exactly once in each list (it must be the same item)",
        "4: walking forward, link the items right after a linked pair when they have the same id",
        "5: walking backward, link the items right before a linked pair when they have the same id",
        "6: read the result: unlinked old items are deletes, unlinked new items inserts, linked items out of order moves",
    ]

    static func make(_ pair: TeachingPair, trace: HeckelTrace, engineChangeset: Result<Changeset, DiffError>, title: String) -> String {
        let old = pair.oldLabels.map { DisplayLabel.make($0, limit: 8) }
        let new = pair.newLabels.map { DisplayLabel.make($0, limit: 8) }
        let final = trace.final
        var lines = ["Heckel 1978, six passes over a symbol table: \(title)", ""]
        lines.append("Passes:")
        lines += passNames.map { "  " + $0 }
        lines.append("")

        // Symbol table: one entry per distinct old id (code), plus the new-only ids.
        lines.append("Symbol table after passes 1 and 2 (counts saturate at 2, meaning \"many\"):")
        var firstOld: [Int32: Int] = [:]
        for (i, code) in pair.codes.old.enumerated() where firstOld[code] == nil { firstOld[code] = i }
        var rows: [[String]] = [["symbol", "id", "NC (new)", "OC (old)", "OLNO"]]
        for code in 0..<final.oldCount.count {
            let label = firstOld[Int32(code)].map { old[$0] } ?? "?"
            rows.append([
                String(code), label, count(final.newCount[code]), count(final.oldCount[code]), String(final.oldLine[code]),
            ])
        }
        lines += table(rows).map { "  " + $0 }
        var newOnly: [String] = []
        var seen = Set<String>()
        for (j, code) in pair.codes.new.enumerated() where code < 0 && seen.insert(pair.newLabels[j]).inserted {
            newOnly.append(new[j])
        }
        if !newOnly.isEmpty {
            lines.append("  Ids only in the new list (OC = 0, so they can never be linked: they are inserts): " + newOnly.joined(separator: ", "))
        }
        lines.append("")

        lines.append("OA[i]: the new index old[i] is linked to; \"·\" while it still refers to its symbol table entry.")
        var oaRows: [[String]] = [["", "i"] + (0..<pair.n).map(String.init), ["", "old"] + old]
        for (p, state) in trace.states.enumerated() {
            oaRows.append(["after pass", "\(p + 1)"] + state.oa.map { $0 < 0 ? "·" : String($0) })
        }
        lines += table(oaRows).map { "  " + $0 }
        lines.append("")
        lines.append("NA[j]: the old index new[j] is linked to; \"·\" while it still refers to its symbol table entry.")
        var naRows: [[String]] = [["", "j"] + (0..<pair.m).map(String.init), ["", "new"] + new]
        for (p, state) in trace.states.enumerated() {
            naRows.append(["after pass", "\(p + 1)"] + state.na.map { $0 < 0 ? "·" : String($0) })
        }
        naRows.append(["linked by", "pass"] + final.linkedByPass.map { $0 == 0 ? "·" : String($0) })
        lines += table(naRows).map { "  " + $0 }
        lines.append("")

        lines.append("Pass 6, on the arrays above:")
        let deletes = final.oa.indices.filter { final.oa[$0] < 0 }
        let inserts = final.na.indices.filter { final.na[$0] < 0 }
        lines.append("  deletes (OA still a symbol): " + (deletes.isEmpty ? "none" : deletes.map { "old[\($0)] \(old[$0])" }.joined(separator: ", ")))
        lines.append("  inserts (NA still a symbol): " + (inserts.isEmpty ? "none" : inserts.map { "new[\($0)] \(new[$0])" }.joined(separator: ", ")))
        let links = final.na.enumerated().filter { $0.element >= 0 }.map { "\(new[$0.offset]) old[\($0.element)]→new[\($0.offset)]" }
        lines.append("  links: " + (links.isEmpty ? "none" : links.joined(separator: ", ")))
        lines.append("  moves: walking the new list, a linked item that is not the next kept old item is a move.")
        lines.append("")
        switch engineChangeset {
        case let .success(changeset):
            lines.append("The heckel engine's changeset (it trims the common prefix and suffix first, then runs the passes on the rest):")
            lines.append("  deletes \(changeset.deletes), inserts \(changeset.inserts), moves \(changeset.moves), updates \(changeset.updates)")
        case let .failure(error):
            lines.append("The heckel engine refused: \(error)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func count(_ value: UInt8) -> String { value >= 2 ? "many" : String(value) }

    /// Columns padded to their widest cell.
    static func table(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (c, cell) in row.enumerated() { widths[c] = max(widths[c], cell.count) } }
        return rows.map { row in
            let line = row.enumerated().map { c, cell in
                c < 2 ? LCSTableDump.pad(cell, widths[c]) : LCSTableDump.padLeft(cell, widths[c])
            }.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }
}
