import DiffEngines

/// An int-id element of the kit.
public struct IntRow: Identifiable, Hashable, Sendable, CustomStringConvertible {
    public var id: Int
    public var content: Int
    public var description: String { "\(id):\(content)" }
}
