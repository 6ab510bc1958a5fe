
/// Myers' greedy algorithm (1986, "An O(ND) difference algorithm and its
/// variations", section 3) with every step recorded, for the teaching
/// renderers and their tests; the timed engine lives in DiffEngines.
///
/// Round d extends, on each diagonal k = −d, −d+2, …, d, the furthest
/// reaching path of round d − 1 on k − 1 (by a delete) or k + 1 (by an
/// insert), whichever gets further, then follows the diagonal while elements
/// match. Diagonals are kept inside the grid (−M ≤ k ≤ N, no step off the
/// edge): a path that leaves the grid can never be part of a shortest one.
///
/// Complexity: O((N + M) · D) time; the trace keeps every round, O(D²) steps
/// plus the path, which is fine for the ~60-element inputs it is meant for.
package struct MyersTrace: Sendable {
    package let n: Int
    package let m: Int
    /// `rounds[d]`: the steps of round d, by ascending k.
    package let rounds: [[MyersStep]]
    /// The edit distance D (deletes + inserts of a shortest edit script).
    package var distance: Int { rounds.count - 1 }
    /// The shortest path found by the backtrack, (0,0) to (N,M), one point per step.
    package let path: [GridPoint]

    /// Traces the forward search on two code lists (equal codes match).
    package init(old: [Int32], new: [Int32]) {
        let result = MyersTrace.greedy(old, new, origin: GridPoint(0, 0), corner: GridPoint(old.count, new.count))
        n = old.count
        m = new.count
        rounds = result.rounds
        path = result.path
    }

    /// The (d, k) → x table: the furthest x on diagonal k after round d.
    package func frontier(after d: Int) -> [(k: Int, x: Int)] { rounds[d].map { ($0.k, $0.end.x) } }

    /// Grid points the search visited (each snake point and each point an
    /// edit reached), without repeats.
    package var visitedPoints: Set<GridPoint> {
        var seen: Set<GridPoint> = [GridPoint(0, 0)]
        for round in rounds { for step in round { seen.formUnion(step.visited) } }
        return seen
    }

    /// The greedy search in the region from `origin` to `corner` (inclusive),
    /// in the coordinates of the full lists.
    static func greedy(
        _ a: [Int32], _ b: [Int32], origin: GridPoint, corner: GridPoint
    ) -> (rounds: [[MyersStep]], path: [GridPoint]) {
        let x0 = origin.x, y0 = origin.y, x1 = corner.x, y1 = corner.y
        // Diagonals are global (k = x − y); the region's start diagonal is k0.
        let k0 = x0 - y0
        func snake(_ p: GridPoint) -> GridPoint {
            var q = p
            while q.x < x1, q.y < y1, a[q.x] == b[q.y] { q.x += 1; q.y += 1 }
            return q
        }
        var rounds: [[MyersStep]] = []
        var previous: [Int: GridPoint] = [:]
        let first = snake(origin)
        rounds.append([MyersStep(d: 0, k: k0, from: origin, edit: .start, afterEdit: origin, end: first)])
        previous[k0] = first
        var d = 0
        while previous[x1 - y1] != corner {
            d += 1
            var current: [Int: GridPoint] = [:]
            var steps: [MyersStep] = []
            for k in stride(from: k0 - d, through: k0 + d, by: 2) where k >= x0 - y1 && k <= x1 - y0 {
                var best: (from: GridPoint, edit: MyersStep.Edit, after: GridPoint)?
                if let p = previous[k + 1], p.y < y1 {
                    best = (p, .insert, GridPoint(p.x, p.y + 1))
                }
                if let p = previous[k - 1], p.x < x1, p.x + 1 > (best?.after.x ?? Int.min) {
                    best = (p, .delete, GridPoint(p.x + 1, p.y))
                }
                guard let chosen = best else { continue }
                let end = snake(chosen.after)
                current[k] = end
                steps.append(MyersStep(d: d, k: k, from: chosen.from, edit: chosen.edit, afterEdit: chosen.after, end: end))
            }
            rounds.append(steps)
            previous = current
        }
        return (rounds, backtrack(rounds, corner: corner))
    }

    /// Walks back from the corner: the step of round d that ended here says
    /// where round d − 1 ended; the points in between are its edit and snake.
    static func backtrack(_ rounds: [[MyersStep]], corner: GridPoint) -> [GridPoint] {
        var reversed: [GridPoint] = []
        var here = corner
        for d in stride(from: rounds.count - 1, through: 0, by: -1) {
            guard let step = rounds[d].first(where: { $0.k == here.k && $0.end == here }) else {
                preconditionFailure("Myers backtrack: no step of round \(d) ends at \(here)")
            }
            reversed.append(contentsOf: step.visited.reversed())
            here = step.from
            if step.edit == .start { break }
        }
        if reversed.last != here { reversed.append(here) }
        return reversed.reversed()
    }
}
