/// The two furthest-reaching arrays of the middle-snake search, shared by
/// every box of one diff.
///
/// Diagonals are numbered k = x − y in the coordinates of the whole problem,
/// so a box's diagonals are a sub-range of [−M, N] and one pair of arrays of
/// N + M + 3 cells (the two extra cells hold sentinels just outside a box)
/// serves every recursion level without clearing: a search reads only cells
/// it has written itself, because it widens its diagonal range one step at a
/// time and plants a sentinel just outside it before each step.
struct MyersSearch {
    /// A region of the edit graph: old `x0..<x1` against new `y0..<y1`.
    struct Box {
        var x0: Int
        var y0: Int
        var x1: Int
        var y1: Int
    }

    let a: UnsafePointer<Int32>
    let b: UnsafePointer<Int32>
    let storage: UnsafeMutablePointer<Int32>
    /// Forward: on diagonal k, the largest x reached so far (`forward[k]`).
    let forward: UnsafeMutablePointer<Int32>
    /// Backward: on diagonal k, the smallest x reached so far.
    let backward: UnsafeMutablePointer<Int32>
    /// The diagonal cells the searches spend, against the limit
    /// (``DiffOptions/costLimit``, ``DiffOptions/deadline``). Stored, not a
    /// heap cell: the gate counts allocations per call. Settable, so that a
    /// caller running many small searches on one pair of arrays (`anchor`'s
    /// gaps) gives each its own bound.
    var meter: SearchMeter

    /// A search over `n` old and `m` new codes that visits at most `limit`'s
    /// cells in all and stops at its deadline.
    init(old a: UnsafePointer<Int32>, new b: UnsafePointer<Int32>, oldCount n: Int, newCount m: Int, limit: SearchLimit = .none) {
        self.a = a
        self.b = b
        meter = SearchMeter(limit)
        let cells = n + m + 3
        storage = .allocate(capacity: 2 * cells)
        // Index k + m + 1 holds diagonal k, for k in −m−1 ... n+1.
        forward = storage + (m + 1)
        backward = storage + cells + (m + 1)
    }

    func deallocate() { storage.deallocate() }

    /// Whether a search stopped at the limit (some box was finished coarsely).
    var stopped: Bool { meter.stopped }

    /// Aligns the common prefix and suffix of `box` (free diagonal moves,
    /// written into `out`) and shrinks it to what lies between; true when a
    /// side is then empty (nothing left to align). O(length of the ends).
    @inline(__always)
    func trimCommonEnds(_ box: inout Box, into out: UnsafeMutablePointer<Int32>) -> Bool {
        let a = self.a, b = self.b
        while box.x0 < box.x1, box.y0 < box.y1, a[box.x0] == b[box.y0] {
            out[box.y0] = Int32(truncatingIfNeeded: box.x0)
            box.x0 &+= 1
            box.y0 &+= 1
        }
        while box.x0 < box.x1, box.y0 < box.y1, a[box.x1 &- 1] == b[box.y1 &- 1] {
            box.x1 &-= 1
            box.y1 &-= 1
            out[box.y1] = Int32(truncatingIfNeeded: box.x1)
        }
        return box.x0 == box.x1 || box.y0 == box.y1
    }

    /// Aligns the box: writes into `out[y]` the old index matched to new
    /// index `y` on a shortest edit path through the box (indices are the
    /// whole problem's, so engines that cut the lists into boxes of their
    /// own, patience and histogram, call this on any box of one search).
    ///
    /// Divide and conquer driven by an explicit stack: a box is trimmed of
    /// its common prefix and suffix, a box with an empty side is done, a box
    /// with one element on a side is a linear scan, and any other box is
    /// cut in two at a point of an optimal path found by ``split(_:)``. Each
    /// cut at least halves the edit distance of the pieces, so the stack
    /// never holds more than about log₂ D + 2 boxes.
    ///
    /// Past the cost limit the boxes still open are finished coarsely: their
    /// common ends matched, the rest left unmatched.
    ///
    /// - Complexity: O((w + h)·D) for a box of w × h with D edits, and never
    ///   more than the cost limit's cells plus O(w + h).
    mutating func align(_ whole: Box, into out: UnsafeMutablePointer<Int32>) {
        let a = self.a, b = self.b
        var stack: [Box] = []
        stack.reserveCapacity(64)
        stack.append(whole)
        while var box = stack.popLast() {
            if trimCommonEnds(&box, into: out) { continue }
            // One element on a side: the LCS is 1 if it occurs on the
            // other side (any occurrence is optimal), else 0. The search
            // would spend O(M²) on such a thin box.
            if box.x1 &- box.x0 == 1 {
                let code = a[box.x0]
                var y = box.y0
                while y < box.y1, b[y] != code { y &+= 1 }
                if y < box.y1 { out[y] = Int32(truncatingIfNeeded: box.x0) }
                continue
            }
            if box.y1 &- box.y0 == 1 {
                let code = b[box.y0]
                var x = box.x0
                while x < box.x1, a[x] != code { x &+= 1 }
                if x < box.x1 { out[box.y0] = Int32(truncatingIfNeeded: x) }
                continue
            }
            let (x, y) = split(box)
            // Past the cost limit: the box keeps its trimmed ends only, the
            // rest is deleted and inserted (a valid, coarse path), and every
            // later box stops at once, so what remains costs linear time.
            if x < 0 { continue }
            stack.append(Box(x0: x, y0: y, x1: box.x1, y1: box.y1))
            stack.append(Box(x0: box.x0, y0: box.y0, x1: x, y1: y))
        }
    }

    /// A point (x, y) inside `box`, away from both corners, through which an
    /// optimal path passes; both halves have a strictly smaller edit
    /// distance (⌈D/2⌉ and ⌊D/2⌋).
    ///
    /// Precondition: both sides non-empty, first elements differ and last
    /// elements differ (so D ≥ 2 and the empty snakes at the corners are
    /// already taken).
    ///
    /// Forward and backward searches take turns, one edit step each. With Δ =
    /// (x1 − x0) − (y1 − y0), D has Δ's parity: when Δ is odd the two searches
    /// first meet on a forward step, when even on a backward step. The
    /// returned point is the end of the snake that closed the gap; it is at
    /// least as good as the point of the other search on the same diagonal
    /// (going further along a diagonal never costs more), so it lies on a
    /// path of cost D.
    ///
    /// The loops do not clamp a move that leaves the box (a right move from
    /// the right edge, a down move from the bottom edge, and their mirror
    /// images); clamping cost about a quarter of the running time, and the
    /// stray values are provably never used. A stray value appears on some
    /// diagonal k after s forward steps, stepping off an edge point that is
    /// on a complete path of cost c + B ≥ D: c ≤ s − 1 edits reach it and B
    /// edits run straight along the edge to the end corner, whose diagonal
    /// is B + 1 away from k. Everything derived from the stray value stays
    /// in a cone of diagonals that widens by one per step, and the backward
    /// search must walk to a diagonal of that cone before the two can be
    /// compared there: s + B + 1 ≥ D + 2 steps in total, while the searches
    /// meet after exactly D. The snake loops test the box before reading an
    /// element, so a stray value never touches memory either.
    ///
    /// Returns (−1, −1), having found nothing, when the cells of a step
    /// would take the search past its cost limit, or its deadline has passed.
    ///
    /// - Complexity: O((x1−x0 + y1−y0) · D) time, no allocation.
    mutating func split(_ box: Box) -> (x: Int, y: Int) {
        let start = box.x0 &- box.y0, end = box.x1 &- box.y1
        var progress = Progress(fmin: start, fmax: start, bmin: end, bmax: end, stepCells: 0)
        forward[start] = Int32(truncatingIfNeeded: box.x0)
        backward[end] = Int32(truncatingIfNeeded: box.x1)
        // Two copies of the loop, one per parity, so the meeting test is
        // decided outside the hot loops.
        let odd = (box.x1 &- box.y1 &- box.x0 &+ box.y0) & 1 != 0
        while true {
            let found = odd ? searchOdd(box, &progress) : searchEven(box, &progress)
            if found.x != Progress.paused { return found }
            // The stretch ran out: the checkpoint grants the next one, and the
            // step it ran out on is charged again when the search goes on.
            guard meter.checkpoint() else { return (-1, -1) }
            meter.untilCheck &+= progress.stepCells
        }
    }

    /// Where a search paused for a checkpoint: the diagonals its forward and
    /// backward searches cover (their x values stay in `forward` and
    /// `backward`), and the cells of the step it paused before.
    ///
    /// Why the search pauses instead of calling ``SearchMeter/checkpoint()``
    /// in its loop: a call in the loop, even one never taken, leaves the
    /// loop only the registers a call preserves (measured: 2–6 % more
    /// instructions on the CI gate's myers rows than pausing).
    struct Progress {
        var fmin: Int, fmax: Int, bmin: Int, bmax: Int
        var stepCells: Int
        /// The x ``search(_:_:odd:)`` returns when it paused.
        static let paused = Int.min
    }

    /// The two copies of the loop, each a function of its own: inlined
    /// into ``split(_:)`` beside the checkpoint call, the loop took 7 % more
    /// instructions.
    @inline(never)
    private mutating func searchOdd(_ box: Box, _ progress: inout Progress) -> (x: Int, y: Int) {
        search(box, &progress, odd: true)
    }

    @inline(never)
    private mutating func searchEven(_ box: Box, _ progress: inout Progress) -> (x: Int, y: Int) {
        search(box, &progress, odd: false)
    }

    /// The loop of ``split(_:)``, from `progress`: returns the split point,
    /// or x = ``Progress/paused`` with `progress` saved when the meter's
    /// stretch runs out (the caller checks in with the meter and calls
    /// again). No call inside, and the meter's count is read and written in
    /// place, not copied to a local: a local took one of the registers the
    /// loops need, and the search took 5 % more instructions.
    @inline(__always)
    private mutating func search(_ box: Box, _ progress: inout Progress, odd: Bool) -> (x: Int, y: Int) {
        let x0 = box.x0, y0 = box.y0, x1 = box.x1, y1 = box.y1
        let a = self.a, b = self.b, forward = self.forward, backward = self.backward
        let lowest = x0 &- y1, highest = x1 &- y0  // diagonals of the box
        var fmin = progress.fmin, fmax = progress.fmax
        var bmin = progress.bmin, bmax = progress.bmax
        let farLeft: Int32 = -1  // sentinel: below every x, never chosen by max
        let farRight = Int32.max  // sentinel: above every x, never chosen by min

        while true {
            // The cells of this forward and backward step, against the limit
            // (the clock is read only at a checkpoint, every few thousand cells).
            let stepCells = (fmax &- fmin) &+ (bmax &- bmin) &+ 4
            meter.untilCheck &-= stepCells
            if meter.untilCheck < 0 {
                progress = Progress(fmin: fmin, fmax: fmax, bmin: bmin, bmax: bmax, stepCells: stepCells)
                return (Progress.paused, 0)
            }
            // Forward step: widen the range by one diagonal each side, or,
            // against the box edge, narrow it to keep the parity.
            if fmin > lowest {
                fmin &-= 1
                forward[fmin &- 1] = farLeft
            } else {
                fmin &+= 1
            }
            if fmax < highest {
                fmax &+= 1
                forward[fmax &+ 1] = farLeft
            } else {
                fmax &-= 1
            }
            var k = fmax
            while k >= fmin {
                // Right from diagonal k−1 (x + 1) or down from k+1 (same x).
                let right = Int(forward[k &- 1]) &+ 1
                let down = Int(forward[k &+ 1])
                var x = right > down ? right : down
                var y = x &- k
                while x < x1, y < y1, a[x] == b[y] {
                    x &+= 1
                    y &+= 1
                }
                forward[k] = Int32(truncatingIfNeeded: x)
                // bmin ≤ k ≤ bmax as one unsigned comparison.
                if odd, UInt(bitPattern: k &- bmin) <= UInt(bitPattern: bmax &- bmin), Int(backward[k]) <= x {
                    return (x, y)
                }
                k &-= 2
            }

            // Backward step, the mirror image from the bottom-right corner.
            if bmin > lowest {
                bmin &-= 1
                backward[bmin &- 1] = farRight
            } else {
                bmin &+= 1
            }
            if bmax < highest {
                bmax &+= 1
                backward[bmax &+ 1] = farRight
            } else {
                bmax &-= 1
            }
            k = bmax
            while k >= bmin {
                // Up from diagonal k−1 (same x) or left from k+1 (x − 1).
                let up = Int(backward[k &- 1])
                let left = Int(backward[k &+ 1]) &- 1
                var x = up < left ? up : left
                var y = x &- k
                while x > x0, y > y0, a[x &- 1] == b[y &- 1] {
                    x &-= 1
                    y &-= 1
                }
                backward[k] = Int32(truncatingIfNeeded: x)
                if !odd, UInt(bitPattern: k &- fmin) <= UInt(bitPattern: fmax &- fmin), x <= Int(forward[k]) {
                    return (x, y)
                }
                k &-= 2
            }
        }
    }
}
