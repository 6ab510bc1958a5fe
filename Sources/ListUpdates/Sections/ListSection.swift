
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
