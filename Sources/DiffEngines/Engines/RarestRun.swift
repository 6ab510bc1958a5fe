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
