import DiffEngines

/// A record element of the kit: the content is every field.
public struct RecordRow: Identifiable, Hashable, Sendable, CustomStringConvertible {
    public var id: String
    public var title: String
    public var likes: Int
    public var tags: [String]
    public var description: String { "\(id):\(title)" }
}
