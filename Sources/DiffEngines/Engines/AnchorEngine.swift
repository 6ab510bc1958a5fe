/// Heckel's linear passes, then anchors made of runs of ids for what repeats:
/// a linear-time diff that also matches repeated ids in order. See
/// `Guides/Anchor.md`.
///
/// 1. Ids unique in both lists are matched, as in Heckel's pass 3. The
///    matched pairs that keep their relative order (one longest increasing
///    run) and have an equal neighbour on one side become anchors.
/// 2. Between two consecutive anchors lies a gap. Within a gap the common
///    prefix and suffix are matched (Heckel's passes 4 and 5), a gap with a
///    side of at most 64 items is solved exactly (bit-parallel LCS), a
///    large one is first walked along its common runs, each sparse break
///    repaired by a small forward search
///    (`AnchorWork.repairSparseEdits`, what a list without unique ids
///    needs), and what is left is anchored again: on
///    runs of `k` consecutive ids that occur exactly once on each side of
///    that gap, with `k` just long enough for the gap's size and alphabet
///    (`k = 1` is patience diff's "unique within the gap"; on eight
///    distinct ids and 10,000 items it is 5). The in-order runs are matched,
///    and the gaps between them are handled the same way, up to
///    `AnchorTuning.maxDepth` levels. A gap no run anchors (or one past
///    the last level) gets a Myers search for a shortest script, bounded
///    by `AnchorTuning.searchCellsPerItem` diagonal cells per item so that
///    it stays linear where the gap's edits are many.
/// 3. Items still unmatched with an id on both sides are paired k-th
///    occurrence with k-th (delete + insert become one move).
/// 4. The moves are the fewest for that matching: every matched pair off one
///    longest increasing run of old positions.
///
/// - Complexity: O(N + M) expected time for the passes and the anchoring
///   (each of at most `AnchorTuning.maxDepth` levels is one counting or
///   hashing pass over the gaps, an exact gap costs one word operation
///   per item of its longer side, and a gap search at most a constant
///   number of diagonal cells per item, plus the snakes it follows), plus
///   O(K log K) for the fewest moves of K matched items; O(N + M +
///   distinct ids) memory.
///
/// It is not minimal in edit distance: an anchor that an LCS would not use
/// (a run of ids that is unique in the gap but was moved) costs what it
/// skips, and a large gap without any unique run is left to step 3. It
/// reports the fewest moves for its own matching, which with unique ids is
/// the fewest moves of any changeset.
public struct AnchorEngine: CodedDiffEngine {
    public static let name = EngineName.anchor
    public static let summary = "Heckel's unique ids, then unique runs of ids between anchors, fewest moves by LIS, O(N+M + K log K)"
    public static let claims: EngineClaims = [.fewestMoves, .honoursBounds]
    @inlinable public init() {}

    /// The core: unique ids, then runs of ids unique between anchors, then
    /// k-th with k-th; the fewest moves for that matching.
    ///
    /// - Complexity: O(N + M) expected for the passes and anchoring (a
    ///   bounded number of linear levels), plus O(K log K) for the fewest
    ///   moves of K matched items; O(N + M + distinct ids) memory.
    @usableFromInline
    static func matching(codes: IdentityCodes, options: DiffOptions, limit: SearchLimit) -> Matching {
        if limit.hasExpired { return givingUp(oldCount: codes.old.count, newCount: codes.new.count) }
        return codes.old.withUnsafeBufferPointer { old in
            codes.new.withUnsafeBufferPointer { new in
                var work = AnchorWork(
                    old: old, new: new, symbols: codes.symbolCount, oldIsUnique: codes.firstOldDuplicate == nil)
                work.budget = SearchMeter(limit)
                defer { work.deallocate() }
                work.linkUniqueIDs()
                work.anchorGaps()
                work.pairLeftovers()
                return work.matching()
            }
        }
    }
}

extension AnchorEngine {
    /// The answer of a call whose deadline has passed before it starts:
    /// nothing matched (every old item deleted, every new one inserted),
    /// marked approximate, as lcs answers then.
    ///
    /// Why: the passes would run to the end with every gap search refused,
    /// and step 3 would pair each unmatched id k-th with k-th; on a
    /// periodic list one edit shifts every later pairing, so a deadline of
    /// 0 gave some 75,000 moves at 100,000 items and cost 1.7–1.9× the
    /// unbounded call's instructions.
    ///
    /// - Complexity: O(n + m) for the answer itself, nothing allocated
    ///   beyond it.
    static func givingUp(oldCount: Int, newCount: Int) -> Matching {
        var matching = Matching(
            newToOld: [Int32](repeating: -1, count: newCount), deletes: Array(0..<oldCount), inserts: Array(0..<newCount), moves: [])
        matching.isApproximate = true
        return matching
    }
}

extension EngineName {
    /// ``AnchorEngine``'s stable name.
    public static let anchor: EngineName = "anchor"
}
