/// A line of text as an identity: its UTF-8 bytes. Two lines are one line
/// exactly when their bytes are equal, which is how git and GNU diff
/// compare lines. `String ==` is canonical equivalence, under which "é"
/// (U+00E9) and "e" + U+0301 are one line: an engine would then match two
/// lines that a patch must keep apart, and its steps would disagree with
/// the unified format's. No Unicode normalization is made.
///
/// It opts into ``IdentityBytes`` with byte equality for every value, so
/// the coding pass keeps its byte table for non-ASCII lines too (keyed by
/// their bytes, never by their NFC).
public struct LineBytes: Hashable, Sendable, IdentityBytes, CustomStringConvertible {
    /// The line, with its ending.
    public let text: String

    @inlinable public init(_ text: String) { self.text = text }

    public var description: String { text }

    /// - Complexity: O(1) when the two strings are the same value bit for
    ///   bit (the same small string, or the same storage and count: then
    ///   their bytes are the same, whatever the layout); else O(length),
    ///   one `memcmp` when both are contiguous UTF-8 (every native string).
    ///   Engines compare ids this way while trimming the common ends, so the
    ///   first test is the one `String ==` makes first too.
    @inlinable
    public static func == (lhs: LineBytes, rhs: LineBytes) -> Bool {
        let a = _StringWords.raw(lhs.text), b = _StringWords.raw(rhs.text)
        if a.0 == b.0 && a.1 == b.1 { return true }
        let count = lhs.text.utf8.count
        guard count == rhs.text.utf8.count else { return false }
        let equal = lhs.withIdentityBytes { x in rhs.withIdentityBytes { y in _bytesEqual(x, y) } }
        return (equal ?? nil) ?? lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    /// The bytes, hashed by `Hasher` (the `Dictionary` path: the coding
    /// pass's fallback and the repeat check of unique-id engines); a string
    /// not stored contiguously is copied first, so that equal bytes always
    /// hash alike. O(length).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        if withIdentityBytes({ hasher.combine(bytes: $0) }) == nil {
            Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// - Complexity: O(1), as `String`'s (``IdentityBytes``).
    @inlinable
    public func withIdentityBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
        text.utf8.withContiguousStorageIfAvailable { body(UnsafeRawBufferPointer($0)) }
    }
}

/// Lines of text (`[String]`, each with its ending) identified by their
/// bytes (``LineBytes``), never by canonical equivalence: the identity of
/// `diff --lines`, `run --lines`, `--from-git`, `hunks` and the `string`
/// element kind. Lines have no content apart from their identity.
public struct TextLineElements: ElementIdentity {
    @inlinable public init() {}
    @inlinable public func id(of element: String) -> LineBytes { LineBytes(element) }
    @inlinable public func hasSameContent(_ lhs: String, _ rhs: String) -> Bool { true }
    @inlinable public var contentCanDiffer: Bool { false }
}
