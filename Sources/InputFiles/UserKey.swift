/// An identity or content read from a user file: the interned code (for
/// comparison) and the text the user wrote (for messages).
public struct UserKey: Hashable, Sendable, Codable, CustomStringConvertible {
    public var code: Int
    public var label: String
    public static func == (lhs: UserKey, rhs: UserKey) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
    public var description: String { label }
}
