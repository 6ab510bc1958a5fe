/// The buffers of one anchor diff. Raw buffers, freed by ``deallocate()``:
/// the passes are tight loops over `Int32`s and run without bounds or
/// uniqueness checks.
struct AnchorWork {
    let old: UnsafeBufferPointer<Int32>
    let new: UnsafeBufferPointer<Int32>
    let symbols: Int
    /// Old ids all distinct: a code is then its own old position, and every
    /// code occurs once in the old list (no counting pass needed).
    let oldIsUnique: Bool
    /// Occurrences of each code in the new list, saturating at 2.
    let newCount: UnsafeMutableBufferPointer<UInt8>
    /// Occurrences of each code in the old list, saturating at 2 (empty when `oldIsUnique`).
    var oldCount: UnsafeMutableBufferPointer<UInt8>
    /// Position of each code's last old occurrence (empty when `oldIsUnique`).
    var oldLine: UnsafeMutableBufferPointer<Int32>
    /// The matching being built, both ways (-1: unmatched).
    let newToOld: UnsafeMutableBufferPointer<Int32>
    let oldToNew: UnsafeMutableBufferPointer<Int32>
    /// New indices on one longest increasing run of `newToOld` (the items that stay).
    let staying: UnsafeMutableBufferPointer<Bool>
    /// Whether anything was matched after the unique ids (then the run is recomputed).
    var matchedMore = false
    /// Matched pairs so far, and the length of the increasing run last marked.
    var matchedCount = 0
    var stayingCount = 0
    /// Whether an id of the old list occurs more than once in the new list
    /// (only tracked when the old ids are unique).
    var newRepeats = false

    /// The items the gaps are made of: unmatched, with an id on both sides,
    /// in list order (indices into `old` / `new`), and for each the compact
    /// position of its partner once matched.
    var gapOld: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)
    var gapNew: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)
    var gapOldPartner: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)
    var gapNewPartner: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)
    /// The codes of the gap items, contiguous: every later pass reads runs of
    /// them, and one indirection less per read is most of their cost.
    var gapOldCode: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)
    var gapNewCode: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)

    /// Run-anchoring scratch, allocated on first use and reused by every gap.
    /// One 64-bit word per slot, 0 when empty: a 32-bit tag of the run's
    /// hash (never 0), its count on the old side (2 bits, saturating at 2),
    /// on the new side (2 bits), and its old compact position (28 bits).
    /// Eight bytes a slot keep the table of a 10,000-item gap in 128 KiB,
    /// within the L2 cache: its probes are random, and a wider table missed.
    var table: UnsafeMutableBufferPointer<UInt64> = .init(start: nil, count: 0)
    /// The table of ``collectUniqueRunsDirectly(_:k:space:)``.
    var directTable: UnsafeMutableBufferPointer<UInt32> = .init(start: nil, count: 0)
    var newSlot: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)
    var pairOld: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)
    var pairNew: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)
    var pairKept: UnsafeMutableBufferPointer<Bool> = .init(start: nil, count: 0)
    /// Exact-gap scratch: the bit mask of each code in the short side (all
    /// zero between gaps), and the word `V` after each item of the long side.
    var codeMask: UnsafeMutableBufferPointer<UInt64> = .init(start: nil, count: 0)
    var rows: UnsafeMutableBufferPointer<UInt64> = .init(start: nil, count: 0)
    /// The caller's bound (``DiffOptions/costLimit``, ``DiffOptions/deadline``),
    /// shared by the gap searches of ``matchBySearch(_:)``.
    var budget = SearchMeter(.none)
    /// The Myers search over the gap codes, made by the first gap that needs one.
    var search: MyersSearch?
    /// The caller's bound stopped a gap search, or left a gap unsearched.
    var approximate = false
    /// Gap items matched so far (each pair once): when it reaches either
    /// side's gap item count, step 3 has nothing to pair.
    var gapMatchedCount = 0
    /// The diagonals of ``repairSearch(fromOld:new:)``, made by the first repair.
    var repairDiagonals: UnsafeMutableBufferPointer<Int32> = .init(start: nil, count: 0)

    init(old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>, symbols: Int, oldIsUnique: Bool) {
        self.old = old
        self.new = new
        self.symbols = symbols
        self.oldIsUnique = oldIsUnique
        newCount = .allocate(capacity: symbols)
        newCount.initialize(repeating: 0)
        if oldIsUnique {
            oldCount = .init(start: nil, count: 0)
            oldLine = .init(start: nil, count: 0)
        } else {
            oldCount = .allocate(capacity: symbols)
            oldCount.initialize(repeating: 0)
            oldLine = .allocate(capacity: symbols)
            oldLine.initialize(repeating: -1)
        }
        newToOld = .allocate(capacity: new.count)
        newToOld.initialize(repeating: -1)
        oldToNew = .allocate(capacity: old.count)
        oldToNew.initialize(repeating: -1)
        staying = .allocate(capacity: new.count)
        staying.initialize(repeating: false)
    }

    func deallocate() {
        for buffer in [newCount, oldCount] { buffer.deallocate() }
        for buffer in [oldLine, newToOld, oldToNew, gapOld, gapNew, gapOldPartner, gapNewPartner, gapOldCode, gapNewCode] {
            buffer.deallocate()
        }
        for buffer in [newSlot, pairOld, pairNew, repairDiagonals] { buffer.deallocate() }
        staying.deallocate()
        pairKept.deallocate()
        table.deallocate()
        directTable.deallocate()
        codeMask.deallocate()
        rows.deallocate()
        search?.deallocate()
    }

    @inline(__always)
    func link(old i: Int, new j: Int) {
        newToOld[j] = Int32(truncatingIfNeeded: i)
        oldToNew[i] = Int32(truncatingIfNeeded: j)
    }

    // MARK: Step 1: ids unique on both sides

    /// Heckel's passes 1 to 3: count each id on both sides, match the ids
    /// seen once on each, and mark one longest increasing run of them.
    /// O(N + M + distinct ids), plus O(K log K) for the run.
    mutating func linkUniqueIDs() {
        if oldIsUnique {
            // One pass: link the first sighting, unlink it at the second.
            for j in 0..<new.count {
                let c = Int(new[j])
                guard c >= 0 else { continue }
                switch newCount[c] {
                case 0:
                    newCount[c] = 1
                    link(old: c, new: j)
                    matchedCount &+= 1
                case 1:
                    newCount[c] = 2
                    newToOld[Int(oldToNew[c])] = -1
                    oldToNew[c] = -1
                    matchedCount &-= 1
                    newRepeats = true
                default: break
                }
            }
        } else {
            for code in new where code >= 0 {
                let c = Int(code)
                if newCount[c] < 2 { newCount[c] &+= 1 }
            }
            for i in 0..<old.count {
                let c = Int(old[i])
                if oldCount[c] < 2 { oldCount[c] &+= 1 }
                oldLine[c] = Int32(truncatingIfNeeded: i)
            }
            for j in 0..<new.count {
                let c = Int(new[j])
                if c >= 0, newCount[c] == 1, oldCount[c] == 1 {
                    link(old: Int(oldLine[c]), new: j)
                    matchedCount &+= 1
                }
            }
        }
        // Nothing matched (a list without unique ids): no run to mark.
        if matchedCount > 0 {
            stayingCount = markLongestIncreasingRun(UnsafeBufferPointer(newToOld), into: staying)
        }
    }

    // MARK: Step 2: the gaps between anchors

    /// Collects the unmatched items with an id on both sides, cut into gaps
    /// at the anchors (the unique pairs on the increasing run), and anchors
    /// each gap. O(N + M) plus the work of ``anchor(_:)``.
    mutating func anchorGaps() {
        // Unique ids on both sides: everything is matched or one-sided already.
        if oldIsUnique && !newRepeats { return }
        var oldItems = 0, newItems = 0
        for i in 0..<old.count where oldToNew[i] < 0 && newCount[Int(old[i])] > 0 { oldItems &+= 1 }
        if oldItems == 0 { return }
        for j in 0..<new.count where newToOld[j] < 0 && new[j] >= 0 { newItems &+= 1 }
        if newItems == 0 { return }
        gapOld = .allocate(capacity: oldItems)
        gapNew = .allocate(capacity: newItems)
        gapOldPartner = .allocate(capacity: oldItems)
        gapOldPartner.initialize(repeating: -1)
        gapNewPartner = .allocate(capacity: newItems)
        gapNewPartner.initialize(repeating: -1)
        gapOldCode = .allocate(capacity: oldItems)
        gapNewCode = .allocate(capacity: newItems)
        // Gap g of the old side starts at oldStarts[g] in gapOld; an anchor
        // (an old item matched to a staying new item, with a neighbour that
        // agrees) closes a gap.
        var oldStarts: [Int32] = [0]
        var count = 0
        for i in 0..<old.count {
            let partner = Int(oldToNew[i])
            if partner >= 0 {
                if staying[partner], agreesWithANeighbour(old: i, new: partner) { oldStarts.append(Int32(count)) }
            } else if newCount[Int(old[i])] > 0 {
                gapOld[count] = Int32(truncatingIfNeeded: i)
                gapOldCode[count] = old[i]
                count &+= 1
            }
        }
        oldStarts.append(Int32(count))
        var newStarts: [Int32] = [0]
        newStarts.reserveCapacity(oldStarts.count)
        count = 0
        for j in 0..<new.count {
            if newToOld[j] >= 0 {
                if staying[j], agreesWithANeighbour(old: Int(newToOld[j]), new: j) { newStarts.append(Int32(count)) }
            } else if new[j] >= 0 {
                gapNew[count] = Int32(truncatingIfNeeded: j)
                gapNewCode[count] = new[j]
                count &+= 1
            }
        }
        newStarts.append(Int32(count))
        var pending: [Gap] = []
        for g in 0..<(oldStarts.count - 1) {
            let gap = Gap(
                oldStart: Int(oldStarts[g]), oldEnd: Int(oldStarts[g + 1]),
                newStart: Int(newStarts[g]), newEnd: Int(newStarts[g + 1]), depth: 0)
            if !gap.isOneSided { pending.append(gap) }
        }
        while let gap = pending.popLast() {
            anchor(gap, pending: &pending)
        }
    }

    /// Whether the unique-id pair (i, j) has an equal neighbour on one side:
    /// the items just before (or just after) both have the same id, or both
    /// are the edge of the region. Only such pairs cut gaps. A unique id
    /// alone proves the two items are the same, not that they are in place:
    /// with few unique ids a single moved one can be on the increasing run
    /// (an id unique in the list moved from the front to the back was the
    /// only anchor, and everything else became moves: 19 steps where the
    /// LCS distance is 6). The pair stays matched either way.
    @inline(__always)
    func agreesWithANeighbour(old i: Int, new j: Int) -> Bool {
        let n = old.count, m = new.count
        let before = (i == 0 && j == 0) || (i > 0 && j > 0 && old[i &- 1] == new[j &- 1])
        let after = (i == n &- 1 && j == m &- 1) || (i &+ 1 < n && j &+ 1 < m && old[i &+ 1] == new[j &+ 1])
        return before || after
    }

    /// A range of `gapOld` and one of `gapNew` (compact positions) that lie
    /// between the same two anchors.
    struct Gap {
        var oldStart: Int, oldEnd: Int, newStart: Int, newEnd: Int
        var depth: Int
        var isOneSided: Bool { oldStart >= oldEnd || newStart >= newEnd }
    }

    @inline(__always)
    func code(old p: Int) -> Int32 { gapOldCode[p] }
    @inline(__always)
    func code(new q: Int) -> Int32 { gapNewCode[q] }

    /// Matches compact positions `p` (old) and `q` (new).
    @inline(__always)
    mutating func linkGap(old p: Int, new q: Int) {
        gapOldPartner[p] = Int32(truncatingIfNeeded: q)
        gapNewPartner[q] = Int32(truncatingIfNeeded: p)
        link(old: Int(gapOld[p]), new: Int(gapNew[q]))
        matchedCount &+= 1
        gapMatchedCount &+= 1
        matchedMore = true
    }

    /// One gap: match its common prefix and suffix (always part of some
    /// longest common subsequence of the gap), solve it exactly when small,
    /// else anchor it on unique runs of ids and queue the gaps between them.
    mutating func anchor(_ gap: Gap, pending: inout [Gap]) {
        var gap = gap
        while gap.oldStart < gap.oldEnd, gap.newStart < gap.newEnd, code(old: gap.oldStart) == code(new: gap.newStart) {
            linkGap(old: gap.oldStart, new: gap.newStart)
            gap.oldStart &+= 1
            gap.newStart &+= 1
        }
        while gap.oldStart < gap.oldEnd, gap.newStart < gap.newEnd, code(old: gap.oldEnd &- 1) == code(new: gap.newEnd &- 1) {
            linkGap(old: gap.oldEnd &- 1, new: gap.newEnd &- 1)
            gap.oldEnd &-= 1
            gap.newEnd &-= 1
        }
        if gap.isOneSided { return }
        var oldLength = gap.oldEnd - gap.oldStart, newLength = gap.newEnd - gap.newStart
        if min(oldLength, newLength) <= AnchorTuning.exactShorterSide {
            matchExactly(gap)
            return
        }
        if oldLength + newLength >= AnchorTuning.repairItems {
            let repaired = repairSparseEdits(&gap)
            if repaired == .finished || gap.isOneSided { return }
            oldLength = gap.oldEnd - gap.oldStart
            newLength = gap.newEnd - gap.newStart
            if min(oldLength, newLength) <= AnchorTuning.exactShorterSide {
                matchExactly(gap)
                return
            }
            if repaired == .nearEnd {
                matchBySearch(gap)
                return
            }
        }
        if gap.depth >= AnchorTuning.maxDepth || !anchorOnUniqueRuns(gap) {
            matchBySearch(gap)
            return
        }
        // The gap's matches are increasing on both sides: cut between them.
        var oldStart = gap.oldStart, newStart = gap.newStart
        for p in gap.oldStart..<gap.oldEnd {
            let q = Int(gapOldPartner[p])
            if q < 0 { continue }
            let part = Gap(oldStart: oldStart, oldEnd: p, newStart: newStart, newEnd: q, depth: gap.depth &+ 1)
            if !part.isOneSided { pending.append(part) }
            oldStart = p &+ 1
            newStart = q &+ 1
        }
        let last = Gap(oldStart: oldStart, oldEnd: gap.oldEnd, newStart: newStart, newEnd: gap.newEnd, depth: gap.depth &+ 1)
        if !last.isOneSided { pending.append(last) }
    }

    /// The run length for a gap: the shortest `k` with distinct-ids^k at least
    /// ``AnchorTuning/uniquenessFactor`` × the gap's longer side, so that a
    /// run of `k` random ids is unlikely to occur twice by chance.
    func runLength(oldLength: Int, newLength: Int) -> Int {
        let target = AnchorTuning.uniquenessFactor * max(oldLength, newLength)
        var k = 1
        var reach = max(symbols, 1)
        while reach < target, k < AnchorTuning.maxRunLength {
            reach = reach.multipliedReportingOverflow(by: max(symbols, 1)).overflow ? Int.max : reach * max(symbols, 1)
            k &+= 1
        }
        return min(k, oldLength, newLength)
    }

    /// Anchors a gap on the runs of `k` consecutive ids that occur exactly
    /// once in its old side and once in its new side, keeping the runs that
    /// are in increasing order on both sides. Returns whether any item was
    /// matched.
    ///
    /// Runs are counted in a table indexed by their value in base (distinct
    /// ids) when that fits in 8 slots per run (small alphabets), else hashed
    /// with a rolling polynomial hash into an open-addressing table sized for
    /// the gap (no per-run allocation, no `Dictionary`).
    ///
    /// - Complexity: O(n + m) expected for a gap of n + m items, plus
    ///   O(R log R) for the increasing run of R candidate runs.
    mutating func anchorOnUniqueRuns(_ gap: Gap) -> Bool {
        let oldLength = gap.oldEnd - gap.oldStart, newLength = gap.newEnd - gap.newStart
        // Positions are kept in 28 bits of a slot.
        if gap.oldEnd >= 1 << 28 { return false }
        let k = runLength(oldLength: oldLength, newLength: newLength)
        // Few distinct ids (distinct^k within 8 slots per run): a run's
        // base-(distinct ids) number indexes a plain table, no hashing.
        let directLimit = 8 * (oldLength + newLength)
        var space = 1
        for _ in 0..<k where space <= directLimit {
            let (product, overflow) = space.multipliedReportingOverflow(by: max(symbols, 1))
            space = overflow ? Int.max : product
        }
        let pairs = space <= directLimit
            ? collectUniqueRunsDirectly(gap, k: k, space: space)
            : collectUniqueRunsHashed(gap, k: k)
        if pairs == 0 { return false }
        let kept = UnsafeMutableBufferPointer(rebasing: pairKept[0..<pairs])
        kept.update(repeating: false)
        _ = markLongestIncreasingRun(UnsafeBufferPointer(rebasing: pairOld[0..<pairs]), into: kept)
        // Match the kept runs item by item; where two runs overlap, only the
        // items past the previous match are taken, so the matches stay
        // increasing on both sides.
        var lastOld = gap.oldStart &- 1, lastNew = gap.newStart &- 1
        var matched = false
        for index in 0..<pairs where kept[index] {
            let p = Int(pairOld[index]), q = Int(pairNew[index])
            for t in 0..<k where p &+ t > lastOld && q &+ t > lastNew {
                linkGap(old: p &+ t, new: q &+ t)
                lastOld = p &+ t
                lastNew = q &+ t
                matched = true
            }
        }
        return matched
    }

    /// The runs of `k` ids seen exactly once on each side of the gap, as
    /// pairs of compact positions in `pairOld` / `pairNew`, in new order;
    /// returns their number. Hashed, for any alphabet: a candidate's ids are
    /// compared before it is used, so a hash collision can only hide a run,
    /// never match two different ones.
    ///
    /// - Complexity: O(n + m) expected for a gap of n + m items.
    mutating func collectUniqueRunsHashed(_ gap: Gap, k: Int) -> Int {
        let oldLength = gap.oldEnd - gap.oldStart, newLength = gap.newEnd - gap.newStart
        let oldRuns = oldLength - k + 1, newRuns = newLength - k + 1
        var capacity = 16
        while capacity < oldRuns + oldRuns >> 1 { capacity <<= 1 }
        ensureTableScratch(capacity: capacity)
        let mask = capacity - 1
        let table = self.table
        table.baseAddress!.update(repeating: 0, count: capacity)

        let base: UInt64 = 0x9E37_79B9_7F4A_7C15
        var leading: UInt64 = 1  // base^(k-1): the weight of the id leaving the window
        for _ in 1..<max(k, 1) { leading = leading &* base }
        @inline(__always) func mixed(_ hash: UInt64) -> UInt64 { (hash ^ (hash >> 31)) &* 0xBF58_476D_1CE4_E5B9 }
        @inline(__always) func weight(_ code: Int32) -> UInt64 { UInt64(truncatingIfNeeded: Int64(code) &+ 1) }
        let oldOne: UInt64 = 1 << 30, oldTwo: UInt64 = 2 << 30, oldBits: UInt64 = 3 << 30
        let newOne: UInt64 = 1 << 28, newBits: UInt64 = 3 << 28, positionBits: UInt64 = (1 << 28) - 1

        // Old runs: count them (saturating at 2) and remember the position.
        var hash: UInt64 = 0
        for t in 0..<k { hash = hash &* base &+ weight(code(old: gap.oldStart &+ t)) }
        for r in 0..<oldRuns {
            if r > 0 {
                let leaving = weight(code(old: gap.oldStart &+ r &- 1))
                let entering = weight(code(old: gap.oldStart &+ r &+ k &- 1))
                hash = (hash &- leaving &* leading) &* base &+ entering
            }
            let h = mixed(hash)
            let tag = (h >> 32) | 1
            var s = Int(truncatingIfNeeded: h >> 8) & mask
            while table[s] != 0 && table[s] >> 32 != tag { s = (s &+ 1) & mask }
            if table[s] == 0 {
                table[s] = tag << 32 | oldOne | UInt64(truncatingIfNeeded: gap.oldStart &+ r)
            } else {
                table[s] = (table[s] & ~oldBits) | oldTwo
            }
        }
        // New runs: count the ones the old side has.
        hash = 0
        for t in 0..<k { hash = hash &* base &+ weight(code(new: gap.newStart &+ t)) }
        for r in 0..<newRuns {
            if r > 0 {
                let leaving = weight(code(new: gap.newStart &+ r &- 1))
                let entering = weight(code(new: gap.newStart &+ r &+ k &- 1))
                hash = (hash &- leaving &* leading) &* base &+ entering
            }
            let h = mixed(hash)
            let tag = (h >> 32) | 1
            var s = Int(truncatingIfNeeded: h >> 8) & mask
            while table[s] != 0 && table[s] >> 32 != tag { s = (s &+ 1) & mask }
            if table[s] == 0 {
                newSlot[r] = -1
            } else {
                newSlot[r] = Int32(truncatingIfNeeded: s)
                if table[s] & newBits != newBits { table[s] &+= newOne }
            }
        }
        // Candidates, in new order: runs seen once on each side, ids checked.
        var pairs = 0
        for r in 0..<newRuns {
            let s = Int(newSlot[r])
            guard s >= 0, table[s] & (oldBits | newBits) == oldOne | newOne else { continue }
            let p = Int(truncatingIfNeeded: table[s] & positionBits), q = gap.newStart &+ r
            var same = true
            for t in 0..<k where code(old: p &+ t) != code(new: q &+ t) {
                same = false
                break
            }
            if !same { continue }
            pairOld[pairs] = Int32(truncatingIfNeeded: p)
            pairNew[pairs] = Int32(truncatingIfNeeded: q)
            pairs &+= 1
        }
        return pairs
    }

    /// ``collectUniqueRunsHashed(_:k:)`` for a small alphabet: a run's value
    /// in base (distinct ids) is below `space` and indexes a table of one
    /// 32-bit word per value (2-bit old count, 2-bit new count, 28-bit old
    /// position), so there is no hash, no probing and no collision to check.
    ///
    /// - Complexity: O(n + m + space) for a gap of n + m items, with
    ///   space ≤ 8 (n + m).
    mutating func collectUniqueRunsDirectly(_ gap: Gap, k: Int, space: Int) -> Int {
        let oldLength = gap.oldEnd - gap.oldStart, newLength = gap.newEnd - gap.newStart
        let oldRuns = oldLength - k + 1, newRuns = newLength - k + 1
        if directTable.count < space {
            directTable.deallocate()
            directTable = .allocate(capacity: max(space, 1 << 12))
        }
        ensureTableScratch(capacity: 0)
        let table = directTable
        table.baseAddress!.update(repeating: 0, count: space)
        let radix = max(symbols, 1)
        var leading = 1  // radix^(k-1)
        for _ in 1..<max(k, 1) { leading &*= radix }
        let oldOne: UInt32 = 1 << 30, oldMany: UInt32 = 2 << 30
        let newOne: UInt32 = 1 << 28, newMany: UInt32 = 2 << 28, positionBits: UInt32 = (1 << 28) - 1

        var value = 0
        for t in 0..<k { value = value &* radix &+ Int(code(old: gap.oldStart &+ t)) }
        for r in 0..<oldRuns {
            if r > 0 {
                value = (value &- Int(code(old: gap.oldStart &+ r &- 1)) &* leading) &* radix
                    &+ Int(code(old: gap.oldStart &+ r &+ k &- 1))
            }
            let entry = table[value]
            table[value] = entry == 0 ? oldOne | UInt32(truncatingIfNeeded: gap.oldStart &+ r) : entry | oldMany
        }
        value = 0
        for t in 0..<k { value = value &* radix &+ Int(code(new: gap.newStart &+ t)) }
        for r in 0..<newRuns {
            if r > 0 {
                value = (value &- Int(code(new: gap.newStart &+ r &- 1)) &* leading) &* radix
                    &+ Int(code(new: gap.newStart &+ r &+ k &- 1))
            }
            let entry = table[value]
            // Only runs the old side has; a second sighting marks "many".
            if entry != 0 { table[value] = entry & (3 << 28) == 0 ? entry | newOne : entry | newMany }
            newSlot[r] = Int32(truncatingIfNeeded: value)
        }
        // Exactly once on each side: old bits 01 and new bits 01.
        var pairs = 0
        for r in 0..<newRuns {
            let entry = table[Int(newSlot[r])]
            guard entry >> 28 == 0b0101 else { continue }
            pairOld[pairs] = Int32(truncatingIfNeeded: entry & positionBits)
            pairNew[pairs] = Int32(truncatingIfNeeded: gap.newStart &+ r)
            pairs &+= 1
        }
        return pairs
    }

    mutating func ensureTableScratch(capacity: Int) {
        if table.count < capacity {
            table.deallocate()
            table = .allocate(capacity: capacity)
        }
        if newSlot.count < gapNew.count {
            // Sized once for the largest possible gap.
            newSlot = .allocate(capacity: gapNew.count)
            pairOld = .allocate(capacity: gapNew.count)
            pairNew = .allocate(capacity: gapNew.count)
            pairKept = .allocate(capacity: gapNew.count)
        }
    }

    /// A longest common subsequence of a gap whose shorter side has at most
    /// 64 items, bit-parallel (Allison and Dix 1986, in Hyyrö's 2004 form):
    /// the shorter side is one 64-bit word, bit i set for the items equal to
    /// the current id of the longer side; each item of the longer side
    /// updates the word `V` with one add, one subtract and two logic
    /// operations, and the zero bits of `V` below position i count the
    /// LCS of the first i items of the short side and the items read so far.
    /// Keeping `V` after every item lets the LCS be read back from the end:
    /// equal ids are taken, otherwise the step goes where the LCS does not
    /// drop (a population count each).
    ///
    /// - Complexity: O(n + m) time and m + 1 words for a gap of n ≤ 64 and m
    ///   items (either way round), no branch in the forward pass.
    mutating func matchExactly(_ gap: Gap) {
        let oldLength = gap.oldEnd - gap.oldStart, newLength = gap.newEnd - gap.newStart
        let wordIsOld = oldLength <= newLength
        let width = wordIsOld ? oldLength : newLength
        let height = wordIsOld ? newLength : oldLength
        let wordStart = wordIsOld ? gap.oldStart : gap.newStart
        let longStart = wordIsOld ? gap.newStart : gap.oldStart
        let wordCodes = wordIsOld ? gapOldCode : gapNewCode
        let longCodes = wordIsOld ? gapNewCode : gapOldCode
        if codeMask.count == 0 {
            codeMask = .allocate(capacity: symbols)
            codeMask.initialize(repeating: 0)
        }
        if rows.count < height &+ 1 {
            rows.deallocate()
            rows = .allocate(capacity: max(height &+ 1, 256))
        }
        for i in 0..<width { codeMask[Int(wordCodes[wordStart &+ i])] |= 1 &<< UInt64(i) }
        let full: UInt64 = width == 64 ? ~0 : (1 &<< UInt64(width)) &- 1
        var v = full
        rows[0] = v
        for j in 0..<height {
            let u = v & codeMask[Int(longCodes[longStart &+ j])]
            v = ((v &+ u) | (v &- u)) & full
            rows[j &+ 1] = v
        }
        for i in 0..<width { codeMask[Int(wordCodes[wordStart &+ i])] = 0 }
        // LCS of the first i word items and the first j long items.
        @inline(__always) func lcs(_ i: Int, _ j: Int) -> Int {
            (~rows[j] & (i == 64 ? ~0 : (1 &<< UInt64(i)) &- 1)).nonzeroBitCount
        }
        var i = width, j = height
        var here = lcs(i, j)
        while here > 0 {
            if wordCodes[wordStart &+ i &- 1] == longCodes[longStart &+ j &- 1] {
                if wordIsOld {
                    linkGap(old: wordStart &+ i &- 1, new: longStart &+ j &- 1)
                } else {
                    linkGap(old: longStart &+ j &- 1, new: wordStart &+ i &- 1)
                }
                i &-= 1
                j &-= 1
                here &-= 1
            } else if lcs(i &- 1, j) == here {
                i &-= 1
            } else {
                j &-= 1
            }
        }
    }

    /// A gap no anchor cuts: a shortest script by Myers' search, bounded
    /// by ``AnchorTuning/searchCellsPerItem`` diagonal cells per item of the
    /// gap (and by what is left of the caller's limit). Past the bound the
    /// boxes the search had not finished keep only their common ends, and
    /// their items go to the k-th pairing of step 3. A gap longer than
    /// ``AnchorTuning/searchWindow`` on both sides is searched window by
    /// window (``matchByWindows(_:)``).
    ///
    /// Why: with no unique id (a periodic list) every gap item used to be
    /// paired k-th with k-th, and one edit shifts every later pairing, so a
    /// handful of edits became thousands of moves; Myers is cheap exactly
    /// there, since D is small.
    ///
    /// - Complexity: O((n + m)·D) for a gap of n + m items and D edits
    ///   (O((n + m)·d) for windows of d edits each), but never more than
    ///   searchCellsPerItem · (n + m) diagonal cells (plus the snakes they
    ///   follow); O(1) extra memory after the first gap (two diagonal arrays
    ///   for all gaps).
    mutating func matchBySearch(_ gap: Gap) {
        let window = AnchorTuning.searchWindow
        if min(gap.oldEnd &- gap.oldStart, gap.newEnd &- gap.newStart) > 2 &* window {
            matchByWindows(gap)
            return
        }
        let box = MyersSearch.Box(x0: gap.oldStart, y0: gap.newStart, x1: gap.oldEnd, y1: gap.newEnd)
        if searchBox(box) { linkSearched(new: gap.newStart..<gap.newEnd) }
    }

    /// A long gap, window by window along its diagonal: each window of
    /// ``AnchorTuning/searchWindow`` old items (and as many new items as the
    /// gap's proportions give, the corner moved to the end of a common run
    /// nearby when there is one) is searched, the matches in its first half
    /// are kept, and the next window starts after the last of them. The
    /// corner a window is forced to bends the path only near that corner,
    /// in the half that is searched again; the kept matches are increasing,
    /// so the answer is valid whatever the corners.
    ///
    /// Why: Myers costs O((n + m)·D) on the whole gap, and D grows with the
    /// gap (1 % edits of 100,000 items is D ≈ 1,250: 60 ms, 30× heckel);
    /// windows cost O(n + m) times the edits of one window.
    mutating func matchByWindows(_ gap: Gap) {
        let window = AnchorTuning.searchWindow
        var x = gap.oldStart, y = gap.newStart
        while true {
            let oldLeft = gap.oldEnd &- x, newLeft = gap.newEnd &- y
            if min(oldLeft, newLeft) <= 2 &* window {
                let box = MyersSearch.Box(x0: x, y0: y, x1: gap.oldEnd, y1: gap.newEnd)
                if searchBox(box) { linkSearched(new: y..<gap.newEnd) }
                return
            }
            let x1 = x &+ window
            let y1 = cornerNear(old: x1, new: y &+ window &* newLeft / oldLeft, within: (y &+ 1)...(gap.newEnd &- 1))
            guard searchBox(MyersSearch.Box(x0: x, y0: y, x1: x1, y1: y1)), let partners = gapNewPartner.baseAddress else { return }
            // Keep the matches of the first half, forget the rest.
            let half = x &+ window / 2
            var keptEnd = y
            var q = y
            while q < y1 {
                let p = Int(partners[q])
                if p >= half { break }
                if p >= 0 { keptEnd = q &+ 1 }
                q &+= 1
            }
            for forgotten in keptEnd..<y1 { partners[forgotten] = -1 }
            linkSearched(new: y..<keptEnd)
            if keptEnd > y {
                x = Int(partners[keptEnd &- 1]) &+ 1
                y = keptEnd
            } else {
                x = half
                y = y &+ (y1 &- y) / 2
            }
        }
    }

    /// A new position near `guess`, within `limits`, where a common run of 8
    /// ids ends at old position `x` (the corner of a window then sits on a
    /// likely path), or `guess` clamped to `limits` when there is none
    /// within 16. O(1): at most 33 × 8 comparisons.
    func cornerNear(old x: Int, new guess: Int, within limits: ClosedRange<Int>) -> Int {
        let run = 8
        for distance in 0...16 {
            for y in [guess &- distance, guess &+ distance] where y >= run && limits.contains(y) {
                var t = 1
                while t <= run, code(old: x &- t) == code(new: y &- t) { t &+= 1 }
                if t > run { return y }
            }
        }
        return min(max(guess, limits.lowerBound), limits.upperBound)
    }

    /// Searches `box` within the bounds (its own and the caller's); the new
    /// items' partners land in `gapNewPartner` (all valid, even when the
    /// search stopped part way). False, with nothing searched, once the
    /// caller's bound has stopped a search: the answer is then approximate.
    mutating func searchBox(_ box: MyersSearch.Box) -> Bool {
        if budget.stopped {
            approximate = true
            return false
        }
        let items = (box.x1 &- box.x0) &+ (box.y1 &- box.y0)
        let own = AnchorTuning.searchCellsPerItem &* items
        let allowed = min(own, max(budget.cellsLeft, 0))
        if search == nil, let a = gapOldCode.baseAddress, let b = gapNewCode.baseAddress {
            search = MyersSearch(old: a, new: b, oldCount: gapOldCode.count, newCount: gapNewCode.count)
        }
        guard search != nil, let partners = gapNewPartner.baseAddress else { return false }
        search!.meter = SearchMeter(SearchLimit(cells: allowed, deadline: budget.deadline))
        search!.align(box, into: partners)
        budget.untilCheck &-= allowed &- search!.meter.cellsLeft
        if budget.untilCheck < 0 { _ = budget.checkpoint() }
        if search!.stopped, search!.meter.timedOut || allowed < own {
            budget.stop()
            approximate = true
        }
        return true
    }

    /// Links both ways the partners a search wrote for the new items `range`.
    mutating func linkSearched(new range: Range<Int>) {
        guard let partners = gapNewPartner.baseAddress else { return }
        for q in range {
            let p = Int(partners[q])
            if p < 0 { continue }
            gapOldPartner[p] = Int32(truncatingIfNeeded: q)
            link(old: Int(gapOld[p]), new: Int(gapNew[q]))
            matchedCount &+= 1
            gapMatchedCount &+= 1
            matchedMore = true
        }
    }

    // MARK: Step 3: leftovers

    /// Pairs the still unmatched items with the same id, k-th old occurrence
    /// with k-th new occurrence: each pair is one move (or stays, when it
    /// happens to fall on the increasing run) instead of a delete and an
    /// insert. O(N + M + distinct ids).
    mutating func pairLeftovers() {
        // Only gap items can be left: every other unmatched item has an id
        // that one side lacks.
        guard gapOld.count > 0, gapMatchedCount < min(gapOld.count, gapNew.count) else { return }
        var head = [Int32](repeating: -1, count: symbols)
        var next = [Int32](repeating: -1, count: gapOld.count)
        head.withUnsafeMutableBufferPointer { head in
            next.withUnsafeMutableBufferPointer { next in
                var p = gapOld.count &- 1
                while p >= 0 {
                    if gapOldPartner[p] < 0 {
                        let c = Int(code(old: p))
                        next[p] = head[c]
                        head[c] = Int32(truncatingIfNeeded: p)
                    }
                    p &-= 1
                }
                for q in 0..<gapNew.count where gapNewPartner[q] < 0 {
                    let c = Int(code(new: q))
                    let p = Int(head[c])
                    guard p >= 0 else { continue }
                    head[c] = next[p]
                    linkGap(old: p, new: q)
                }
            }
        }
    }

    // MARK: Step 4: the changes

    /// Deletes, inserts and the fewest moves for the matching. O(N + M),
    /// plus O(K log K) when the run must be recomputed.
    mutating func matching() -> Matching {
        if matchedMore {
            staying.update(repeating: false)
            stayingCount = markLongestIncreasingRun(UnsafeBufferPointer(newToOld), into: staying)
        }
        // Exact capacities from the counts kept along the way: no counting pass.
        let deleteCount = old.count - matchedCount, insertCount = new.count - matchedCount
        let moveCount = matchedCount - stayingCount
        var deletes: [Int] = []
        var inserts: [Int] = []
        var moves: [Changeset.Move] = []
        deletes.reserveCapacity(deleteCount)
        inserts.reserveCapacity(insertCount)
        moves.reserveCapacity(moveCount)
        for i in 0..<old.count where oldToNew[i] < 0 { deletes.append(i) }
        for j in 0..<new.count {
            let i = Int(newToOld[j])
            if i < 0 {
                inserts.append(j)
            } else if !staying[j] {
                moves.append(Changeset.Move(from: i, to: j))
            }
        }
        let sources = [Int32](UnsafeBufferPointer(newToOld))
        var result = Matching(newToOld: sources, deletes: deletes, inserts: inserts, moves: moves)
        result.isApproximate = approximate
        return result
    }
}
