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
/// `String`, made at its exact size. Keys are bytes in a buffer (no
/// `String` per key, nothing to retain), and a string with escapes is
/// decoded straight into its canonical bytes
/// (``ListObjectReader/appendString(_:into:canonical:)``), never through a
/// `String` that is quoted again.
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
    let idKey: KeyName
    /// The keys that make an object a section, looked for in every element.
    private let rowsKey = KeyName("rows"), contentKey = KeyName("content")
    /// The canonical bytes of the values read so far in this element.
    private var out: [UInt8] = []
    /// A copy of an object's values while they are written back in key order.
    private var reorder: [UInt8] = []
    /// The decoded UTF-8 of the keys of the objects open.
    var keys: [UInt8] = []
    /// The members of the objects open, innermost last.
    var members: [Member] = []

    /// One member of an object being read: plain ranges, nothing to retain.
    struct Member {
        /// Its key's decoded UTF-8 in ``keys``.
        var key: Range<Int>
        /// Whether the key is ASCII (it then compares as its bytes do).
        var isASCII: Bool
        /// Its value's canonical bytes in ``out``.
        var value: Range<Int>
        /// Where its value starts in the file.
        var start: Int
    }

    init(idKey: String) { self.idKey = KeyName(idKey) }

    /// Reads the element at the parser's current byte, when it is an object
    /// of the common case, leaving the parser after it; nil otherwise, with
    /// the parser somewhere inside the element (the caller rewinds it).
    mutating func read(_ parser: inout JSONParser) -> (id: UserID, content: String)? {
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") else { return nil }
        out.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        guard readMembers(&parser, depth: 1),
            let idMember = members.first(where: { keyEquals($0, idKey) })
        else { return nil }
        // A section ({"id", "rows"}) is refused by the tree path, with its message.
        if members.contains(where: { keyEquals($0, rowsKey) }), !members.contains(where: { keyEquals($0, contentKey) }) { return nil }
        let id: UserID
        switch parser.bytes[idMember.start] {
        case UInt8(ascii: "\""):
            // The canonical bytes are the text quoted, and escaped only where it holds `"`, `\` or a control.
            let text = out[(idMember.value.lowerBound + 1)..<(idMember.value.upperBound - 1)]
            if text.contains(UInt8(ascii: "\\")) {
                var idParser = parser
                idParser.index = idMember.start
                guard let decoded = try? idParser.parseString() else { return nil }
                id = UserID(text: decoded, isNumber: false)
            } else {
                id = UserID(text: String(decoding: text, as: UTF8.self), isNumber: false)
            }
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
            let other = keyEquals(members[0], idKey) ? members[1] : members[0]
            if keyEquals(other, contentKey), !keyEquals(other, idKey) {
                return (id, String(decoding: out[other.value], as: UTF8.self))
            }
        default:
            break
        }
        guard writeObject(from: 0, at: 0, skippingID: true) else { return nil }
        return (id, String(decoding: out, as: UTF8.self))
    }

    /// Reads the value at the parser's current byte, appending its canonical
    /// bytes to ``out``; false when it is malformed or nested too deeply.
    private mutating func readValue(_ parser: inout JSONParser, depth: Int) -> Bool {
        guard depth < 512, parser.index < parser.bytes.count else { return false }
        switch parser.bytes[parser.index] {
        case UInt8(ascii: "{"):
            let first = members.count, start = out.count, keysStart = keys.count
            guard readMembers(&parser, depth: depth) else { return false }
            guard writeObject(from: first, at: start, skippingID: false) else { return false }
            keys.removeSubrange(keysStart...)
            return true
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
            return Self.appendString(&parser, into: &out, canonical: true)
        case UInt8(ascii: "t"): return literal("true", &parser)
        case UInt8(ascii: "f"): return literal("false", &parser)
        case UInt8(ascii: "n"): return literal("null", &parser)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let range = try? parser.scanNumber() else { return false }
            Self.appendBytes(parser.bytes, range, into: &out)
            return true
        default:
            return false
        }
    }

    private mutating func literal(_ word: StaticString, _ parser: inout JSONParser) -> Bool {
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard parser.index + bytes.count <= parser.bytes.count else { return false }
        for (offset, byte) in bytes.enumerated() where parser.bytes[parser.index + offset] != byte { return false }
        parser.index += bytes.count
        out.append(contentsOf: bytes)
        return true
    }

    /// Reads the object at the parser's `{`, appending its members to
    /// ``members``, their keys to ``keys`` and their values' canonical
    /// bytes to ``out`` in file order; false when it is malformed.
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
            let keyStart = keys.count
            guard Self.appendString(&parser, into: &keys, canonical: false) else { return false }
            let isASCII = !keys[keyStart...].contains { $0 >= 0x80 }
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else { return false }
            parser.index += 1
            parser.skipWhitespace()
            let start = parser.index, valueStart = out.count
            guard readValue(&parser, depth: depth + 1) else { return false }
            members.append(Member(key: keyStart..<keys.count, isASCII: isASCII, value: valueStart..<out.count, start: start))
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
    /// id's member when `skippingID`; pops those members. False when a key
    /// repeats (the tree parser refuses it, at its place). O(size · log keys).
    private mutating func writeObject(from first: Int, at start: Int, skippingID: Bool) -> Bool {
        guard sortMembers(from: first) else { return false }
        reorder.removeAll(keepingCapacity: true)
        Self.appendBytes(out, start..<out.count, into: &reorder)
        out.removeSubrange(start...)
        out.append(UInt8(ascii: "{"))
        var written = 0
        for member in members[first...] where !(skippingID && keyEquals(member, idKey)) {
            if written > 0 { out.append(UInt8(ascii: ",")) }
            written += 1
            Self.appendQuoted(keys, member.key, into: &out)
            out.append(UInt8(ascii: ":"))
            Self.appendBytes(reorder, (member.value.lowerBound - start)..<(member.value.upperBound - start), into: &out)
        }
        out.append(UInt8(ascii: "}"))
        members.removeSubrange(first...)
        return true
    }
}
