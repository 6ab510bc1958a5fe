/// How an engine that cuts the edit graph at anchors of its own (patience,
/// histogram) cuts one box: the engine states this, and
/// ``alignment(old:new:symbolCount:limit:)``, the one box driver both share,
/// does the rest (the stack of boxes, their common ends, the meter, the
/// fallback to Myers).
///
/// A cutter is a value holding the engine's scratch tables, sized once per
/// call and freed by ``deallocate()``.
protocol BoxCutter {
    /// Scratch for lists of `oldCount` old items coded in `symbolCount` symbols.
    init(symbolCount: Int, oldCount: Int)

    /// Looks for anchors in `box` (its common ends already aligned, both
    /// sides non-empty) of the coded lists `a` (old) and `b` (new). When it
    /// finds some it writes them into `out` (`out[y] = x`), pushes the boxes
    /// left between them onto `stack`, last first, and returns
    /// ``BoxCut/anchored``; otherwise it says whether the box has an id in
    /// common at all. Work beyond the box's w + h may be charged to `meter`.
    mutating func cut(
        _ box: MyersSearch.Box, old a: UnsafePointer<Int32>, new b: UnsafePointer<Int32>,
        into out: UnsafeMutablePointer<Int32>, meter: inout SearchMeter, stack: inout [MyersSearch.Box]
    ) -> BoxCut

    /// Frees the scratch tables.
    func deallocate()
}

extension BoxCutter {
    /// For each new index, the old index it is aligned with, or -1; the
    /// pairs increase on both sides. `approximate` when the work reached the
    /// limit (``DiffOptions/costLimit``, ``DiffOptions/deadline``): the Myers
    /// fallback's cells and the boxes' own passes share one meter.
    ///
    /// Boxes wait on an explicit stack. A box is trimmed of its common ends;
    /// what is left is charged to the meter (w + h, but the first box's
    /// passes are free: one pass over the input, as coding the ids is, so a
    /// pair with nothing in common is exact under any bound; the nested ones
    /// are what can grow) and handed to ``cut(_:old:new:into:meter:stack:)``.
    /// A box the cutter cannot anchor goes to Myers when it has an id in
    /// common; one with none is all deletes and inserts: Myers would spend
    /// about (N + M)²/2 steps to find that (minutes on two different files
    /// of 100,000 lines). Past the limit a box is left coarse, all deletes
    /// and inserts, and so is every box after it.
    ///
    /// - Complexity: O(w + h) per box plus the cutter's work and Myers'
    ///   O((w + h)·d) on the boxes it leaves; one array of M results and
    ///   Myers' two diagonal arrays.
    static func alignment(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>, symbolCount: Int, limit: SearchLimit = .none
    ) -> (newToOld: [Int32], approximate: Bool) {
        alignment(old: old, new: new, limit: limit, cutter: Self(symbolCount: symbolCount, oldCount: old.count))
    }

    /// The same, with a cutter made (and maybe primed) by the caller; the
    /// driver frees it.
    static func alignment(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>, limit: SearchLimit, cutter: consuming Self
    ) -> (newToOld: [Int32], approximate: Bool) {
        var cutter = cutter
        defer { cutter.deallocate() }
        let n = old.count, m = new.count
        var result = [Int32](repeating: -1, count: m)
        guard n > 0, m > 0, let a = old.baseAddress, let b = new.baseAddress else { return (result, false) }
        var approximate = false
        result.withUnsafeMutableBufferPointer { out in
            guard let out = out.baseAddress else { return }
            var search = MyersSearch(old: a, new: b, oldCount: n, newCount: m, limit: limit)
            defer {
                approximate = search.stopped
                search.deallocate()
            }
            var stack = [MyersSearch.Box(x0: 0, y0: 0, x1: n, y1: m)]
            var charged = false
            while var box = stack.popLast() {
                if search.trimCommonEnds(&box, into: out) { continue }
                if charged {
                    search.meter.untilCheck &-= (box.x1 &- box.x0) &+ (box.y1 &- box.y0)
                    if search.meter.untilCheck < 0, !search.meter.checkpoint() { continue }
                }
                charged = true
                if cutter.cut(box, old: a, new: b, into: out, meter: &search.meter, stack: &stack) == .unanchored {
                    search.align(box, into: out)
                }
            }
        }
        return (result, approximate)
    }
}
