
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
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
