/// A pass over a JSON text that builds nothing: it answers whether
/// ``JSONParser/parse(_:)`` would accept the text (syntax, UTF-8 inside
/// strings, escapes, nesting, no key twice in one object), so that a reader
/// of a large file can decode it straight away and build the positioned tree
/// only when something must be reported with its line and column.
extension JSONParser {
    /// True when `parse(bytes)` would succeed. It says false on anything it
    /// does not decide cheaply (an object key written with an escape), so
    /// false means "parse to find out", never "bad". O(bytes), no
    /// allocation except one array of key ranges per open object: a 62 MB
    /// results file is checked in about a tenth of the time the tree takes.
    public static func accepts(_ bytes: [UInt8]) -> Bool {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        guard parser.index < bytes.count, parser.skipValue(depth: 0) else { return false }
        parser.skipWhitespace()
        return parser.index == bytes.count
    }

    /// Steps over one value, checking it as ``parseValue(depth:)`` does;
    /// false where that would throw (or where this pass cannot decide).
    mutating func skipValue(depth: Int) -> Bool {
        guard depth < 512, index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            var keys: [Range<Int>] = []
            return skipContainer(closer: UInt8(ascii: "}"), depth: depth) { $0.skipKey(unlike: &keys) }
        case UInt8(ascii: "["):
            return skipContainer(closer: UInt8(ascii: "]"), depth: depth) { _ in true }
        case UInt8(ascii: "\""):
            return skipString() != nil
        case UInt8(ascii: "t"):
            return (try? expectWord("true")) != nil
        case UInt8(ascii: "f"):
            return (try? expectWord("false")) != nil
        case UInt8(ascii: "n"):
            return (try? expectWord("null")) != nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return (try? scanNumber()) != nil
        default:
            return false
        }
    }

    /// Steps over an object or an array from its opening bracket to
    /// `closer`: one loop for both, as they differ only in what stands before
    /// each value (`beforeValue` steps over an object's key and colon). False
    /// where ``parseValue(depth:)`` would throw. O(bytes of the container).
    private mutating func skipContainer(
        closer: UInt8, depth: Int, beforeValue: (inout JSONParser) -> Bool
    ) -> Bool {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == closer {
            index += 1
            return true
        }
        while true {
            skipWhitespace()
            guard beforeValue(&self) else { return false }
            skipWhitespace()
            guard skipValue(depth: depth + 1) else { return false }
            skipWhitespace()
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == closer { index += 1; return true }
            return false
        }
    }

    /// Steps over an object's key and its colon and records the key; false
    /// for a key already in `keys` and for one written with an escape (not
    /// decided here). O(key + the earlier keys of its length).
    private mutating func skipKey(unlike keys: inout [Range<Int>]) -> Bool {
        // Keys of another length are told apart without reading them (most are).
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = skipString(), !key.escaped,
            !keys.contains(where: { $0.count == key.range.count && bytes[$0] == bytes[key.range] })
        else { return false }
        keys.append(key.range)
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
        index += 1
        return true
    }

    /// Steps over the string opening at the current byte, checking it as
    /// ``parseString()`` does: the bytes between the quotes, and whether an
    /// escape occurs in them; nil where that would throw. O(length).
    mutating func skipString() -> (range: Range<Int>, escaped: Bool)? {
        index += 1  // opening quote
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return (start..<index - 1, escaped)
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 {
                guard let length = JSONParser.utf8Length(bytes, at: index) else { return nil }
                index += length
                continue
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    continue
                case UInt8(ascii: "u"):
                    guard let code = try? parseHex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            return nil
                        }
                        index += 2
                        guard let low = try? parseHex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                    } else if Unicode.Scalar(code) == nil {
                        return nil
                    }
                    continue
                default:
                    return nil
                }
            }
            index += 1
        }
        return nil
    }
}
