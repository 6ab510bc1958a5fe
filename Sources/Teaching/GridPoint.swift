/// A point of the edit graph: `x` old elements and `y` new elements consumed.
/// It is also the LCS table cell (i, j) = (x, y), which is how the teaching
/// pictures put the two on one grid (old down the rows, new across).
package struct GridPoint: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var x: Int
    package var y: Int
    package init(_ x: Int, _ y: Int) {
        self.x = x
        self.y = y
    }
    /// The diagonal `k = x − y`.
    package var k: Int { x - y }
    package var description: String { "(\(x),\(y))" }
    package static func < (a: GridPoint, b: GridPoint) -> Bool { (a.x, a.y) < (b.x, b.y) }
}
