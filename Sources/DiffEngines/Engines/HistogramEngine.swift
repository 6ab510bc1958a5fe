/// Histogram diff (JGit's, later git's and imara-diff's default): split the
/// lists at a common run of ids whose rarest id is as rare as possible in the
/// old list, then do the same on each side of it; Myers where every common
/// id occurs more than ``HistogramEngine/maxOccurrences`` times. See
/// `Guides/Histogram.md`.
///
/// Why: it extends patience diff's idea (anchor on rare ids) to ids that are
/// merely rare, not unique, so it still finds anchors in text where every
/// line repeats somewhere, and it needs no longest-increasing-run pass: one
/// anchor per box, found by walking each new item's old occurrences.
///
/// Moves are inferred afterwards, as Myers does: an unmatched old item and an
/// unmatched new item with the same id are paired (k-th with k-th). The
/// script is not always the shortest. Its aligned pairs need not be a
/// longest increasing run of the matched pairs either (on unique ids the
/// anchor is the longest common run), so, when there are moves, the stayers
/// are chosen again as one longest increasing run: the fewest moves for the
/// matching, and on unique ids the fewest of any changeset.
///
/// - Complexity: per box, O(n + m) to count the old ids, plus the anchor
///   search: each new item walks the old occurrences of its id (at most 64)
///   and extends each into a common run, skipping the new items the best run
///   covers; over as many levels as anchors nest (O(log N) when anchors fall
///   mid-box, O(N) in the worst case, as in git), plus O((n + m)·d) for each
///   box left to Myers. O(N + M + distinct ids) memory.
public struct HistogramEngine: DiffEngine {
    public static let name = EngineName.histogram
    public static let summary = "histogram diff: splits at the rarest common run (ids seen ≤ 64 times), recursively, else Myers"
    public static let cost = EngineCost.trimmedDifferencesSquared
    public static let infersMoves = true
    public static let claims: EngineClaims = [.fewestMoves, .honoursBounds]
    /// Ids occurring more often than this in a box's old side are never
    /// anchors (git's and JGit's limit); a box whose common ids all exceed it
    /// goes to Myers.
    public static let maxOccurrences = 64
    @inlinable public init() {}

    /// Diffs by splitting at the rarest common run, recursively, with Myers
    /// where only frequent ids are common.
    ///
    /// - Complexity: see ``HistogramEngine``.
    @inlinable
    public func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        let limit = SearchLimit(options)
        return try diffOnCodes(old: old, new: new, identity: identity, options: options) { codes in
            HistogramEngine.matching(codes: codes, inferMoves: options.inferMoves, limit: limit)
        }
    }

    /// The non-generic core: aligns the coded lists, pairs the leftovers
    /// into moves, then keeps the fewest moves for those pairs.
    @usableFromInline
    static func matching(codes: IdentityCodes, inferMoves: Bool, limit: SearchLimit) -> Matching {
        Matching.ofAlignment(codes, inferMoves: inferMoves) { old, new, symbols in
            alignment(old: old, new: new, symbolCount: symbols, limit: limit)
        }.withFewestMoves()
    }

    /// For each new index, the old index it is aligned with, or -1; the
    /// pairs increase on both sides. `approximate` when the work reached the
    /// limit (``DiffOptions/costLimit``, ``DiffOptions/deadline``): the Myers
    /// fallback's cells and this loop's per-box work share one meter.
    ///
    /// Boxes wait on an explicit stack. A box is trimmed of its common ends,
    /// then its old ids are counted, each with a chain of its old positions
    /// in order. Each new item whose id is common and at most as frequent as
    /// the best so far tries every old occurrence: the pair is extended both
    /// ways into a run of equal ids, the run's count being its rarest id's.
    /// A run replaces the best when it is longer or rarer (git's rule, so
    /// among equally rare runs the longest wins and the first found breaks
    /// ties). The best run is aligned and the boxes before and after it go
    /// on the stack. With no run, a box with no common id is all deletes and
    /// inserts, and one whose common ids are all too frequent goes to Myers.
    static func alignment(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>, symbolCount: Int, limit: SearchLimit = .none
    ) -> (newToOld: [Int32], approximate: Bool) {
        let n = old.count, m = new.count
        var result = [Int32](repeating: -1, count: m)
        guard n > 0, m > 0, let a = old.baseAddress, let b = new.baseAddress else { return (result, false) }
        var approximate = false
        // Per id: occurrences in the box's old side, and its first old position;
        // per old position: the next old position with the same id, or -1.
        let count = UnsafeMutableBufferPointer<Int32>.allocate(capacity: symbolCount)
        let head = UnsafeMutableBufferPointer<Int32>.allocate(capacity: symbolCount)
        let next = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        count.initialize(repeating: 0)
        head.initialize(repeating: -1)
        defer {
            count.deallocate()
            head.deallocate()
            next.deallocate()
        }
        let occurrenceLimit = Int32(maxOccurrences)
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
                // The box's own passes are charged to the meter as Myers'
                // cells are: w + h for the counting and the walk over the new
                // side, plus (below) each run the anchor search extends, so a
                // deep nest of anchors is bounded too. Past the limit the box
                // is left coarse, all deletes and inserts, and so is every box after it.
                if charged {
                    search.meter.untilCheck &-= (box.x1 &- box.x0) &+ (box.y1 &- box.y0)
                    if search.meter.untilCheck < 0, !search.meter.checkpoint() { continue }
                }
                charged = true
                var extended = 0
                var i = box.x1 &- 1
                while i >= box.x0 {
                    let c = Int(a[i])
                    count[c] &+= 1
                    next[i] = head[c]
                    head[c] = Int32(truncatingIfNeeded: i)
                    i &-= 1
                }
                var best: MyersSearch.Box?
                var bestLength = 0
                var lowest = occurrenceLimit
                var hasCommon = false
                var j = box.y0
                while j < box.y1 {
                    var after = j &+ 1
                    let c = Int(b[j])
                    if c >= 0, count[c] > 0 {
                        hasCommon = true
                        if count[c] <= lowest {
                            var start = Int(head[c])
                            while start >= 0 {
                                // Extend the pair (start, j) into a run of equal ids.
                                var x0 = start, y0 = j, rarest = count[c]
                                while x0 > box.x0, y0 > box.y0, a[x0 &- 1] == b[y0 &- 1] {
                                    x0 &-= 1
                                    y0 &-= 1
                                    if rarest > 1 { rarest = min(rarest, count[Int(a[x0])]) }
                                }
                                var x1 = start &+ 1, y1 = j &+ 1
                                while x1 < box.x1, y1 < box.y1, a[x1] == b[y1] {
                                    if rarest > 1 { rarest = min(rarest, count[Int(a[x1])]) }
                                    x1 &+= 1
                                    y1 &+= 1
                                }
                                if after < y1 { after = y1 }
                                extended &+= x1 &- x0
                                if bestLength < x1 &- x0 || rarest < lowest {
                                    best = MyersSearch.Box(x0: x0, y0: y0, x1: x1, y1: y1)
                                    bestLength = x1 &- x0
                                    lowest = rarest
                                }
                                // The next occurrence outside this run.
                                var following = Int(next[start])
                                while following >= 0, following < x1 { following = Int(next[following]) }
                                start = following
                            }
                        }
                    }
                    j = after
                }
                for i in box.x0..<box.x1 {
                    let c = Int(a[i])
                    count[c] = 0
                    head[c] = -1
                }
                // Checked at the next box (or by Myers' next checkpoint).
                search.meter.untilCheck &-= extended
                guard let run = best else {
                    if hasCommon { search.align(box, into: out) }
                    continue
                }
                for offset in 0..<(run.x1 &- run.x0) {
                    out[run.y0 &+ offset] = Int32(truncatingIfNeeded: run.x0 &+ offset)
                }
                stack.append(MyersSearch.Box(x0: run.x1, y0: run.y1, x1: box.x1, y1: box.y1))
                stack.append(MyersSearch.Box(x0: box.x0, y0: box.y0, x1: run.x0, y1: run.y0))
            }
        }
        return (result, approximate)
    }
}

extension EngineName {
    /// ``HistogramEngine``'s stable name.
    public static let histogram: EngineName = "histogram"
}
