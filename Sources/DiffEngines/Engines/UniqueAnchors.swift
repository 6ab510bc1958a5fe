/// Patience's cut of a box: its ids are counted (saturating at 2 per side,
/// with the new position of the last sighting), and the ids seen once on
/// each side become candidate pairs in old order. One longest run of them
/// with increasing new positions becomes the anchors, and the boxes between
/// consecutive anchors go on the stack.
///
/// Why the trimmed ends count: git's patience counts over the whole files
/// (it trims nothing first), so a line that occurs once in our middle and
/// again in the common prefix or suffix is not unique to git. The front
/// hands those ids over, and the first cut starts them at "many"
/// (``countTwice(_:)``); inner boxes count only themselves, as git's gaps
/// between anchors do. Counted over the middle alone, the deleted and
/// inserted line counts differed from git's on 3 of
/// `PatienceAgainstGitTests`' 200 random texts.
///
/// Why old order: it is git's (`git diff --patience` walks the old side
/// and sorts the new positions into piles). Where several runs are
/// longest, the order picks which one is kept (patience sorting keeps the
/// last card of the last pile and its chain), and the boxes left between
/// the anchors, so the script's length, follow from that choice: in new
/// order the engine's deleted and inserted line counts differed from
/// git's on 11 of `PatienceAgainstGitTests`' 200 random texts. The counters
/// are cleared by walking the box again, so each level costs its own
/// length, not the alphabet's.
struct UniqueAnchors: BoxCutter {
    /// Per id: sightings in the box's old side and new side (0, 1, 2 = many),
    /// and the new position of the last new sighting.
    let oldSeen: UnsafeMutableBufferPointer<UInt8>
    let newSeen: UnsafeMutableBufferPointer<UInt8>
    let newAt: UnsafeMutableBufferPointer<Int32>
    /// The candidate pairs of the box being cut, and which are kept; reused.
    var candidateOld: [Int32] = []
    var candidateNew: [Int32] = []
    var kept: [Bool] = []

    init(symbolCount: Int, oldCount: Int) {
        oldSeen = .allocate(capacity: symbolCount)
        newSeen = .allocate(capacity: symbolCount)
        newAt = .allocate(capacity: symbolCount)
        oldSeen.initialize(repeating: 0)
        newSeen.initialize(repeating: 0)
    }

    /// Marks `codes` (ids of the old middle that the trimmed ends hold) as
    /// seen many times on the old side, so the next cut, the first box's,
    /// takes none of them as a candidate. That cut walks every old item of
    /// the middle, which holds each of these ids, and so clears the marks.
    ///
    /// - Complexity: O(codes).
    mutating func countTwice(_ codes: [Int32]) {
        for code in codes { oldSeen[Int(code)] = 2 }
    }

    func deallocate() {
        oldSeen.deallocate()
        newSeen.deallocate()
        newAt.deallocate()
    }

    /// One level of patience on `box`: O(w + h) to count, O(U log U) for the
    /// longest increasing run of U candidates.
    mutating func cut(
        _ box: MyersSearch.Box, old a: UnsafePointer<Int32>, new b: UnsafePointer<Int32>,
        into out: UnsafeMutablePointer<Int32>, meter: inout SearchMeter, stack: inout [MyersSearch.Box]
    ) -> BoxCut {
        let oldSeen = self.oldSeen, newSeen = self.newSeen, newAt = self.newAt
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
        // Without a candidate, whether the box has an id in common at all,
        // looked for up to the first common id.
        var hasCommon = !candidateOld.isEmpty
        var j = box.y0
        while !hasCommon, j < box.y1 {
            let c = Int(b[j])
            hasCommon = c >= 0 && oldSeen[c] > 0
            j &+= 1
        }
        for i in box.x0..<box.x1 { oldSeen[Int(a[i])] = 0 }
        if candidateOld.isEmpty { return hasCommon ? .unanchored : .disjoint }
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
        return .anchored
    }
}
