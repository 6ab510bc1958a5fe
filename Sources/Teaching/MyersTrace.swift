
/// A point of the edit graph: `x` old elements and `y` new elements consumed.
/// It is also the LCS table cell (i, j) = (x, y), which is how the teaching
/// pictures put the two on one grid (old down the rows, new across).
public struct GridPoint: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public init(_ x: Int, _ y: Int) {
        self.x = x
        self.y = y
    }
    /// The diagonal `k = x − y`.
    public var k: Int { x - y }
    public var description: String { "(\(x),\(y))" }
    public static func < (a: GridPoint, b: GridPoint) -> Bool { (a.x, a.y) < (b.x, b.y) }
}

/// One extension of a path during a Myers search: from the end of a path of
/// the previous round, one edit, then the snake (the run of matches) that
/// follows it.
public struct MyersStep: Hashable, Sendable {
    public enum Edit: String, Hashable, Sendable {
        /// Round 0: no edit, only the first snake.
        case start
        /// Forward: x + 1, old[x] deleted. Backward: the same step walked in reverse.
        case delete
        /// Forward: y + 1, new[y] inserted. Backward: the same step walked in reverse.
        case insert
    }
    /// Round (number of edits of the path after this step).
    public var d: Int
    /// The diagonal the step ends on.
    public var k: Int
    /// Where the path of round d − 1 ended (the start point in round 0).
    public var from: GridPoint
    public var edit: Edit
    /// After the edit, before the snake.
    public var afterEdit: GridPoint
    /// After the snake: the furthest point of round d on diagonal k.
    public var end: GridPoint

    /// Number of matches the snake followed.
    public var snakeLength: Int { abs(end.x - afterEdit.x) }

    /// Every grid point the step visits, `afterEdit` through `end`.
    public var visited: [GridPoint] {
        let direction = end.x >= afterEdit.x ? 1 : -1
        return (0...snakeLength).map { GridPoint(afterEdit.x + $0 * direction, afterEdit.y + $0 * direction) }
    }
}

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
public struct MyersTrace: Sendable {
    public let n: Int
    public let m: Int
    /// `rounds[d]`: the steps of round d, by ascending k.
    public let rounds: [[MyersStep]]
    /// The edit distance D (deletes + inserts of a shortest edit script).
    public var distance: Int { rounds.count - 1 }
    /// The shortest path found by the backtrack, (0,0) to (N,M), one point per step.
    public let path: [GridPoint]

    /// Traces the forward search on two code lists (equal codes match).
    public init(old: [Int32], new: [Int32]) {
        let result = MyersTrace.greedy(old, new, origin: GridPoint(0, 0), corner: GridPoint(old.count, new.count))
        n = old.count
        m = new.count
        rounds = result.rounds
        path = result.path
    }

    /// The (d, k) → x table: the furthest x on diagonal k after round d.
    public func frontier(after d: Int) -> [(k: Int, x: Int)] { rounds[d].map { ($0.k, $0.end.x) } }

    /// Grid points the search visited (each snake point and each point an
    /// edit reached), without repeats.
    public var visitedPoints: Set<GridPoint> {
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

/// Myers' linear-space refinement (section 4b): search forward from the top
/// left and backward from the bottom right at once until the two frontiers
/// meet on a diagonal; the snake where they meet, the middle snake, lies on a
/// shortest path, so the problem splits into the part before and the part
/// after it, each solved the same way. Only two frontier arrays are needed at
/// any time, hence O(N + M) memory (this trace keeps them all for display).
///
/// Complexity: O((N + M) · D) time.
public struct MyersMiddleSnakeTrace: Sendable {
    /// One middle-snake search over a region of the grid.
    public struct Search: Sendable {
        /// Top-left and bottom-right corners of the region.
        public var origin: GridPoint
        public var corner: GridPoint
        /// Recursion depth (0 for the whole grid).
        public var depth: Int
        /// Forward rounds (paths from `origin`) and backward rounds (paths from `corner`).
        public var forward: [[MyersStep]]
        public var backward: [[MyersStep]]
        /// The middle snake (possibly empty: start == end), top-left end first.
        public var snakeStart: GridPoint
        public var snakeEnd: GridPoint
        /// The region's edit distance: 2d − 1 when found in forward round d, 2d in backward round d.
        public var distance: Int
        /// Which search found the overlap, and on which diagonal.
        public var foundForward: Bool
        public var foundDiagonal: Int

        /// Every grid point the two searches visited.
        public var visitedPoints: Set<GridPoint> {
            var seen: Set<GridPoint> = [origin, corner]
            for round in forward + backward { for step in round { seen.formUnion(step.visited) } }
            return seen
        }
    }

    public let n: Int
    public let m: Int
    /// The searches in the order they ran (the whole grid first, then the
    /// part before its middle snake, recursively, then the part after).
    public let searches: [Search]
    /// Regions with D ≤ 1, finished by a plain greedy search (a middle snake
    /// would not split them any further), with that search's rounds.
    public let smallRegions: [(origin: GridPoint, corner: GridPoint, rounds: [[MyersStep]])]
    public let path: [GridPoint]
    public var distance: Int {
        var count = 0
        for (p, q) in zip(path, path.dropFirst()) where q.x - p.x + q.y - p.y == 1 { count += 1 }
        return count
    }

    public init(old: [Int32], new: [Int32]) {
        n = old.count
        m = new.count
        var searches: [Search] = []
        var small: [(GridPoint, GridPoint, [[MyersStep]])] = []
        var path: [GridPoint] = [GridPoint(0, 0)]
        MyersMiddleSnakeTrace.solve(
            old, new, origin: GridPoint(0, 0), corner: GridPoint(old.count, new.count),
            depth: 0, searches: &searches, small: &small, path: &path)
        self.searches = searches
        self.smallRegions = small
        self.path = path
    }

    /// Every grid point any search visited.
    public var visitedPoints: Set<GridPoint> {
        var seen: Set<GridPoint> = [GridPoint(0, 0), GridPoint(n, m)]
        for search in searches { seen.formUnion(search.visitedPoints) }
        for region in smallRegions {
            for round in region.rounds { for step in round { seen.formUnion(step.visited) } }
        }
        return seen
    }

    /// Appends the path of the region (after `origin`, through `corner`) to `path`.
    static func solve(
        _ a: [Int32], _ b: [Int32], origin: GridPoint, corner: GridPoint, depth: Int,
        searches: inout [Search], small: inout [(GridPoint, GridPoint, [[MyersStep]])], path: inout [GridPoint]
    ) {
        if origin == corner { return }
        if origin.x == corner.x || origin.y == corner.y {
            // Only inserts or only deletes: a straight line, nothing to search.
            var p = origin
            while p != corner {
                if p.x < corner.x { p.x += 1 } else { p.y += 1 }
                path.append(p)
            }
            return
        }
        let search = middleSnake(a, b, origin: origin, corner: corner, depth: depth)
        if search.distance <= 1 {
            let greedy = MyersTrace.greedy(a, b, origin: origin, corner: corner)
            small.append((origin, corner, greedy.rounds))
            path.append(contentsOf: greedy.path.dropFirst())
            return
        }
        searches.append(search)
        solve(a, b, origin: origin, corner: search.snakeStart, depth: depth + 1, searches: &searches, small: &small, path: &path)
        var p = search.snakeStart
        while p != search.snakeEnd {
            p = GridPoint(p.x + 1, p.y + 1)
            path.append(p)
        }
        solve(a, b, origin: search.snakeEnd, corner: corner, depth: depth + 1, searches: &searches, small: &small, path: &path)
    }

    /// Runs the forward and backward searches over one region, round by
    /// round, until they overlap. Needs a region with both sides non-empty.
    static func middleSnake(_ a: [Int32], _ b: [Int32], origin: GridPoint, corner: GridPoint, depth: Int) -> Search {
        let x0 = origin.x, y0 = origin.y, x1 = corner.x, y1 = corner.y
        let kStart = x0 - y0, kEnd = x1 - y1
        let delta = kEnd - kStart
        let kMin = x0 - y1, kMax = x1 - y0
        var forward: [[MyersStep]] = []
        var backward: [[MyersStep]] = []
        var lastForward: [Int: GridPoint] = [:]
        var lastBackward: [Int: GridPoint] = [:]
        func snakeForward(_ p: GridPoint) -> GridPoint {
            var q = p
            while q.x < x1, q.y < y1, a[q.x] == b[q.y] { q.x += 1; q.y += 1 }
            return q
        }
        func snakeBackward(_ p: GridPoint) -> GridPoint {
            var q = p
            while q.x > x0, q.y > y0, a[q.x - 1] == b[q.y - 1] { q.x -= 1; q.y -= 1 }
            return q
        }
        var d = 0
        while true {
            // Forward round d.
            var steps: [MyersStep] = []
            var current: [Int: GridPoint] = [:]
            for k in stride(from: kStart - d, through: kStart + d, by: 2) where k >= kMin && k <= kMax {
                var chosen: (from: GridPoint, edit: MyersStep.Edit, after: GridPoint)?
                if d == 0 {
                    chosen = (origin, .start, origin)
                } else {
                    if let p = lastForward[k + 1], p.y < y1 { chosen = (p, .insert, GridPoint(p.x, p.y + 1)) }
                    if let p = lastForward[k - 1], p.x < x1, p.x + 1 > (chosen?.after.x ?? Int.min) {
                        chosen = (p, .delete, GridPoint(p.x + 1, p.y))
                    }
                }
                guard let chosen else { continue }
                let end = snakeForward(chosen.after)
                current[k] = end
                let step = MyersStep(d: d, k: k, from: chosen.from, edit: chosen.edit, afterEdit: chosen.after, end: end)
                steps.append(step)
                if delta % 2 != 0, d > 0, let back = lastBackward[k], end.x >= back.x {
                    forward.append(steps)
                    return Search(
                        origin: origin, corner: corner, depth: depth, forward: forward, backward: backward,
                        snakeStart: chosen.after, snakeEnd: end, distance: 2 * d - 1, foundForward: true, foundDiagonal: k)
                }
            }
            forward.append(steps)
            lastForward = current
            // Backward round d.
            steps = []
            current = [:]
            for k in stride(from: kEnd - d, through: kEnd + d, by: 2) where k >= kMin && k <= kMax {
                var chosen: (from: GridPoint, edit: MyersStep.Edit, after: GridPoint)?
                if d == 0 {
                    chosen = (corner, .start, corner)
                } else {
                    // A reverse delete comes from k + 1, a reverse insert from k − 1.
                    if let p = lastBackward[k - 1], p.y > y0 { chosen = (p, .insert, GridPoint(p.x, p.y - 1)) }
                    if let p = lastBackward[k + 1], p.x > x0, p.x - 1 < (chosen?.after.x ?? Int.max) {
                        chosen = (p, .delete, GridPoint(p.x - 1, p.y))
                    }
                }
                guard let chosen else { continue }
                let end = snakeBackward(chosen.after)
                current[k] = end
                let step = MyersStep(d: d, k: k, from: chosen.from, edit: chosen.edit, afterEdit: chosen.after, end: end)
                steps.append(step)
                if delta % 2 == 0, let ahead = lastForward[k], ahead.x >= end.x {
                    backward.append(steps)
                    return Search(
                        origin: origin, corner: corner, depth: depth, forward: forward, backward: backward,
                        snakeStart: end, snakeEnd: chosen.after, distance: 2 * d, foundForward: false, foundDiagonal: k)
                }
            }
            backward.append(steps)
            lastBackward = current
            d += 1
        }
    }
}
