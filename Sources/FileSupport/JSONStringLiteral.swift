
/// JSON string literals, written. The parser and the canonical writer live
/// with the user's input files (`JSONValue`); this is the one escaping rule
/// they and ``TerminalText/visible(_:)`` share, kept here so terminal text
/// needs no JSON parser below it.
public enum JSONStringLiteral {
    /// A JSON string literal for `text`. Text with nothing to escape (the
    /// common case) is copied whole; escaping goes scalar by scalar.
    /// O(length).
    public static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        let escaped = text.replacingScalars { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: scalar.value < 0x20 ? String.unicodeEscape(scalar) : nil
            }
        }
        return "\"" + escaped + "\""
    }
}
