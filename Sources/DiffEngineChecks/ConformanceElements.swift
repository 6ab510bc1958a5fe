import DiffEngines

/// The element types a case is dressed as. Each is `Identifiable & Equatable`,
/// as a list UI's row model is.
public enum ConformanceElements: String, CaseIterable, Hashable, Sendable {
    /// `Int` ids, an `Int` content.
    case int
    /// `String` ids: ASCII, non-ASCII and canonically equivalent spellings
    /// (the old list writes "é" precomposed, the new list as "e" + U+0301:
    /// one id under Swift's `String ==`).
    case string
    /// A record with a UUID-shaped `String` id and several fields, as a
    /// decoded server response is; every field counts as content.
    case record
}
