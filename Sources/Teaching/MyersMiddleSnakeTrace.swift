/// Myers' linear-space refinement (section 4b): search forward from the top
/// left and backward from the bottom right at once until the two frontiers
/// meet on a diagonal; the snake where they meet, the middle snake, lies on a
/// shortest path, so the problem splits into the part before and the part
/// after it, each solved the same way. Only two frontier arrays are needed at
/// any time, hence O(N + M) memory (this trace keeps them all for display).
///
/// Complexity: O((N + M) · D) time.
package struct MyersMiddleSnakeTrace: Sendable {
    /// One middle-snake search over a region of the grid.
    package struct Search: Sendable {
        /// Top-left and bottom-right corners of the region.
        package var origin: GridPoint
        package var corner: GridPoint
        /// Recursion depth (0 for the whole grid).
        package var depth: Int
        /// Forward rounds (paths from `origin`) and backward rounds (paths from `corner`).
        package var forward: [[MyersStep]]
        package var backward: [[MyersStep]]
        /// The middle snake (possibly empty: start == end), top-left end first.
        package var snakeStart: GridPoint
        package var snakeEnd: GridPoint
        /// The region's edit distance: 2d − 1 when found in forward round d, 2d in backward round d.
        package var distance: Int
        /// Which search found the overlap, and on which diagonal.
        package var foundForward: Bool
        package var foundDiagonal: Int

        /// Every grid point the two searches visited.
        package var visitedPoints: Set<GridPoint> {
            var seen: Set<GridPoint> = [origin, corner]
            for round in forward + backward { for step in round { seen.formUnion(step.visited) } }
            return seen
        }
    }

    package let n: Int
    package let m: Int
    /// The searches in the order they ran (the whole grid first, then the
    /// part before its middle snake, recursively, then the part after).
    package let searches: [Search]
    /// Regions with D ≤ 1, finished by a plain greedy search (a middle snake
    /// would not split them any further), with that search's rounds.
    package let smallRegions: [(origin: GridPoint, corner: GridPoint, rounds: [[MyersStep]])]
    package let path: [GridPoint]
    package var distance: Int {
        var count = 0
        for (p, q) in zip(path, path.dropFirst()) where q.x - p.x + q.y - p.y == 1 { count += 1 }
        return count
    }

    package init(old: [Int32], new: [Int32]) {
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
    package var visitedPoints: Set<GridPoint> {
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
