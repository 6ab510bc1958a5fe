import Rendering

/// How much of the grid each algorithm touches.
struct WorkCounts: Equatable {
    /// (N + 1)(M + 1): every cell of the LCS table is filled and kept.
    var lcsCells: Int
    /// Distinct points the greedy Myers search visited.
    var greedyPoints: Int
    /// Frontier values the greedy search stored (one per (d, k)).
    var greedyFrontier: Int
    /// Distinct points the linear-space searches visited.
    var linearPoints: Int
    /// Point visits of the linear-space searches, counting repeats.
    var linearVisits: Int

    init(pair: TeachingPair, greedy: MyersTrace, linear: MyersMiddleSnakeTrace) {
        lcsCells = pair.table.rows * pair.table.columns
        greedyPoints = greedy.visitedPoints.count
        greedyFrontier = greedy.rounds.reduce(0) { $0 + $1.count }
        linearPoints = linear.visitedPoints.count
        var visits = 0
        for search in linear.searches {
            for step in (search.forward + search.backward).joined() { visits += step.snakeLength + 1 }
        }
        for region in linear.smallRegions {
            for step in region.rounds.joined() { visits += step.snakeLength + 1 }
        }
        linearVisits = visits
    }
}
