import DiffEngines

/// What the index says about the gap between the path the pictures draw
/// and what each engine answers (issue 17: for ABCABBA → CBABAC the gold
/// path deletes old[0], old[1] and old[5], while the myers engine reports
/// "deletes 1, 3; move 0→2" and nothing said why).
///
/// Two things make them differ, and a student needs to see both:
/// - a shortest edit script is rarely unique, and an engine (which first
///   trims the common prefix and suffix) may pick another one of the same
///   length;
/// - engines report moves: after the search, a deleted old item and an
///   inserted new item with the same id are paired into one move.
/// An engine's script before that pairing is recovered from its changeset
/// alone: its deletes are `deletes` plus the move sources, its inserts are
/// `inserts` plus the move targets.
enum TeachingReconcile {
    /// The deletes (old indices) and inserts (new indices) along a path.
    static func edits(of path: [GridPoint]) -> (deletes: [Int], inserts: [Int]) {
        var deletes: [Int] = [], inserts: [Int] = []
        for (p, q) in zip(path, path.dropFirst()) {
            if q.x == p.x + 1 && q.y == p.y { deletes.append(p.x) }
            if q.y == p.y + 1 && q.x == p.x { inserts.append(p.y) }
        }
        return (deletes, inserts)
    }

    /// One sentence per engine that answered.
    static func lines(_ facts: TeachingIndex.Facts) -> [String] {
        let pair = facts.pair
        let drawn = edits(of: facts.drawnPath)
        func old(_ i: Int) -> String { "old[\(i)] \(DisplayLabel.make(pair.oldLabels[i]))" }
        func new(_ j: Int) -> String { "new[\(j)] \(DisplayLabel.make(pair.newLabels[j]))" }
        func list(_ items: [String]) -> String { items.isEmpty ? "nothing" : items.joined(separator: ", ") }
        var lines = [
            "The gold path in myers-graph.png deletes \(list(drawn.deletes.map(old))) and inserts \(list(drawn.inserts.map(new))): "
                + "D = \(drawn.deletes.count + drawn.inserts.count) edits."
        ]
        for run in facts.runs {
            guard case let .success(changeset) = run.result else { continue }
            let updates = changeset.updates.isEmpty
                ? ""
                : " Updates (same item, new content, not an edit of the path): "
                    + changeset.updates.map { "\(old($0.old)) → \(new($0.new))" }.joined(separator: ", ") + "."
            if run.engine == .heckel {
                // Heckel searches no path: it links items by id, and pass 6
                // calls a linked item that is out of order a move.
                lines.append(
                    "heckel: searches no path; it links items by id. Unlinked items are its deletes (\(list(changeset.deletes.map(old)))) "
                        + "and inserts (\(list(changeset.inserts.map(new)))); linked items that fall out of order are reported as moves ("
                        + (changeset.moves.isEmpty ? "none" : changeset.moves.map(\.description).joined(separator: ", ")) + "): "
                        + pathLength(changeset, facts) + "." + updates + " Drawn in \(picture(run.engine, facts)).")
                continue
            }
            let deletes = (changeset.deletes + changeset.moves.map(\.from)).sorted()
            let inserts = (changeset.inserts + changeset.moves.map(\.to)).sorted()
            var line = "\(run.engine.rawValue): "
            if deletes == drawn.deletes.sorted() && inserts == drawn.inserts.sorted() {
                line += "the same deletes and inserts as the gold path"
            } else {
                let count = deletes.count + inserts.count
                line += "its script deletes \(list(deletes.map(old))) and inserts \(list(inserts.map(new))) "
                line += "(" + why(count: count, deletes: deletes, inserts: inserts, facts) + ")"
            }
            if changeset.moves.isEmpty {
                line += "; no moves."
            } else {
                line += "; then each delete and insert of the same item became a move: "
                    + changeset.moves.map { "\(old($0.from)) + \(new($0.to)) → move \($0.from)→\($0.to)" }.joined(separator: ", ") + "."
            }
            lines.append(line + updates + " Drawn in \(picture(run.engine, facts)).")
        }
        return lines
    }

    /// An answer's length on the edit graph (a move is a delete plus an
    /// insert there) against D.
    static func pathLength(_ changeset: Changeset, _ facts: TeachingIndex.Facts) -> String {
        let count = changeset.deletes.count + changeset.inserts.count + 2 * changeset.moves.count
        let distance = facts.pair.editDistance
        return count == distance
            ? "\(count) edits on the edit graph, as few as D"
            : "\(count) edits on the edit graph (a move counts as a delete plus an insert there), \(count - distance) more than D = \(distance)"
    }

    /// The picture that draws `engine`'s answer on the edit graph.
    static func picture(_ engine: EngineName, _ facts: TeachingIndex.Facts) -> String {
        EnginePathPicture.name(for: engine, chosen: engine == facts.storyboardEngine) + ".png"
    }

    /// Why a script that is not the gold path's differs from it: the
    /// linear-space search's path when it is that one, another shortest path
    /// when only the length agrees, and no shortest script otherwise.
    static func why(count: Int, deletes: [Int], inserts: [Int], _ facts: TeachingIndex.Facts) -> String {
        let distance = facts.pair.editDistance
        guard count == distance else {
            return "\(count) edits, \(count - distance) more than D = \(distance): not a shortest script, this engine does not search for one"
        }
        let linear = edits(of: facts.linearPath)
        if !facts.linearPath.isEmpty, linear.deletes.sorted() == deletes, linear.inserts.sorted() == inserts {
            return "also \(count) edits = D: the same path as the linear-space search's (myers-middle-snake.png), another of the "
                + "shortest paths than the greedy backtrack's gold one; a search that splits the grid at a middle snake, as the myers engine's does, meets it"
        }
        return "also \(count) edits = D: another shortest path; where several are equally short, the engine's own order of "
            + "trying deletes and inserts (after trimming the common prefix and suffix) picks a different one than the greedy backtrack"
    }

    /// The Levenshtein distance over identity codes (a substitution is one
    /// edit), for the note on why D is larger.
    static func levenshtein(_ a: [Int32], _ b: [Int32]) -> Int {
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
