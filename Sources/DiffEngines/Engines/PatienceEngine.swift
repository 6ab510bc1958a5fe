/// Patience diff (Bram Cohen's, as in git and Bazaar): align on the ids that
/// occur exactly once in each list, in their longest increasing order, cut
/// the lists at those anchors and do the same between them; where no such id
/// remains, Myers. See `Guides/Patience.md`.
///
/// Why: an id that occurs once on each side is almost certainly the same
/// item in both, while a frequent one (a blank line, a closing brace) may
/// match the wrong copy; anchoring on the rare ones keeps whole blocks
/// together where Myers, counting edits only, may interleave them. The price:
/// the script is not always the shortest, since an anchor that a shortest
/// script would give up is kept (a unique line moved far away pins the rest).
///
/// Moves are inferred afterwards, as Myers does: an unmatched old item and an
/// unmatched new item with the same id are paired (k-th with k-th). On lists
/// with unique ids every common id is a candidate, the anchors are one
/// longest increasing run of them, and so the moves are the fewest possible.
///
/// - Complexity: O(N + M) per level for counting and O(U log U) for the
///   longest increasing run of U unique pairs, over as many levels as anchors
///   nest (a few on text; up to O(N) on a crafted input, as in git), plus
///   O((n + m)·d) for each box left to Myers; O(N + M + distinct ids) memory.
///
///     let changes = try PatienceEngine().diff(fromValues: Array("UVxxxW"), toValues: Array("WxxxUV"))
///     // U and V are the anchors (unique, in order): W and the three x move,
///     // 4 steps where Myers keeps x x x and moves 3
public struct PatienceEngine: DiffEngine {
    public static let name = EngineName.patience
    public static let summary = "patience diff: anchors on ids unique in both lists (their LIS), recursively, Myers where none remain"
    public static let cost = EngineCost.trimmedDifferencesSquared
    public static let infersMoves = true
    public static let claims: EngineClaims = [.fewestMoves, .honoursBounds]
    @inlinable public init() {}

    /// Diffs by anchoring on ids unique in both lists, recursively, with
    /// Myers where none is left.
    ///
    /// - Complexity: see ``PatienceEngine``: about linear per nesting level
    ///   of anchors, plus Myers' O((n + m)·d) on boxes without a unique id.
    @inlinable
    public func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        let limit = SearchLimit(options)
        return try diffOnCodes(old: old, new: new, identity: identity, options: options) { codes in
            PatienceEngine.matching(codes: codes, inferMoves: options.inferMoves, limit: limit)
        }
    }

    /// The non-generic core: aligns the coded lists, then pairs the leftovers
    /// into moves.
    @usableFromInline
    static func matching(codes: IdentityCodes, inferMoves: Bool, limit: SearchLimit) -> Matching {
        Matching.ofAlignment(codes, inferMoves: inferMoves) { old, new, symbols in
            alignment(old: old, new: new, symbolCount: symbols, limit: limit)
        }
    }

    /// For each new index, the old index it is aligned with, or -1; the
    /// pairs increase on both sides. `approximate` when the work reached the
    /// limit (``DiffOptions/costLimit``, ``DiffOptions/deadline``): the Myers
    /// fallback's cells and this loop's w + h per box share one meter.
    ///
    /// Boxes of the edit graph wait on an explicit stack. A box is trimmed of
    /// its common ends, its ids are counted (saturating at 2 per side, with
    /// the new position of the last sighting), and the ids seen once on each
    /// side become candidate pairs in old order. One longest run of them
    /// with increasing new positions becomes the anchors, and the boxes
    /// between consecutive anchors go on the stack.
    ///
    /// Why old order: it is git's (`git diff --patience` walks the old side
    /// and sorts the new positions into piles). Where several runs are
    /// longest, the order picks which one is kept (patience sorting keeps the
    /// last card of the last pile and its chain), and the boxes left between
    /// the anchors, so the script's length, follow from that choice: in new
    /// order the engine's deleted and inserted line counts differed from
    /// git's on 11 of `PatienceAgainstGitTests`' 200 random texts. A box without a candidate goes to
    /// Myers, unless it has no id in common at all (then it is all deletes
    /// and inserts, found in one pass). The counters are cleared by walking the box again, so each
    /// level costs its own length, not the alphabet's.
    static func alignment(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>, symbolCount: Int, limit: SearchLimit = .none
    ) -> (newToOld: [Int32], approximate: Bool) {
        let n = old.count, m = new.count
        var result = [Int32](repeating: -1, count: m)
        guard n > 0, m > 0, let a = old.baseAddress, let b = new.baseAddress else { return (result, false) }
        var approximate = false
        let oldSeen = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: symbolCount)
        let newSeen = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: symbolCount)
        let newAt = UnsafeMutableBufferPointer<Int32>.allocate(capacity: symbolCount)
        oldSeen.initialize(repeating: 0)
        newSeen.initialize(repeating: 0)
        var candidateOld: [Int32] = []
        var candidateNew: [Int32] = []
        var kept: [Bool] = []
        defer {
            oldSeen.deallocate()
            newSeen.deallocate()
            newAt.deallocate()
        }
        result.withUnsafeMutableBufferPointer { out in
            guard let out = out.baseAddress else { return }
            var search = MyersSearch(old: a, new: b, oldCount: n, newCount: m, limit: limit)
            defer {
                approximate = search.stopped
                search.deallocate()
            }
            var stack = [MyersSearch.Box(x0: 0, y0: 0, x1: n, y1: m)]
            // The first box's passes are free: one pass over the input, as
            // coding the ids is (so a pair with nothing in common is exact
            // under any bound); the nested ones are what can grow.
            var charged = false
            while var box = stack.popLast() {
                if search.trimCommonEnds(&box, into: out) { continue }
                // The box's own passes (counting, candidates, the LIS) are
                // charged to the meter as Myers' cells are, w + h per box: on
                // an input whose anchors nest deep they, not Myers, are the
                // work. Past the limit the box is left coarse, all deletes and
                // inserts, and so is every box after it.
                if charged {
                    search.meter.untilCheck &-= (box.x1 &- box.x0) &+ (box.y1 &- box.y0)
                    if search.meter.untilCheck < 0, !search.meter.checkpoint() { continue }
                }
                charged = true
                for i in box.x0..<box.x1 {
                    let c = Int(a[i])
                    if oldSeen[c] < 2 { oldSeen[c] &+= 1 }
                }
                for j in box.y0..<box.y1 {
                    let c = Int(b[j])
                    if c >= 0, oldSeen[c] == 1, newSeen[c] < 2 {
                        newSeen[c] &+= 1
                        newAt[c] = Int32(truncatingIfNeeded: j)
                    }
                }
                // The candidates in old order (git's), each with its one new
                // position. Only an id seen once on the old side has a new
                // count, so this walk also clears every new counter.
                candidateOld.removeAll(keepingCapacity: true)
                candidateNew.removeAll(keepingCapacity: true)
                for i in box.x0..<box.x1 {
                    let c = Int(a[i])
                    guard oldSeen[c] == 1 else { continue }
                    if newSeen[c] == 1 {
                        candidateOld.append(Int32(truncatingIfNeeded: i))
                        candidateNew.append(newAt[c])
                    }
                    newSeen[c] = 0
                }
                // A box with no id in common is all deletes and inserts: Myers
                // would spend about (N + M)²/2 steps to find that (minutes on
                // two different files of 100,000 lines). Looked for only when
                // no candidate was found, up to the first common id.
                var hasCommon = !candidateOld.isEmpty
                var j = box.y0
                while !hasCommon, j < box.y1 {
                    let c = Int(b[j])
                    hasCommon = c >= 0 && oldSeen[c] > 0
                    j &+= 1
                }
                for i in box.x0..<box.x1 { oldSeen[Int(a[i])] = 0 }
                if candidateOld.isEmpty {
                    if hasCommon { search.align(box, into: out) }
                    continue
                }
                kept.removeAll(keepingCapacity: true)
                kept.append(contentsOf: repeatElement(false, count: candidateOld.count))
                candidateNew.withUnsafeBufferPointer { values in
                    kept.withUnsafeMutableBufferPointer { marks in _ = markLongestIncreasingRun(values, into: marks) }
                }
                // Anchors in order (increasing on both sides); the boxes
                // between them, pushed last first so the stack works front to back.
                var x = box.x0, y = box.y0
                var pieces: [MyersSearch.Box] = []
                for index in candidateOld.indices where kept[index] {
                    let i = Int(candidateOld[index]), j = Int(candidateNew[index])
                    out[j] = Int32(truncatingIfNeeded: i)
                    if x < i || y < j { pieces.append(MyersSearch.Box(x0: x, y0: y, x1: i, y1: j)) }
                    x = i &+ 1
                    y = j &+ 1
                }
                if x < box.x1 || y < box.y1 { pieces.append(MyersSearch.Box(x0: x, y0: y, x1: box.x1, y1: box.y1)) }
                stack.append(contentsOf: pieces.reversed())
            }
        }
        return (result, approximate)
    }
}

extension EngineName {
    /// ``PatienceEngine``'s stable name.
    public static let patience: EngineName = "patience"
}
