/// A row of a list view read from a file: its id and its content.
public struct ListRow: Identifiable, Equatable, Sendable, Codable, CustomStringConvertible {
    public var id: UserKey
    /// The content's canonical JSON; empty for plain values (which have none).
    public var content: UserKey
    public var description: String { content.label.isEmpty ? id.label : "\(id.label): \(content.label)" }
}
