
/// `myers-trace.txt`: the greedy forward search round by round, the
/// (d, k) → x table the backtrack reads, the backtrack itself, and the
/// linear-space variant's forward/backward searches and middle snakes.
enum MyersTraceText {
    static func make(_ pair: TeachingPair, greedy: MyersTrace, linear: MyersMiddleSnakeTrace, title: String) -> String {
        let old = pair.oldLabels.map { DisplayLabel.make($0) }
        let new = pair.newLabels.map { DisplayLabel.make($0) }
        var lines: [String] = ["Myers' O(ND) diff, traced: \(title)", ""]
        lines += [
            "Orientation (as in Myers' paper and the pictures): old along x (columns, left to right),",
            "new along y (rows, top to bottom). The LCS table has old down its rows: it is this grid transposed.",
            "The edit graph has a point (x, y) for every x = 0…N old and y = 0…M new elements consumed. From a point:",
            "  right    (x+1, y)    deletes old[x]",
            "  down     (x, y+1)    inserts new[y]",
            "  diagonal (x+1, y+1)  keeps old[x] = new[y], free when they match (a run of diagonals is a \"snake\")",
            "k = x − y numbers the diagonals. A d-path is a path from (0,0) with d rights and downs.",
            "Round d extends, on every diagonal k = −d, −d+2, …, d, the furthest-reaching (d−1)-path by one edit",
            "(down from diagonal k+1, an insert, or right from k−1, a delete, whichever reaches a larger x)",
            "and then follows the snake as far as it goes. The search stops when a path reaches (N, M):",
            "that round's d is D, the length of a shortest edit script.",
            "",
            "N = \(pair.n), M = \(pair.m), D = \(greedy.distance) (= N + M − 2·LCS = \(pair.n) + \(pair.m) − 2·\(pair.table.length))",
            "",
            "Forward greedy search",
            "---------------------",
        ]
        for (d, round) in greedy.rounds.enumerated() {
            lines.append("d = \(d)")
            for step in round { lines.append("  " + describe(step, old: old, new: new, forward: true)) }
            if round.isEmpty { lines.append("  (no diagonal reachable)") }
        }
        lines.append("Reached (N, M) = (\(pair.n), \(pair.m)) in round d = \(greedy.distance).")
        lines.append("")
        lines += frontierTable(greedy.rounds, title: "(d, k) → x: the furthest x reached on diagonal k after round d (y = x − k)")
        lines.append("")
        lines.append("Backtrack: from (N, M), the step of round d that ended there names the point where round d−1 ended;")
        lines.append("repeat down to round 0. Read forward, the shortest edit script is:")
        lines += script(of: greedy.path, pair: pair).map { "  " + $0 }
        lines.append("")
        lines.append("Linear-space variant (middle snake)")
        lines.append("-----------------------------------")
        lines += [
            "Search forward from (0,0) and backward from (N,M) at the same time, one round each in turn.",
            "Backward round d extends the backward (d−1)-paths by one reverse edit and follows snakes up-left.",
            "With Δ = N − M odd the frontiers can first overlap during a forward round (D = 2d − 1), with Δ even",
            "during a backward round (D = 2d). The snake where they meet, the middle snake, lies on a shortest",
            "path: solve the part before it and the part after it the same way. Only the two frontiers are",
            "kept, so memory is O(N + M) instead of O(N · D) for the greedy trace.",
            "",
        ]
        if linear.searches.isEmpty {
            lines.append("No middle-snake search is needed here (D ≤ 1, or one side is empty); the greedy search above is the whole answer.")
        }
        for (index, search) in linear.searches.enumerated() {
            let indent = String(repeating: "  ", count: search.depth)
            let region = "old[\(search.origin.x)..<\(search.corner.x)] × new[\(search.origin.y)..<\(search.corner.y)]"
            lines.append("\(indent)Search \(index + 1) (depth \(search.depth)): \(region), Δ = \(search.corner.k - search.origin.k)")
            let rounds = max(search.forward.count, search.backward.count)
            for d in 0..<rounds {
                if d < search.forward.count {
                    for step in search.forward[d] {
                        lines.append("\(indent)  forward  d=\(d) " + describe(step, old: old, new: new, forward: true))
                    }
                }
                if d < search.backward.count {
                    for step in search.backward[d] {
                        lines.append("\(indent)  backward d=\(d) " + describe(step, old: old, new: new, forward: false))
                    }
                }
            }
            let snake = search.snakeStart == search.snakeEnd
                ? "an empty snake at \(search.snakeStart)"
                : "\(search.snakeStart) → \(search.snakeEnd) (\(search.snakeEnd.x - search.snakeStart.x) \(search.snakeEnd.x - search.snakeStart.x == 1 ? "match" : "matches"))"
            lines.append(
                "\(indent)  middle snake: \(snake), found in a \(search.foundForward ? "forward" : "backward") round on k = \(search.foundDiagonal); "
                    + "D of this region = \(search.distance)")
        }
        if !linear.smallRegions.isEmpty {
            lines.append("")
            lines.append("Regions with D ≤ 1 are finished directly (a middle snake would not split them further):")
            for region in linear.smallRegions {
                lines.append(
                    "  old[\(region.origin.x)..<\(region.corner.x)] × new[\(region.origin.y)..<\(region.corner.y)]: D = \(region.rounds.count - 1)")
            }
        }
        lines.append("")
        lines.append("Linear-space path: \(linear.distance) edits (the greedy path has \(greedy.distance)); read forward:")
        lines += script(of: linear.path, pair: pair).map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ step: MyersStep, old: [String], new: [String], forward: Bool) -> String {
        let k = "k = \(step.k < 0 ? "" : " ")\(step.k):"
        var text: String
        switch step.edit {
        case .start:
            text = "\(k) start at \(step.from)"
        case .delete:
            let index = forward ? step.from.x : step.afterEdit.x
            text = "\(k) from \(step.from) on k = \(step.from.k), delete old[\(index)] \(old[index]) → \(step.afterEdit)"
        case .insert:
            let index = forward ? step.from.y : step.afterEdit.y
            text = "\(k) from \(step.from) on k = \(step.from.k), insert new[\(index)] \(new[index]) → \(step.afterEdit)"
        }
        if step.snakeLength > 0 {
            let first = forward ? step.afterEdit.x : step.end.x
            let kept = (first..<(first + step.snakeLength)).map { old[$0] }.joined(separator: " ")
            text += ", snake → \(step.end) keeping \(kept)"
        } else {
            text += ", no snake"
        }
        return text
    }

    /// Rows d, columns k; a blank where round d has no path on k.
    static func frontierTable(_ rounds: [[MyersStep]], title: String) -> [String] {
        let ks = rounds.flatMap { $0.map(\.k) }
        guard let low = ks.min(), let high = ks.max() else { return [title, "  (empty)"] }
        let width = max(3, String(low).count + 1, String(rounds.flatMap { $0.map(\.end.x) }.max() ?? 0).count + 1)
        var lines = [title]
        var header = LCSTableDump.pad("d \\ k", 7)
        for k in low...high { header += LCSTableDump.padLeft(String(k), width) }
        lines.append(header)
        for (d, round) in rounds.enumerated() {
            var row = LCSTableDump.pad("  \(d)", 7)
            var byK: [Int: Int] = [:]
            for step in round { byK[step.k] = step.end.x }
            for k in low...high { row += LCSTableDump.padLeft(byK[k].map(String.init) ?? "", width) }
            lines.append(String(row.reversed().drop { $0 == " " }.reversed()))
        }
        return lines
    }

    /// The path as keep/delete/insert lines.
    static func script(of path: [GridPoint], pair: TeachingPair) -> [String] {
        var lines: [String] = []
        for (p, q) in zip(path, path.dropFirst()) {
            switch (q.x - p.x, q.y - p.y) {
            case (1, 1): lines.append("keep    \(DisplayLabel.make(pair.oldLabels[p.x]))    old[\(p.x)] = new[\(p.y)]")
            case (1, 0): lines.append("delete  \(DisplayLabel.make(pair.oldLabels[p.x]))    old[\(p.x)]")
            default: lines.append("insert  \(DisplayLabel.make(pair.newLabels[p.y]))    new[\(p.y)]")
            }
        }
        return lines
    }
}
