/// How the elements of a list are identified.
public enum ListKind: String, Sendable, Codable {
    /// Plain values (strings, numbers, characters): each its own identity.
    case values
    /// Objects with an `id` and a `content`.
    case identified
}
