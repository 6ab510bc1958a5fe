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
