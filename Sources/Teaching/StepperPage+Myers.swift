/// The stepper's two Myers modes: the greedy search one diagonal at a time,
/// each choice with its reason read off the V array, and the linear-space
/// search one half-round at a time.
extension StepperPage {
    struct MyersData: Encodable {
        /// Every diagonal of every round inside the grid, round by round, k ascending.
        var moves: [StepData]
        /// The backtracked path, (0, 0) to (N, M), as [x, y].
        var path: [[Int]]
        /// The free diagonals: [x, y] where old[x] and new[y] are the same item.
        var matches: [[Int]]
        var linear: LinearData
    }

    /// A step of either search as [x, y] points. In the greedy mode it is
    /// one diagonal k of one round d, with the move made ("none" when neither
    /// neighbour can move), the two V cells the choice reads, and why.
    struct StepData: Encodable, Equatable {
        var d: Int
        var k: Int
        /// "start" (round 0), "delete" (right from k − 1), "insert" (down from k + 1) or "none".
        var edit: String
        /// From, after the edit, after the snake; empty for "none".
        var from: [Int]
        var after: [Int]
        var end: [Int]
        /// V[k+1] and V[k−1] of round d − 1 (the x each neighbour reached), nil when it has no path there.
        var down: Int?
        var right: Int?
        /// Why this move (numbers only: the page adds the element labels); nil in the linear-space mode.
        var why: String?

        init(d: Int, k: Int, step: MyersStep?, down: Int? = nil, right: Int? = nil, why: String? = nil) {
            self.d = d
            self.k = k
            edit = step?.edit.rawValue ?? "none"
            from = step.map { [$0.from.x, $0.from.y] } ?? []
            after = step.map { [$0.afterEdit.x, $0.afterEdit.y] } ?? []
            end = step.map { [$0.end.x, $0.end.y] } ?? []
            self.down = down
            self.right = right
            self.why = why
        }

        init(_ step: MyersStep) { self.init(d: step.d, k: step.k, step: step) }
    }

    struct SearchData: Encodable {
        var origin: [Int]
        var corner: [Int]
        var depth: Int
        var forward: [[StepData]]
        var backward: [[StepData]]
        var snake: [[Int]]
        var distance: Int
        var foundForward: Bool
        var k: Int
    }

    struct LinearData: Encodable {
        /// The middle-snake searches in the order they ran (pre-order of the recursion).
        var searches: [SearchData]
        /// Regions with D ≤ 1, finished by a plain greedy search: [origin, corner].
        var small: [[[Int]]]
        var path: [[Int]]
    }

    /// "−3" with a real minus sign, as the page writes k.
    static func signed(_ value: Int) -> String { value < 0 ? "−\(-value)" : "\(value)" }

    /// Every in-grid diagonal of every round, with the reason for its move.
    ///
    /// Round d tries k = −d, −d+2, …, d; a diagonal outside −M ≤ k ≤ N is
    /// left out (the page names those in a sentence). On diagonal k the path
    /// can come down from k + 1 (an insert, reaching x = V[k+1]) or right
    /// from k − 1 (a delete, reaching x = V[k−1] + 1); the further one wins,
    /// right on a tie, and a move that would leave the grid is not a choice.
    /// This is the choice `MyersTrace.greedy` made; here it is only told.
    ///
    /// Complexity: O(D²) moves, each O(1) after a dictionary of the round before.
    static func moves(_ trace: MyersTrace) -> [StepData] {
        let n = trace.n, m = trace.m
        func k(_ value: Int) -> String { "k = \(signed(value))" }
        func missing(_ diagonal: Int, round: Int) -> String {
            if diagonal < -m || diagonal > n {
                return "diagonal \(signed(diagonal)) lies off the grid (−M = \(signed(-m)) ≤ k ≤ N = \(n))"
            }
            if abs(diagonal) > round { return "round \(round) reached only k = \(signed(-round)) … \(round), not \(signed(diagonal))" }
            return "round \(round) has no path on \(k(diagonal))"
        }
        var result: [StepData] = []
        var previous: [Int: GridPoint] = [:]
        for (d, round) in trace.rounds.enumerated() {
            let made = Dictionary(round.map { ($0.k, $0) }, uniquingKeysWith: { first, _ in first })
            for diagonal in stride(from: -d, through: d, by: 2) where diagonal >= -m && diagonal <= n {
                let above = previous[diagonal + 1], left = previous[diagonal - 1]
                let downLeaves = above.map { $0.y >= m } ?? false, rightLeaves = left.map { $0.x >= n } ?? false
                let downBlocked = above.map {
                    "down from k+1 (V[\(signed(diagonal + 1))] = \($0.x), at \($0)) would leave the grid: y = \($0.y + 1) > M = \(m)"
                }
                    ?? missing(diagonal + 1, round: d - 1)
                let rightBlocked = left.map {
                    "right from k−1 (V[\(signed(diagonal - 1))] = \($0.x), at \($0)) would leave the grid: x = \($0.x + 1) > N = \(n)"
                }
                    ?? missing(diagonal - 1, round: d - 1)
                var why: String
                let step = made[diagonal]
                switch step?.edit {
                case .start?:
                    why = "round 0 starts at (0,0)"
                case .insert?:
                    if let left, !rightLeaves, let above {
                        why = "down from k+1 because V[k−1] = V[\(signed(diagonal - 1))] = \(left.x) < V[k+1] = V[\(signed(diagonal + 1))] = \(above.x)"
                    } else {
                        why = "down from k+1, the only way: " + rightBlocked
                    }
                case .delete?:
                    if let above, !downLeaves, let left {
                        why = "right from k−1 because V[k−1] = V[\(signed(diagonal - 1))] = \(left.x) ≥ V[k+1] = V[\(signed(diagonal + 1))] = \(above.x)"
                            + " (right reaches x = \(left.x + 1), down only x = \(above.x))"
                    } else {
                        why = "right from k−1: " + downBlocked
                    }
                case nil:
                    why = "no path on \(k(diagonal)) in round \(d): " + downBlocked + ", and " + rightBlocked
                }
                result.append(StepData(d: d, k: diagonal, step: step, down: above?.x, right: left?.x, why: why))
            }
            previous = Dictionary(round.map { ($0.k, $0.end) }, uniquingKeysWith: { first, _ in first })
        }
        return result
    }

    static func myersData(_ pair: TeachingPair, greedy: MyersTrace, linear: MyersMiddleSnakeTrace) -> MyersData {
        var matches: [[Int]] = []
        for (x, code) in pair.codes.old.enumerated() {
            for (y, other) in pair.codes.new.enumerated() where code == other { matches.append([x, y]) }
        }
        func point(_ p: GridPoint) -> [Int] { [p.x, p.y] }
        let searches = linear.searches.map { search in
            SearchData(
                origin: point(search.origin), corner: point(search.corner), depth: search.depth,
                forward: search.forward.map { $0.map(StepData.init) }, backward: search.backward.map { $0.map(StepData.init) },
                snake: [point(search.snakeStart), point(search.snakeEnd)], distance: search.distance,
                foundForward: search.foundForward, k: search.foundDiagonal)
        }
        return MyersData(
            moves: moves(greedy), path: greedy.path.map(point), matches: matches,
            linear: LinearData(
                searches: searches, small: linear.smallRegions.map { [point($0.origin), point($0.corner)] },
                path: linear.path.map(point)))
    }
}
