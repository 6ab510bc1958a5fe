/// Reads an object element of a list file straight from the file's bytes:
/// its id and its content as canonical JSON (the object minus the id, keys
/// sorted, no whitespace — ``ListReading``), with no tree of the element.
///
/// Why: building a ``PositionedJSON`` per element (a node per value, an
/// array of members, a `String` per key and value, then the canonical text
/// grown piece by piece) was most of the time of reading a 1,000,000-object
/// list, about 33 MB/s. Here each value's canonical bytes are written once
/// into a buffer kept from element to element; an object's values are put
/// in key order by one copy; the one allocation per element is the content
/// `String`, made at its exact size.
///
/// It handles the common case only — the id a key of the object itself,
/// content from the whole object — and says nil for anything else: a
/// dotted id path, `--content`, a missing or non-scalar id, a section, and
/// every malformed element. The caller then reads the element again with
/// the tree parser from the same byte, so every message and position is the
/// tree parser's own and behaviour cannot drift. O(bytes of the element ·
/// log keys).
struct ListObjectReader {
    /// The id's key (a direct key of the object).
    let idKey: String
    /// The canonical bytes of the values read so far in this element.
    private var out: [UInt8] = []
    /// A copy of an object's values while they are written back in key order.
    private var reorder: [UInt8] = []
    /// The members of the objects open, innermost last.
    private var members: [Member] = []

    /// One member of an object being read.
    private struct Member {
        var key: String
        /// Whether the key held an escape (it is then quoted again, escaping what needs it).
        var keyEscaped: Bool
        /// Its value's canonical bytes in ``out``.
        var value: Range<Int>
        /// Where its value starts in the file.
        var start: Int
    }

    init(idKey: String) { self.idKey = idKey }

    /// Reads the element at the parser's current byte, when it is an object
    /// of the common case, leaving the parser after it; nil otherwise, with
    /// the parser somewhere inside the element (the caller rewinds it).
    mutating func read(_ parser: inout JSONParser) -> (id: UserID, content: String)? {
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") else { return nil }
        out.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        guard readMembers(&parser, depth: 1),
            let idMember = members.first(where: { $0.key == idKey })
        else { return nil }
        // A section ({"id", "rows"}) is refused by the tree path, with its message.
        if members.contains(where: { $0.key == "rows" }), !members.contains(where: { $0.key == "content" }) { return nil }
        let id: UserID
        switch parser.bytes[idMember.start] {
        case UInt8(ascii: "\""):
            var idParser = parser
            idParser.index = idMember.start
            guard let text = try? idParser.parseString() else { return nil }
            id = UserID(text: text, isNumber: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            id = UserID(text: String(decoding: out[idMember.value], as: UTF8.self), isNumber: true)
        default:
            return nil
        }
        switch members.count {
        case 1:
            return (id, "null")
        case 2:
            // {"id", "content"}: the content is the value itself, as the format always had it.
            let other = members[0].key == idKey ? members[1] : members[0]
            if other.key == "content", other.key != idKey {
                return (id, String(decoding: out[other.value], as: UTF8.self))
            }
        default:
            break
        }
        guard writeObject(from: 0, at: 0, skipping: idKey) else { return nil }
        return (id, String(decoding: out, as: UTF8.self))
    }

    /// Reads the value at the parser's current byte, appending its canonical
    /// bytes to ``out``; false when it is malformed or nested too deeply.
    private mutating func readValue(_ parser: inout JSONParser, depth: Int) -> Bool {
        guard depth < 512, parser.index < parser.bytes.count else { return false }
        switch parser.bytes[parser.index] {
        case UInt8(ascii: "{"):
            let first = members.count, start = out.count
            guard readMembers(&parser, depth: depth) else { return false }
            return writeObject(from: first, at: start, skipping: nil)
        case UInt8(ascii: "["):
            parser.index += 1
            out.append(UInt8(ascii: "["))
            parser.skipWhitespace()
            if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "]") {
                parser.index += 1
            } else {
                while true {
                    parser.skipWhitespace()
                    guard readValue(&parser, depth: depth + 1) else { return false }
                    parser.skipWhitespace()
                    guard parser.index < parser.bytes.count else { return false }
                    let byte = parser.bytes[parser.index]
                    parser.index += 1
                    if byte == UInt8(ascii: ",") { out.append(byte); continue }
                    if byte == UInt8(ascii: "]") { break }
                    return false
                }
            }
            out.append(UInt8(ascii: "]"))
            return true
        case UInt8(ascii: "\""):
            switch Self.plainString(&parser) {
            case let .plain(range)?:
                // Nothing to escape: the canonical text is the string as written, quotes included.
                out.append(contentsOf: parser.bytes[(range.lowerBound - 1)...range.upperBound])
            case .escaped?:
                guard let text = try? parser.parseString() else { return false }
                out.append(contentsOf: JSONValue.quoted(text).utf8)
            case nil:
                return false
            }
            return true
        case UInt8(ascii: "t"): return literal("true", &parser)
        case UInt8(ascii: "f"): return literal("false", &parser)
        case UInt8(ascii: "n"): return literal("null", &parser)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let range = try? parser.scanNumber() else { return false }
            out.append(contentsOf: parser.bytes[range])
            return true
        default:
            return false
        }
    }

    private mutating func literal(_ word: String, _ parser: inout JSONParser) -> Bool {
        guard (try? parser.expectWord(word)) != nil else { return false }
        out.append(contentsOf: word.utf8)
        return true
    }

    /// Reads the object at the parser's `{`, appending its members to
    /// ``members`` and their values' canonical bytes to ``out`` in file
    /// order; false when it is malformed.
    private mutating func readMembers(_ parser: inout JSONParser, depth: Int) -> Bool {
        parser.index += 1
        parser.skipWhitespace()
        if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "}") {
            parser.index += 1
            return true
        }
        while true {
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else { return false }
            let key: String, keyEscaped: Bool
            switch Self.plainString(&parser) {
            case let .plain(range)?:
                key = String(decoding: parser.bytes[range], as: UTF8.self)
                keyEscaped = false
            case .escaped?:
                guard let text = try? parser.parseString() else { return false }
                key = text
                keyEscaped = true
            case nil:
                return false
            }
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else { return false }
            parser.index += 1
            parser.skipWhitespace()
            let start = parser.index, valueStart = out.count
            guard readValue(&parser, depth: depth + 1) else { return false }
            members.append(Member(key: key, keyEscaped: keyEscaped, value: valueStart..<out.count, start: start))
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count else { return false }
            let byte = parser.bytes[parser.index]
            parser.index += 1
            if byte == UInt8(ascii: ",") { continue }
            return byte == UInt8(ascii: "}")
        }
    }

    /// Rewrites the values of the members from `first` on (at `start` of
    /// ``out`` onward) as one canonical object, keys sorted, leaving out the
    /// member `skipping` names; pops those members. False when a key repeats
    /// (the tree parser refuses it, at its place). O(size · log keys).
    private mutating func writeObject(from first: Int, at start: Int, skipping: String?) -> Bool {
        members[first...].sort { $0.key < $1.key }
        var index = first + 1
        while index < members.count {
            if members[index].key == members[index - 1].key { return false }
            index += 1
        }
        reorder.removeAll(keepingCapacity: true)
        reorder.append(contentsOf: out[start...])
        out.removeSubrange(start...)
        out.append(UInt8(ascii: "{"))
        var written = 0
        for member in members[first...] where member.key != skipping {
            if written > 0 { out.append(UInt8(ascii: ",")) }
            written += 1
            if member.keyEscaped {
                out.append(contentsOf: JSONValue.quoted(member.key).utf8)
            } else {
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: member.key.utf8)
                out.append(UInt8(ascii: "\""))
            }
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: reorder[(member.value.lowerBound - start)..<(member.value.upperBound - start)])
        }
        out.append(UInt8(ascii: "}"))
        members.removeSubrange(first...)
        return true
    }

    /// A string read as it is written.
    private enum PlainString {
        /// No escape: its text is these bytes (checked UTF-8); the parser is past it.
        case plain(Range<Int>)
        /// It holds an escape: the parser is still at its opening quote.
        case escaped
    }

    /// Steps over the string at the parser's `"` when it holds no escape;
    /// nil when it is malformed (a control character, invalid UTF-8, no
    /// end). O(length).
    private static func plainString(_ parser: inout JSONParser) -> PlainString? {
        let bytes = parser.bytes
        var index = parser.index + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let range = (parser.index + 1)..<index
                parser.index = index + 1
                return .plain(range)
            }
            if byte == UInt8(ascii: "\\") { return .escaped }
            if byte < 0x20 { return nil }
            if byte >= 0x80 {
                guard let length = JSONParser.utf8Length(bytes, at: index) else { return nil }
                index += length
            } else {
                index += 1
            }
        }
        return nil
    }
}
