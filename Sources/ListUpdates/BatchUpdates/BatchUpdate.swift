
/// One `performBatchUpdates` call: what a list view is told to animate.
///
/// The index spaces are UIKit's (documented for `UICollectionView` and
/// `UITableView`): deletes and reloads name positions **before** the update;
/// inserts name positions **after** it (that is, after every delete); moves go
/// from a position before to a position after. The order in which an app
/// calls the methods inside the block does not matter, which is why the
/// fields are plain lists. Every item not deleted, moved or inside a deleted
/// section stays, keeps its order relative to the other staying items, and
/// fills the positions of its section that are neither inserted nor the
/// target of a move; sections behave the same way one level up.
///
/// ``ListViewState/applying(_:dataSource:style:)`` applies a batch with the
/// checks UIKit makes; ``StagedBatches`` holds batches that must be applied one
/// after the other.
public struct BatchUpdate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A section or a row that changes place: its position before → its
    /// position after. One type for both levels, so that the two keep one
    /// description, one order and one JSON form.
    public struct Move<Position: Hashable & Comparable & Sendable & Codable & CustomStringConvertible>:
        Hashable, Comparable, Sendable, Codable, CustomStringConvertible
    {
        public var from: Position
        public var to: Position
        @inlinable public init(from: Position, to: Position) { self.from = from; self.to = to }
        public var description: String { "\(from)→\(to)" }

        /// By source, then by target (the order of ``BatchUpdate/sorted()``).
        public static func < (lhs: Move, rhs: Move) -> Bool {
            lhs.from != rhs.from ? lhs.from < rhs.from : lhs.to < rhs.to
        }
    }

    /// A section that changes place: old section index → new section index.
    public typealias SectionMove = Move<Int>
    /// A row that changes place: index path before → index path after.
    public typealias RowMove = Move<ListIndexPath>

    /// Sections removed with all their rows (indices before the update).
    public var deletedSections: [Int]
    /// Sections added with all their rows (indices after the update).
    public var insertedSections: [Int]
    /// Sections moved with their rows (before → after).
    public var movedSections: [SectionMove]
    /// Sections whose header and rows are rebuilt from the data source (indices before the update).
    public var reloadedSections: [Int]
    /// Rows removed (index paths before the update).
    public var deletedRows: [ListIndexPath]
    /// Rows added (index paths after the update).
    public var insertedRows: [ListIndexPath]
    /// Rows moved (before → after), possibly to another section.
    public var movedRows: [RowMove]
    /// Rows whose cell is rebuilt from the data source (index paths before the update).
    public var reloadedRows: [ListIndexPath]

    public init(
        deletedSections: [Int] = [], insertedSections: [Int] = [], movedSections: [SectionMove] = [],
        reloadedSections: [Int] = [], deletedRows: [ListIndexPath] = [], insertedRows: [ListIndexPath] = [],
        movedRows: [RowMove] = [], reloadedRows: [ListIndexPath] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.movedSections = movedSections
        self.reloadedSections = reloadedSections
        self.deletedRows = deletedRows
        self.insertedRows = insertedRows
        self.movedRows = movedRows
        self.reloadedRows = reloadedRows
    }

    /// Number of section and row operations in the batch.
    public var operationCount: Int {
        deletedSections.count + insertedSections.count + movedSections.count + reloadedSections.count
            + deletedRows.count + insertedRows.count + movedRows.count + reloadedRows.count
    }

    /// True when the batch changes nothing.
    public var isEmpty: Bool { operationCount == 0 }

    /// The same batch with every list in ascending order (moves by their
    /// source). UIKit does not depend on the order of the calls, so this is
    /// only for stable output and comparison.
    public func sorted() -> BatchUpdate {
        BatchUpdate(
            deletedSections: deletedSections.sorted(), insertedSections: insertedSections.sorted(),
            movedSections: movedSections.sorted(), reloadedSections: reloadedSections.sorted(),
            deletedRows: deletedRows.sorted(), insertedRows: insertedRows.sorted(), movedRows: movedRows.sorted(),
            reloadedRows: reloadedRows.sorted())
    }

    public var description: String {
        var parts: [String] = []
        if !deletedSections.isEmpty { parts.append("deletedSections: \(deletedSections)") }
        if !insertedSections.isEmpty { parts.append("insertedSections: \(insertedSections)") }
        if !movedSections.isEmpty { parts.append("movedSections: \(movedSections)") }
        if !reloadedSections.isEmpty { parts.append("reloadedSections: \(reloadedSections)") }
        if !deletedRows.isEmpty { parts.append("deletedRows: \(deletedRows)") }
        if !insertedRows.isEmpty { parts.append("insertedRows: \(insertedRows)") }
        if !movedRows.isEmpty { parts.append("movedRows: \(movedRows)") }
        if !reloadedRows.isEmpty { parts.append("reloadedRows: \(reloadedRows)") }
        return "BatchUpdate(" + parts.joined(separator: ", ") + ")"
    }
}
