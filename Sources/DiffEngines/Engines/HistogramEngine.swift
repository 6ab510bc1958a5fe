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
public struct HistogramEngine: CodedDiffEngine {
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

    /// The core: splits at the rarest common run, recursively, with Myers
    /// where only frequent ids are common; pairs the leftovers into moves,
    /// then keeps the fewest moves for those pairs.
    ///
    /// - Complexity: see ``HistogramEngine``.
    @usableFromInline
    static func matching(codes: IdentityCodes, options: DiffOptions, limit: SearchLimit) -> Matching {
        Matching.ofAlignment(codes, inferMoves: options.inferMoves) { old, new, symbols in
            RarestRun.alignment(old: old, new: new, symbolCount: symbols, limit: limit)
        }.withFewestMoves()
    }
}

/// Histogram's cut of a box: its old ids are counted, each with a chain of
/// its old positions in order. Each new item whose id is common and at most
/// as frequent as the best so far tries every old occurrence: the pair is
/// extended both ways into a run of equal ids, the run's count being its
/// rarest id's. A run replaces the best when it is longer or rarer (git's
/// rule, so among equally rare runs the longest wins and the first found
/// breaks ties). The best run is aligned and the boxes before and after it
/// go on the stack; a box whose common ids are all more frequent than
/// ``HistogramEngine/maxOccurrences`` has no run.
struct RarestRun: BoxCutter {
    /// Per id: occurrences in the box's old side, and its first old position;
    /// per old position: the next old position with the same id, or -1.
    let count: UnsafeMutableBufferPointer<Int32>
    let head: UnsafeMutableBufferPointer<Int32>
    let next: UnsafeMutableBufferPointer<Int32>

    init(symbolCount: Int, oldCount: Int) {
        count = .allocate(capacity: symbolCount)
        head = .allocate(capacity: symbolCount)
        next = .allocate(capacity: oldCount)
        count.initialize(repeating: 0)
        head.initialize(repeating: -1)
    }

    func deallocate() {
        count.deallocate()
        head.deallocate()
        next.deallocate()
    }

    /// One level of histogram on `box`: O(w + h) to count and walk, plus
    /// each run the search extends, charged to `meter` (so a deep nest of
    /// anchors is bounded too; checked at the next box or by Myers' next
    /// checkpoint).
    mutating func cut(
        _ box: MyersSearch.Box, old a: UnsafePointer<Int32>, new b: UnsafePointer<Int32>,
        into out: UnsafeMutablePointer<Int32>, meter: inout SearchMeter, stack: inout [MyersSearch.Box]
    ) -> BoxCut {
        let count = self.count, head = self.head, next = self.next
        let occurrenceLimit = Int32(HistogramEngine.maxOccurrences)
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
        meter.untilCheck &-= extended
        guard let run = best else { return hasCommon ? .unanchored : .disjoint }
        for offset in 0..<(run.x1 &- run.x0) {
            out[run.y0 &+ offset] = Int32(truncatingIfNeeded: run.x0 &+ offset)
        }
        stack.append(MyersSearch.Box(x0: run.x1, y0: run.y1, x1: box.x1, y1: box.y1))
        stack.append(MyersSearch.Box(x0: box.x0, y0: box.y0, x1: run.x0, y1: run.y0))
        return .anchored
    }
}

extension EngineName {
    /// ``HistogramEngine``'s stable name.
    public static let histogram: EngineName = "histogram"
}
