import DiffEngines

/// Patience diff replayed one box at a time on the whole lists, keeping
/// what each box decided: the equal ends trimmed, the ids unique on both
/// sides of the box (the candidates), the piles of patience sorting over
/// their new positions, the longest increasing run taken as anchors, the
/// boxes left between anchors, or — where no candidate is left — the pairs
/// Myers chose.
///
/// It follows `PatienceEngine`'s order exactly (a stack of boxes worked
/// front to back; trim, count (the first box over the whole lists, as git
/// does), candidates in old order (git's), one longest run with the last
/// pile's top as its end), so its final pairs are the engine's own
/// alignment before moves are paired; `PatienceTraceTests` checks that on
/// random lists. Written for clarity on teaching-sized lists (≤ 60 a side),
/// not speed: O(B·(N + M) + K log K) for B boxes and K candidates.
struct PatienceTrace {
    /// One box taken off the stack.
    struct Step {
        /// The box as popped: old `x0..<x1`, new `y0..<y1`.
        var box: Box
        /// What is left once the equal ends are matched.
        var inner: Box
        /// Pairs (old i, new j) matched by trimming the equal ends.
        var trimmed: [Pair]
        /// Ids that occur exactly once in each side of `inner`, in old order.
        var candidates: [Pair]
        /// The patience-sorting piles over the candidates' new positions:
        /// each pile lists the candidate indices laid on it, bottom first.
        var piles: [[Int]]
        /// Indices into `candidates` of the longest increasing run: the anchors.
        var anchors: [Int]
        /// Pairs Myers chose, when the box had no candidate.
        var myers: [Pair]
        /// The boxes between anchors, in the order they are worked.
        var pieces: [Box]
    }

    struct Box: Hashable, Sendable {
        var x0: Int, y0: Int, x1: Int, y1: Int
        var isEmpty: Bool { x0 == x1 || y0 == y1 }
    }

    struct Pair: Hashable, Sendable {
        var old: Int, new: Int
    }

    let steps: [Step]
    /// Every matched pair, in new order.
    let pairs: [Pair]

    init(codes: IdentityCodes) {
        let a = codes.old, b = codes.new
        var steps: [Step] = []
        var matched: [Pair] = []
        var stack = [Box(x0: 0, y0: 0, x1: a.count, y1: b.count)]
        while let box = stack.popLast() {
            var step = Step(box: box, inner: box, trimmed: [], candidates: [], piles: [], anchors: [], myers: [], pieces: [])
            var inner = box
            while inner.x0 < inner.x1, inner.y0 < inner.y1, a[inner.x0] == b[inner.y0] {
                step.trimmed.append(Pair(old: inner.x0, new: inner.y0))
                inner.x0 += 1
                inner.y0 += 1
            }
            while inner.x0 < inner.x1, inner.y0 < inner.y1, a[inner.x1 - 1] == b[inner.y1 - 1] {
                inner.x1 -= 1
                inner.y1 -= 1
                step.trimmed.append(Pair(old: inner.x1, new: inner.y1))
            }
            step.inner = inner
            defer {
                matched += step.trimmed + step.anchors.map { step.candidates[$0] } + step.myers
                steps.append(step)
            }
            if inner.isEmpty { continue }
            // git counts over the whole files: the first box's ends count too.
            step.candidates = PatienceTrace.uniqueInBoth(a, b, inner, countedOver: steps.isEmpty ? box : inner)
            if step.candidates.isEmpty {
                step.myers = PatienceTrace.myersPairs(a, b, inner)
                continue
            }
            (step.piles, step.anchors) = PatienceTrace.patienceSort(step.candidates.map(\.new))
            var x = inner.x0, y = inner.y0
            for anchor in step.anchors.map({ step.candidates[$0] }) {
                if x < anchor.old || y < anchor.new { step.pieces.append(Box(x0: x, y0: y, x1: anchor.old, y1: anchor.new)) }
                x = anchor.old + 1
                y = anchor.new + 1
            }
            if x < inner.x1 || y < inner.y1 { step.pieces.append(Box(x0: x, y0: y, x1: inner.x1, y1: inner.y1)) }
            stack.append(contentsOf: step.pieces.reversed())
        }
        self.steps = steps
        self.pairs = matched.sorted { $0.new < $1.new }
    }

    /// The ids of the box seen exactly once in each side of `range` (the
    /// box itself, or around it: the first box counts over the whole lists,
    /// its equal ends too, as git counts over the whole files), as (old,
    /// new) positions in old order (git's). An id only in the new list
    /// (code −1) is never one.
    static func uniqueInBoth(_ a: [Int32], _ b: [Int32], _ box: Box, countedOver range: Box) -> [Pair] {
        var oldCount: [Int32: Int] = [:], newCount: [Int32: Int] = [:], newAt: [Int32: Int] = [:]
        for i in range.x0..<range.x1 { oldCount[a[i], default: 0] += 1 }
        for j in range.y0..<range.y1 where b[j] >= 0 {
            newCount[b[j], default: 0] += 1
            newAt[b[j]] = j
        }
        return (box.x0..<box.x1).compactMap { i in
            let code = a[i]
            guard oldCount[code] == 1, newCount[code] == 1, let j = newAt[code], (box.y0..<box.y1).contains(j) else { return nil }
            return Pair(old: i, new: j)
        }
    }

    /// Patience sorting: each value goes on the leftmost pile whose top is
    /// larger (a new pile on the right when none is), remembering the top of
    /// the pile to its left at that moment. The number of piles is the
    /// length of the longest increasing run, and following those links back
    /// from the last pile's top spells one such run.
    static func patienceSort(_ values: [Int]) -> (piles: [[Int]], run: [Int]) {
        var piles: [[Int]] = []
        var link = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            let pile = piles.firstIndex { values[$0.last!] > value } ?? piles.count
            if pile > 0 { link[index] = piles[pile - 1].last! }
            if pile == piles.count { piles.append([index]) } else { piles[pile].append(index) }
        }
        var run: [Int] = []
        var at = piles.last?.last ?? -1
        while at >= 0 {
            run.append(at)
            at = link[at]
        }
        return (piles, run.reversed())
    }

    /// The pairs the myers engine keeps in the box (its lists cut out; no moves).
    static func myersPairs(_ a: [Int32], _ b: [Int32], _ box: Box) -> [Pair] {
        let old = Array(a[box.x0..<box.x1]), new = Array(b[box.y0..<box.y1])
        guard let changes = try? MyersEngine().diff(fromValues: old, toValues: new, options: DiffOptions(inferMoves: false))
        else { return [] }
        let kept = Set(0..<old.count).subtracting(changes.deletes).sorted()
        let keptNew = Set(0..<new.count).subtracting(changes.inserts).sorted()
        return zip(kept, keptNew).map { Pair(old: box.x0 + $0, new: box.y0 + $1) }
    }
}
