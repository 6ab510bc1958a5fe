import DiffEngines

/// A string-id element of the kit.
public struct StringRow: Identifiable, Hashable, Sendable, CustomStringConvertible {
    public var id: String
    public var content: String
    public var description: String { "\(id):\(content)" }
}
