/// An id as a user's file wrote it: its text, and whether it was a JSON
/// number, so that `1` and `"1"` stay different ids without copying the
/// text behind a prefix. Numbers are compared as written (`1` and `1.0`
/// differ). Hashing is the text's and the flag's.
public struct UserID: Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var isNumber: Bool

    @inlinable public init(text: String, isNumber: Bool) {
        self.text = text
        self.isNumber = isNumber
    }

    public var description: String { text }
}
