extension ListObjectReader {
    /// A key looked for in every element (the id's, "rows", "content"):
    /// its text, its bytes and whether they are ASCII, found once.
    struct KeyName {
        let text: String
        let bytes: [UInt8]
        let isASCII: Bool

        init(_ text: String) {
            self.text = text
            bytes = Array(text.utf8)
            isASCII = bytes.allSatisfy { $0 < 0x80 }
        }
    }

    /// Whether `member`'s key is `name`, as strings compare (canonical
    /// equivalence). Two ASCII keys compare as their bytes; any other pair
    /// as `String`s, since a non-ASCII key may equal an ASCII one (the
    /// Kelvin sign U+212A is "K"). O(length).
    func keyEquals(_ member: Member, _ name: KeyName) -> Bool {
        if member.isASCII, name.isASCII {
            return member.key.count == name.bytes.count && keys[member.key].elementsEqual(name.bytes)
        }
        return String(decoding: keys[member.key], as: UTF8.self) == name.text
    }

    /// Sorts the members from `first` on by key, as strings compare; false
    /// when two keys are equal. Keys that are all ASCII (the common case)
    /// sort as their bytes do — the order `String` gives them — by
    /// insertion when they are few (no buffer, no closure context); any
    /// non-ASCII key sends the object through `String`s, whose order and
    /// equality are those of canonical equivalence, which bytes are not.
    /// O(k²) for k ≤ 16 keys, else O(k log k).
    mutating func sortMembers(from first: Int) -> Bool {
        let end = members.count
        guard end - first > 1 else { return true }
        let keys = self.keys
        guard members[first...].allSatisfy(\.isASCII) else {
            let names = members[first...].map { String(decoding: keys[$0.key], as: UTF8.self) }
            let order = names.indices.sorted { names[$0] < names[$1] }
            for (earlier, later) in zip(order, order.dropFirst()) where names[earlier] == names[later] { return false }
            members.replaceSubrange(first..<end, with: order.map { members[first + $0] })
            return true
        }
        if end - first <= 16 {
            for index in (first + 1)..<end {
                let member = members[index]
                var place = index
                while place > first, Self.less(member.key, members[place - 1].key, in: keys) {
                    members[place] = members[place - 1]
                    place -= 1
                }
                members[place] = member
            }
        } else {
            members[first..<end].sort { Self.less($0.key, $1.key, in: keys) }
        }
        for index in (first + 1)..<end where keys[members[index].key].elementsEqual(keys[members[index - 1].key]) { return false }
        return true
    }

    /// Whether the bytes at `a` of `keys` come before those at `b`
    /// (lexicographic, a prefix first). O(length).
    static func less(_ a: Range<Int>, _ b: Range<Int>, in keys: [UInt8]) -> Bool {
        let common = min(a.count, b.count)
        var offset = 0
        while offset < common {
            let x = keys[a.lowerBound + offset], y = keys[b.lowerBound + offset]
            if x != y { return x < y }
            offset += 1
        }
        return a.count < b.count
    }

    /// Appends `text` (UTF-8) as a canonical JSON string literal: quoted,
    /// with `"`, `\`, LF, CR and tab as short escapes and every other
    /// control as `\u00xx` — ``JSONStringLiteral/quoted(_:)``'s rule, on
    /// bytes (the escaped characters are all ASCII). O(length).
    static func appendQuoted(_ text: [UInt8], _ range: Range<Int>, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var run = range.lowerBound
        for index in range where text[index] < 0x20 || text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "\\") {
            appendBytes(text, run..<index, into: &out)
            appendEscape(text[index], into: &out)
            run = index + 1
        }
        appendBytes(text, run..<range.upperBound, into: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `source[range]` to `out` as one copy from contiguous memory.
    /// The reader appends a few runs per member; Array's append of an
    /// `ArraySlice` cost about ten times the bytes it copied there
    /// (callgrind, the readers' benchmark list), the buffer's about the copy.
    /// O(range.count).
    @inline(__always)
    static func appendBytes(_ source: [UInt8], _ range: Range<Int>, into out: inout [UInt8]) {
        source.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The canonical escape of an ASCII byte that needs one. O(1).
    private static func appendEscape(_ byte: UInt8, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
        case UInt8(ascii: "\n"): out.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): out.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): out.append(UInt8(ascii: "t"))
        default:
            // Lowercase hex, as String(_:radix:) writes it.
            func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }
            out.append(UInt8(ascii: "u"))
            out.append(UInt8(ascii: "0"))
            out.append(UInt8(ascii: "0"))
            out.append(digit(byte >> 4))
            out.append(digit(byte & 0xF))
        }
    }

    /// Reads the string at the parser's `"`, leaving the parser after it,
    /// and appends its text to `buffer`: as a canonical literal when
    /// `canonical` (quoted, escaped by ``appendQuoted(_:_:into:)``'s rule),
    /// else as its decoded UTF-8. Runs without an escape are copied as
    /// written (they hold no quote, backslash or control, so they are
    /// already canonical); an escape is decoded to its scalar and written
    /// once. False when the string is malformed — a control character,
    /// invalid UTF-8, a bad or unpaired `\u` escape, no end — exactly where
    /// ``JSONParser/parseString()`` throws. O(length).
    static func appendString(_ parser: inout JSONParser, into buffer: inout [UInt8], canonical: Bool) -> Bool {
        let bytes = parser.bytes
        var index = parser.index + 1, run = index
        if canonical { buffer.append(UInt8(ascii: "\"")) }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                appendBytes(bytes, run..<index, into: &buffer)
                if canonical { buffer.append(byte) }
                parser.index = index + 1
                return true
            }
            if byte < 0x20 { return false }
            if byte >= 0x80 {
                guard let length = JSONParser.utf8Length(bytes, at: index) else { return false }
                index += length
                continue
            }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            appendBytes(bytes, run..<index, into: &buffer)
            guard let (scalar, next) = escape(bytes, at: index + 1) else { return false }
            index = next
            run = index
            if canonical, scalar.value < 0x20 || scalar == "\"" || scalar == "\\" {
                appendEscape(UInt8(scalar.value), into: &buffer)
            } else {
                UTF8.encode(scalar) { buffer.append($0) }
            }
        }
        return false
    }

    /// The scalar of the escape whose letter is at `at` (after a `\`), and
    /// the index after it; nil for an unknown letter, bad hex, or a
    /// surrogate not paired as high then low. O(1).
    private static func escape(_ bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""): return ("\"", start + 1)
        case UInt8(ascii: "\\"): return ("\\", start + 1)
        case UInt8(ascii: "/"): return ("/", start + 1)
        case UInt8(ascii: "b"): return ("\u{08}", start + 1)
        case UInt8(ascii: "f"): return ("\u{0C}", start + 1)
        case UInt8(ascii: "n"): return ("\n", start + 1)
        case UInt8(ascii: "r"): return ("\r", start + 1)
        case UInt8(ascii: "t"): return ("\t", start + 1)
        case UInt8(ascii: "u"):
            guard var code = hex4(bytes, at: start + 1) else { return nil }
            var next = start + 5
            if (0xD800..<0xDC00).contains(code) {
                guard next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u"),
                    let low = hex4(bytes, at: next + 2), (0xDC00..<0xE000).contains(low)
                else { return nil }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            }
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return (scalar, next)
        default:
            return nil
        }
    }

    /// The four hex digits at `at`, or nil. O(1).
    private static func hex4(_ bytes: [UInt8], at start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<(start + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
