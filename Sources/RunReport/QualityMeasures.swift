import RunResults

/// How far an engine's changeset is from the best one possible for the same
/// pair of lists. Each measure is a ratio to a proven minimum, so 1 means
/// optimal and 1.5 means half as many steps again as needed. A zero minimum
/// with a zero count is 1 (nothing to do, nothing done); a zero minimum with
/// a non-zero count has no ratio (nil), and the charts say so.
package enum QualityMeasures {
    /// moves ÷ fewest moves (common items − LIS). Only defined when ids are
    /// unique: with repeated ids "which item moved" has no single answer.
    package static func movesRatio(_ row: ResultRow) -> Double? {
        guard let moves = row.moves, let fewest = row.minMoves else { return nil }
        guard counts(moves) else { return nil }
        return ratio(Double(moves), Double(fewest))
    }

    /// (deletes + inserts + 2·moves) ÷ (n + m − 2·LCS).
    ///
    /// A move is a delete and an insert of the same item, so the numerator is
    /// the length of the move-free edit script the changeset stands for, and
    /// the denominator is the shortest such script. The ratio is 1 exactly
    /// when the items the changeset leaves in place form a longest common
    /// subsequence, for unique and repeated ids alike.
    package static func editRatio(_ row: ResultRow) -> Double? {
        guard let deletes = row.deletes, let inserts = row.inserts, let moves = row.moves, let fewest = row.minEdits else {
            return nil
        }
        guard counts(deletes, inserts, moves) else { return nil }
        return ratio(Double(deletes) + Double(inserts) + 2 * Double(moves), Double(fewest))
    }

    /// The steps a list view animates (deletes + inserts + moves; updates are
    /// the same for every engine and left out) over the fewest possible.
    ///
    /// With unique ids the fewest is exact: n + m − 2·LCS counts each moved
    /// item twice, so the minimum with moves is min_edits − min_moves
    /// (`exact` = true). With repeated ids that minimum is unknown and the
    /// ratio is taken against the move-free minimum min_edits (`exact` =
    /// false); there a value below 1 means moves saved steps.
    package static func stepsRatio(_ row: ResultRow) -> (value: Double, exact: Bool)? {
        guard let deletes = row.deletes, let inserts = row.inserts, let moves = row.moves, let minEdits = row.minEdits else {
            return nil
        }
        guard counts(deletes, inserts, moves) else { return nil }
        let steps = Double(deletes) + Double(inserts) + Double(moves)
        if let minMoves = row.minMoves {
            guard counts(minMoves) else { return nil }
            return ratio(steps, Double(minEdits) - Double(minMoves)).map { ($0, true) }
        }
        return ratio(steps, Double(minEdits)).map { ($0, false) }
    }

    /// Counts from a results file may be anything (it is untrusted input):
    /// a negative one has no ratio, and the sums are taken in Double, where
    /// Int.max + 1 cannot trap. O(1).
    static func counts(_ values: Int...) -> Bool { values.allSatisfy { $0 >= 0 } }

    static func ratio(_ count: Double, _ fewest: Double) -> Double? {
        guard count >= 0, fewest >= 0, count.isFinite, fewest.isFinite else { return nil }
        if fewest == 0 { return count == 0 ? 1 : nil }
        return count / fewest
    }
}
