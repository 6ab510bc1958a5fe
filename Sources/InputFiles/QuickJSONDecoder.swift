import Foundation

/// Decodes a `Decodable` value straight from the bytes of a JSON text that
/// ``JSONParser/accepts(_:)`` has passed, with no tree and no
/// dictionary per object: a keyed container is the list of its members'
/// key and value offsets, searched by comparing bytes. It answers nil on
/// anything it does not handle exactly as `JSONDecoder` (configured as
/// ``ResultsStore``'s) would — a number with a fraction for an integer, a
/// `Float`, `Data`, `URL`, `Decimal`, any error — so a caller falls back to
/// `JSONDecoder` and keeps its messages. Foundation's decoder spent about
/// 45 % of a two-file `compare` on its per-object dictionaries and generic
/// lookups. O(bytes × nesting depth): each level steps over its members once.
package enum QuickJSONDecoder {
    /// The value of type `T` that `bytes` holds, or nil (see above).
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) -> T? {
        bytes.withUnsafeBufferPointer { buffer -> T? in
            let text = QuickJSONText(bytes: buffer, owner: bytes)
            return try? text.decode(T.self, at: text.skipWhitespace(0))
        }
    }
}

/// What the quick decoder does not handle; the caller then uses `JSONDecoder`.
struct QuickJSONUnhandled: Error {}

/// The checked text and the steps over it: values are byte offsets of
/// their first byte.
struct QuickJSONText {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The array whose storage `bytes` points into, for reading strings with escapes.
    let owner: [UInt8]

    func skipWhitespace(_ offset: Int) -> Int {
        var offset = offset
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09 {
            offset += 1
        }
        return offset
    }

    /// The offset just after the value at `offset`. The text is known to be
    /// well-formed, so only strings and bracket depth are followed. Bytes
    /// that are none of `"`, `[`, `]`, `{`, `}` are passed over with one
    /// test (a mask that also lets `Y`, `_`, `y` and DEL through to the
    /// full one): stepping over the values a reader skips or counts was a
    /// tenth of a `history add`'s instructions, most of it in number arrays
    /// (callgrind). O(value size).
    func end(of offset: Int) -> Int {
        let quote = UInt8(ascii: "\"")
        switch bytes[offset] {
        case quote:
            return stringEnd(offset)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var offset = offset + 1
            var depth = 1
            while true {
                let byte = bytes[offset]
                guard byte == quote || byte & 0xD9 == 0x59 else {
                    offset += 1
                    continue
                }
                switch byte {
                case quote:
                    offset = stringEnd(offset)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    offset += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    offset += 1
                    if depth == 0 { return offset }
                default:
                    offset += 1
                }
            }
        default:
            // A number or a literal: up to the next delimiter.
            var offset = offset
            while offset < bytes.count, !Self.isDelimiter(bytes[offset]) { offset += 1 }
            return offset
        }
    }

    /// The offset just after the string whose opening quote is at `offset`. O(string size).
    func stringEnd(_ offset: Int) -> Int {
        var offset = offset + 1
        while bytes[offset] != UInt8(ascii: "\"") { offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1 }
        return offset + 1
    }

    /// Whether `byte` ends a number or a literal.
    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): return true
        default: return false
        }
    }

    /// One member of an object: its key's bytes and its value's offset.
    struct Member {
        var key: Range<Int>
        var value: Int
    }

    /// The members of the object at `offset`, in order. O(object size).
    func members(at offset: Int) throws(QuickJSONUnhandled) -> [Member] {
        guard bytes[offset] == UInt8(ascii: "{") else { throw QuickJSONUnhandled() }
        var members: [Member] = []
        var at = skipWhitespace(offset + 1)
        if bytes[at] == UInt8(ascii: "}") { return members }
        while true {
            let keyEnd = end(of: at)
            let value = skipWhitespace(skipWhitespace(keyEnd) + 1)
            members.append(Member(key: at + 1..<keyEnd - 1, value: value))
            at = skipWhitespace(end(of: value))
            if bytes[at] == UInt8(ascii: "}") { return members }
            at = skipWhitespace(at + 1)
        }
    }

    func isNull(_ offset: Int) -> Bool { bytes[offset] == UInt8(ascii: "n") }

    func bool(_ offset: Int) throws(QuickJSONUnhandled) -> Bool {
        switch bytes[offset] {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: throw QuickJSONUnhandled()
        }
    }

    func string(_ offset: Int) throws(QuickJSONUnhandled) -> String {
        guard bytes[offset] == UInt8(ascii: "\"") else { throw QuickJSONUnhandled() }
        var close = offset + 1
        while bytes[close] != UInt8(ascii: "\"") {
            if bytes[close] == UInt8(ascii: "\\") {
                var parser = JSONParser(owner)
                parser.index = offset
                guard let text = try? parser.parseString() else { throw QuickJSONUnhandled() }
                return text
            }
            close += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset + 1..<close]), as: UTF8.self)
    }

    /// An integer written with digits only (no fraction, no exponent), in range.
    func integer<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) throws(QuickJSONUnhandled) -> T {
        var at = offset
        let negative = bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        var value: T = 0
        var digits = 0
        while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") {
            let digit = T(bytes[at] - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowAdd else { throw QuickJSONUnhandled() }
            value = next
            at += 1
            digits += 1
        }
        guard digits > 0, at < bytes.count, Self.isDelimiter(bytes[at]) else { throw QuickJSONUnhandled() }
        return value
    }

    /// A double written as a JSON number (read by ``DecimalReader`` or
    /// `strtod`, correctly rounded as Foundation's reader is), or as "inf",
    /// "-inf" or "nan".
    func double(_ offset: Int) throws(QuickJSONUnhandled) -> Double { try doubleAndEnd(offset).value }

    /// ``double(_:)`` and the offset just after it, in one pass over its
    /// bytes: `strtod` stops at the delimiter that follows every number in
    /// an object or array, which must be there. A number that is the whole
    /// text is measured first, so that `strtod` cannot read past its end.
    /// O(number length).
    func doubleAndEnd(_ offset: Int) throws(QuickJSONUnhandled) -> (value: Double, end: Int) {
        if bytes[offset] == UInt8(ascii: "\"") {
            let end = stringEnd(offset)
            switch try string(offset) {
            case "inf": return (.infinity, end)
            case "-inf": return (-.infinity, end)
            case "nan": return (.nan, end)
            default: throw QuickJSONUnhandled()
            }
        }
        guard bytes[offset] == UInt8(ascii: "-") || (bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")) else {
            throw QuickJSONUnhandled()
        }
        // Inside an object or array a delimiter follows (the text is checked); else look for one first.
        if offset == 0 || !Self.isDelimiter(bytes[bytes.count - 1]) {
            guard end(of: offset) < bytes.count else { throw QuickJSONUnhandled() }
        }
        // Most numbers are read without strtod; the reader answers only when a delimiter follows.
        if let (value, length) = DecimalReader.read(bytes.baseAddress! + offset) { return (value, offset + length) }
        let start = UnsafeRawPointer(bytes.baseAddress! + offset).assumingMemoryBound(to: CChar.self)
        var stop: UnsafeMutablePointer<CChar>?
        let value = strtod(start, &stop)
        guard let stop else { throw QuickJSONUnhandled() }
        let end = offset + (stop - UnsafeMutablePointer(mutating: start))
        guard end < bytes.count, Self.isDelimiter(bytes[end]), value.isFinite else { throw QuickJSONUnhandled() }
        return (value, end)
    }

    /// A value of any decodable type at `offset`; the primitive types are
    /// read directly, the ones `JSONDecoder` treats specially are refused.
    func decode<T: Decodable>(_ type: T.Type, at offset: Int) throws(QuickJSONUnhandled) -> T {
        switch type {
        case is String.Type: return try string(offset) as! T
        case is Int.Type: return try integer(offset, as: Int.self) as! T
        case is Double.Type: return try double(offset) as! T
        case is Bool.Type: return try bool(offset) as! T
        case is Float.Type, is Data.Type, is URL.Type, is Decimal.Type, is Date.Type: throw QuickJSONUnhandled()
        default:
            do {
                return try T(from: QuickDecoder(text: self, offset: offset))
            } catch {
                throw QuickJSONUnhandled()
            }
        }
    }
}

/// A `Decoder` standing at one value of a ``QuickJSONText``. It keeps no
/// coding path: any error sends the caller back to `JSONDecoder`.
struct QuickDecoder: Decoder {
    let text: QuickJSONText
    let offset: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(QuickKeyedContainer<Key>(text: text, members: try text.members(at: offset)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard text.bytes[offset] == UInt8(ascii: "[") else { throw QuickJSONUnhandled() }
        return QuickUnkeyedContainer(text: text, offset: offset)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { QuickSingleValue(text: text, offset: offset) }
}

struct QuickKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let text: QuickJSONText
    let members: [QuickJSONText.Member]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] {
        members.compactMap { Key(stringValue: String(decoding: UnsafeBufferPointer(rebasing: text.bytes[$0.key]), as: UTF8.self)) }
    }

    /// The value offset of `key`. O(members × key length).
    func value(_ key: Key) -> Int? {
        var name = key.stringValue
        return name.withUTF8 { wanted in
            members.first { member in
                member.key.count == wanted.count && (wanted.isEmpty || memcmp(text.bytes.baseAddress! + member.key.lowerBound, wanted.baseAddress!, wanted.count) == 0)
            }?.value
        }
    }

    func present(_ key: Key) throws -> Int {
        guard let offset = value(key) else { throw QuickJSONUnhandled() }
        return offset
    }

    func contains(_ key: Key) -> Bool { value(key) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { text.isNull(try present(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try text.bool(try present(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try text.string(try present(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try text.double(try present(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw QuickJSONUnhandled() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try text.integer(try present(key), as: Int.self) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try text.integer(try present(key), as: Int8.self) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try text.integer(try present(key), as: Int16.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try text.integer(try present(key), as: Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try text.integer(try present(key), as: Int64.self) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try text.integer(try present(key), as: UInt.self) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try text.integer(try present(key), as: UInt8.self) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try text.integer(try present(key), as: UInt16.self) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try text.integer(try present(key), as: UInt32.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try text.integer(try present(key), as: UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try text.decode(T.self, at: try present(key)) }

    // An optional field in one lookup (the protocol's default looks the key up three times:
    // contains, decodeNil, decode), for the types rows are made of.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(key) { offset throws(QuickJSONUnhandled) in try text.bool(offset) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(key) { offset throws(QuickJSONUnhandled) in try text.string(offset) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(key) { offset throws(QuickJSONUnhandled) in try text.double(offset) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try optional(key) { offset throws(QuickJSONUnhandled) in try text.integer(offset, as: Int.self) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try optional(key) { offset throws(QuickJSONUnhandled) in try text.decode(T.self, at: offset) }
    }

    /// The value of `key` read by `read`, or nil when the key is absent or null.
    func optional<T>(_ key: Key, _ read: (Int) throws(QuickJSONUnhandled) -> T) throws(QuickJSONUnhandled) -> T? {
        guard let offset = value(key), !text.isNull(offset) else { return nil }
        return try read(offset)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try QuickDecoder(text: text, offset: try present(key)).container(keyedBy: NestedKey.self)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try QuickDecoder(text: text, offset: try present(key)).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { throw QuickJSONUnhandled() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw QuickJSONUnhandled() }
}

struct QuickUnkeyedContainer: UnkeyedDecodingContainer {
    let text: QuickJSONText
    /// The offset of the next element, or of the closing bracket.
    var next: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int? { nil }
    var currentIndex = 0
    var isAtEnd: Bool { text.bytes[next] == UInt8(ascii: "]") }

    init(text: QuickJSONText, offset: Int) {
        self.text = text
        next = text.skipWhitespace(offset + 1)
    }

    /// The current element's offset, stepping past it.
    mutating func take() throws -> Int {
        guard !isAtEnd else { throw QuickJSONUnhandled() }
        let element = next
        let after = text.skipWhitespace(text.end(of: element))
        next = text.bytes[after] == UInt8(ascii: ",") ? text.skipWhitespace(after + 1) : after
        currentIndex += 1
        return element
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, text.isNull(next) else { return false }
        _ = try take()
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try text.bool(try take()) }
    mutating func decode(_ type: String.Type) throws -> String { try text.string(try take()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try takeDouble() }
    mutating func decode(_ type: Float.Type) throws -> Float { throw QuickJSONUnhandled() }
    mutating func decode(_ type: Int.Type) throws -> Int { try text.integer(try take(), as: Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try text.integer(try take(), as: Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try text.integer(try take(), as: Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try text.integer(try take(), as: Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try text.integer(try take(), as: Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try text.integer(try take(), as: UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try text.integer(try take(), as: UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try text.integer(try take(), as: UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try text.integer(try take(), as: UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try text.integer(try take(), as: UInt64.self) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // An array's elements come here (Array's init is generic): a number is read and stepped over at once.
        if T.self == Double.self { return try takeDouble() as! T }
        return try text.decode(T.self, at: try take())
    }

    /// The current element as a double, stepping past it; one pass over its bytes.
    mutating func takeDouble() throws -> Double {
        guard !isAtEnd else { throw QuickJSONUnhandled() }
        let (value, end) = try text.doubleAndEnd(next)
        let after = text.skipWhitespace(end)
        next = text.bytes[after] == UInt8(ascii: ",") ? text.skipWhitespace(after + 1) : after
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try QuickDecoder(text: text, offset: try take()).container(keyedBy: NestedKey.self)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try QuickDecoder(text: text, offset: try take()).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder { throw QuickJSONUnhandled() }
}

struct QuickSingleValue: SingleValueDecodingContainer {
    let text: QuickJSONText
    let offset: Int
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { text.isNull(offset) }
    func decode(_ type: Bool.Type) throws -> Bool { try text.bool(offset) }
    func decode(_ type: String.Type) throws -> String { try text.string(offset) }
    func decode(_ type: Double.Type) throws -> Double { try text.double(offset) }
    func decode(_ type: Float.Type) throws -> Float { throw QuickJSONUnhandled() }
    func decode(_ type: Int.Type) throws -> Int { try text.integer(offset, as: Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try text.integer(offset, as: Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try text.integer(offset, as: Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try text.integer(offset, as: Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try text.integer(offset, as: Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try text.integer(offset, as: UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try text.integer(offset, as: UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try text.integer(offset, as: UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try text.integer(offset, as: UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try text.integer(offset, as: UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try text.decode(T.self, at: offset) }
}
