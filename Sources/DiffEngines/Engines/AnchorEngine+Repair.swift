/// The anchor engine's first try on a large gap: walk its common runs and
/// repair each break with a small forward search (see ``AnchorWork/repairSparseEdits(_:)``).
extension AnchorWork {
    /// What ``repairSparseEdits(_:)`` left of a gap.
    enum Repaired {
        /// Nothing: every item is matched or one-sided.
        case finished
        /// Less than a search's reach from the end: a plain bounded search finishes it.
        case nearEnd
        /// A break that needs more than ``AnchorTuning/repairEdits`` edits
        /// (or the caller's bound stopped the repair): the rest goes to the
        /// anchoring on unique runs.
        case dense
    }

    /// Walks a large gap from its start: follows the common run, and where
    /// it breaks, searches forward from the break (Myers' greedy search, not
    /// the middle snake) for the fewest edits after which a common run of
    /// ``AnchorTuning/repairRun`` ids starts; the small box up to that run
    /// is aligned by Myers, the run is followed, and so on. It stops at the
    /// first break that needs more edits than the walk allows (8, plus one
    /// per 16 old items walked, at most ``AnchorTuning/repairEdits`` a
    /// break), or when the rest of the gap is shorter than a search can
    /// reach, and moves `gap`'s start past what it matched.
    ///
    /// Why: a list with no unique id (ids `i mod 8` with 1 % of edits, the
    /// `periodic` workload) is one gap whose runs of ids are not unique
    /// either; anchoring it level by level and then searching it window by
    /// window cost 3–12× heckel's time. Its edits are sparse: each break is
    /// repaired by a search of a few edits, and the common runs between
    /// breaks are walked once, so the gap costs about one comparison per
    /// item. A wrong alignment of a periodic list (shifted by a whole
    /// period) needs a period's worth of edits before its run starts, so the
    /// fewest-edits rule finds the right one first. Where edits are dense the
    /// walk gives up after at most (repairEdits + 1)² diagonal cells more, a
    /// constant, and the gap goes on as before.
    ///
    /// - Complexity: O(n + m + Σ d²) for a gap of n + m items repaired at
    ///   breaks of d ≤ ``AnchorTuning/repairEdits`` edits each (each search
    ///   follows snakes of fewer than ``AnchorTuning/repairRun`` ids but the
    ///   one it stops on), plus one failed search of O(repairEdits²);
    ///   O(repairEdits) scratch.
    mutating func repairSparseEdits(_ gap: inout Gap) -> Repaired {
        let cap = AnchorTuning.repairEdits, run = AnchorTuning.repairRun
        // A search of d ≤ cap steps reaches at most cap · run items past the break.
        let reach = cap &* run
        var x = gap.oldStart, y = gap.newStart
        // Edits repaired so far, against the old items walked.
        var edits = 0
        let start = x
        // The clock is read once per large gap when a deadline is set: a
        // walk costs less than a meter's stretch and might never read it.
        if budget.deadline != nil, !budget.checkpoint() {
            approximate = true
            return .dense
        }
        defer {
            gap.oldStart = x
            gap.newStart = y
        }
        while true {
            let walkFrom = x, walkFromNew = y
            while x < gap.oldEnd, y < gap.newEnd, code(old: x) == code(new: y) {
                x &+= 1
                y &+= 1
            }
            linkRun(old: walkFrom, new: walkFromNew, count: x &- walkFrom)
            // The walk, against the caller's bound, one cell per item.
            budget.untilCheck &-= x &- walkFrom
            if x == gap.oldEnd || y == gap.newEnd { return .finished }
            // Dense edits (more than 8 plus one per 16 items walked): the
            // fewest edits to the next run need not lie on a shortest path
            // any more, and a bounded search of the rest would give up;
            // unique runs do better (measured: 2.2× the LCS distance, where
            // 1.5× is allowed, on pairs of 300 with 25 % edits and block
            // moves over 1–12 ids, when such gaps were repaired or searched).
            let allowance = 8 &+ (x &- start) / 16 &- edits
            let sparse = x > start && allowance >= 0
            if gap.oldEnd &- x <= reach || gap.newEnd &- y <= reach { return sparse ? .nearEnd : .dense }
            if budget.stopped {
                approximate = true
                return .dense
            }
            if x > start && !sparse { return .dense }
            // A search may spend what the density rule has left, at most repairEdits.
            guard let (d, xs, ys) = repairSearch(fromOld: x, new: y, cap: min(allowance, cap)) else { return .dense }
            edits &+= d
            // The cells of the search, against the caller's bound: past it,
            // this search's repair is still used, and the answer is approximate.
            budget.untilCheck &-= (d &+ 1) &* (d &+ 1)
            if budget.untilCheck < 0, !budget.checkpoint() { approximate = true }
            if xs > x, ys > y {
                alignSmallBox(MyersSearch.Box(x0: x, y0: y, x1: xs, y1: ys), edits: d)
            }
            x = xs
            y = ys
        }
    }

    /// Myers' forward search from the break (x0, y0), whose items differ:
    /// the fewest edits `d` after which a common run of at least
    /// ``AnchorTuning/repairRun`` ids starts, and where it starts; nil when
    /// that takes more than `cap` (at most ``AnchorTuning/repairEdits``). Snakes are
    /// followed for fewer than repairRun ids, so no search reads past
    /// repairEdits · repairRun items from the break (the caller checks the
    /// gap is longer).
    ///
    /// - Complexity: O(d² + d² · repairRun) worst case, O(d²) cells.
    mutating func repairSearch(fromOld x0: Int, new y0: Int, cap: Int) -> (edits: Int, x: Int, y: Int)? {
        let run = AnchorTuning.repairRun, most = AnchorTuning.repairEdits
        if repairDiagonals.count == 0 {
            repairDiagonals = .allocate(capacity: 2 &* most &+ 3)
        }
        // furthest[k + most + 1]: the largest x reached on diagonal k = (x − x0) − (y − y0).
        let furthest = repairDiagonals.baseAddress! + (most &+ 1)
        let a = gapOldCode.baseAddress!, b = gapNewCode.baseAddress!
        let shift = x0 &- y0
        furthest[0] = Int32(truncatingIfNeeded: x0)
        var d = 1
        while d <= cap {
            var k = -d
            while k <= d {
                // Down from diagonal k + 1 (an insert, same x) or right from k − 1 (a delete).
                var x: Int
                if k == -d || (k != d && furthest[k &- 1] < furthest[k &+ 1]) {
                    x = Int(furthest[k &+ 1])
                } else {
                    x = Int(furthest[k &- 1]) &+ 1
                }
                let start = x
                var y = x &- k &- shift
                let stop = x &+ run
                while x < stop, a[x] == b[y] {
                    x &+= 1
                    y &+= 1
                }
                if x == stop { return (d, start, start &- k &- shift) }
                furthest[k] = Int32(truncatingIfNeeded: x)
                k &+= 2
            }
            d &+= 1
        }
        return nil
    }

    /// Links `count` consecutive gap pairs from (p0, q0), as many
    /// ``linkGap(old:new:)`` calls do. Why: the walk links nearly every item
    /// of a periodic list, and one call per item stored the three counters
    /// to memory each time (the stores through the buffers may alias
    /// `self`): about 35 instructions per item instead of a dozen.
    mutating func linkRun(old p0: Int, new q0: Int, count: Int) {
        guard count > 0, let oldPartner = gapOldPartner.baseAddress, let newPartner = gapNewPartner.baseAddress,
            let oldIndex = gapOld.baseAddress, let newIndex = gapNew.baseAddress,
            let newToOld = newToOld.baseAddress, let oldToNew = oldToNew.baseAddress
        else { return }
        for t in 0..<count {
            let p = p0 &+ t, q = q0 &+ t
            oldPartner[p] = Int32(truncatingIfNeeded: q)
            newPartner[q] = Int32(truncatingIfNeeded: p)
            let i = oldIndex[p], j = newIndex[q]
            newToOld[Int(j)] = i
            oldToNew[Int(i)] = j
        }
        matchedCount &+= count
        gapMatchedCount &+= count
        matchedMore = true
    }

    /// Aligns the box before a repaired break (at most `edits` edits) with
    /// the gap search's Myers and links what it matched.
    mutating func alignSmallBox(_ box: MyersSearch.Box, edits: Int) {
        if search == nil, let a = gapOldCode.baseAddress, let b = gapNewCode.baseAddress {
            search = MyersSearch(old: a, new: b, oldCount: gapOldCode.count, newCount: gapNewCode.count)
        }
        guard search != nil, let partners = gapNewPartner.baseAddress else { return }
        // Cells for a box of D ≤ edits, with room to spare: a shortest path is found.
        let cells = ((box.x1 &- box.x0) &+ (box.y1 &- box.y0) &+ 4) &* (edits &+ 2) &* 2
        search!.meter = SearchMeter(SearchLimit(cells: cells, deadline: nil))
        search!.align(box, into: partners)
        // The cells it took, against the caller's bound too; a box its own
        // allowance cut short comes back coarse, so the answer is approximate.
        budget.untilCheck &-= cells &- search!.meter.cellsLeft
        if search!.stopped { approximate = true }
        linkSearched(new: box.y0..<box.y1)
    }
}
