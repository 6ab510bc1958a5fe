/// A position in a sectioned list view: a section and a row inside it
/// (UIKit's two-element `IndexPath`; named apart from Foundation's so that a
/// file importing both compiles).
public struct ListIndexPath: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    @inlinable
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    @inlinable
    public static func < (lhs: ListIndexPath, rhs: ListIndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.row < rhs.row
    }

    public var description: String { "[\(section), \(row)]" }
}
