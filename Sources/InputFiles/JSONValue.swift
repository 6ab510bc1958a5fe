import FileSupport

/// A small JSON reader that keeps line and column, so that a bad file is
/// refused with "file:line:column: problem" rather than a generic message.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)  // kept as written: ids like 12345678901234567890 stay exact
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(canonicalText) }

    /// The value with object keys sorted and no whitespace: two values are
    /// the same content exactly when their canonical texts are equal.
    public var canonicalText: String {
        var out = ""
        appendCanonical(to: &out)
        return out
    }

    /// Writes ``canonicalText`` into `out`: one growing string, no array of
    /// pieces per level. O(size · log keys).
    func appendCanonical(to out: inout String) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += n
        case let .string(s): out += JSONValue.quoted(s)
        case let .array(items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.appendCanonical(to: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            let sorted = members.count < 2 ? members : members.sorted { $0.key < $1.key }
            for (index, member) in sorted.enumerated() {
                if index > 0 { out += "," }
                out += JSONValue.quoted(member.key)
                out += ":"
                member.value.appendCanonical(to: &out)
            }
            out += "}"
        }
    }

    /// A JSON string literal for `text` (``JSONStringLiteral/quoted(_:)``).
    /// O(length).
    public static func quoted(_ text: String) -> String {
        JSONStringLiteral.quoted(text)
    }

    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
