/// One extension of a path during a Myers search: from the end of a path of
/// the previous round, one edit, then the snake (the run of matches) that
/// follows it.
package struct MyersStep: Hashable, Sendable {
    package enum Edit: String, Hashable, Sendable {
        /// Round 0: no edit, only the first snake.
        case start
        /// Forward: x + 1, old[x] deleted. Backward: the same step walked in reverse.
        case delete
        /// Forward: y + 1, new[y] inserted. Backward: the same step walked in reverse.
        case insert
    }
    /// Round (number of edits of the path after this step).
    package var d: Int
    /// The diagonal the step ends on.
    package var k: Int
    /// Where the path of round d − 1 ended (the start point in round 0).
    package var from: GridPoint
    package var edit: Edit
    /// After the edit, before the snake.
    package var afterEdit: GridPoint
    /// After the snake: the furthest point of round d on diagonal k.
    package var end: GridPoint

    /// Number of matches the snake followed.
    package var snakeLength: Int { abs(end.x - afterEdit.x) }

    /// Every grid point the step visits, `afterEdit` through `end`.
    package var visited: [GridPoint] {
        let direction = end.x >= afterEdit.x ? 1 : -1
        return (0...snakeLength).map { GridPoint(afterEdit.x + $0 * direction, afterEdit.y + $0 * direction) }
    }
}
