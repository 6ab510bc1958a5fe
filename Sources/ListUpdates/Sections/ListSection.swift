
/// A section of a list view: its own identity and its rows. Two sections with
/// the same `id` are the same section; rows are matched by their own ids,
/// within and across sections.
public struct ListSection<ID: Hashable & Sendable, Row: Identifiable & Equatable & Sendable>: Identifiable, Equatable, Sendable {
    public var id: ID
    public var rows: [Row]

    public init(id: ID, rows: [Row]) {
        self.id = id
        self.rows = rows
    }
}

/// A section on the wire: `diff --format batch` sends a plug-in engine's
/// sections to the worker that diffs them.
extension ListSection: Codable where ID: Codable, Row: Codable {}
