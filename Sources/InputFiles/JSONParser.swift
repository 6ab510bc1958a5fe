import FileSupport

public struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0

    public init(_ text: [UInt8]) { bytes = text }

    /// Parses a whole document; trailing non-whitespace is an error.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> PositionedJSON {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        if parser.index == bytes.count { throw parser.error("the file is empty, expected a JSON value") }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    var position: TextPosition { TextPosition(line: line, column: index - lineStart + 1) }

    func error(_ problem: String) -> JSONSyntaxError { JSONSyntaxError(position: position, problem: problem) }

    /// The length of the well-formed UTF-8 sequence starting at `at`, or nil
    /// (overlong forms, surrogates, code points above U+10FFFF, a stray or
    /// missing continuation byte, a sequence cut by the end). Unicode's table
    /// of well-formed byte sequences, checked byte by byte. O(1).
    static func utf8Length(_ bytes: [UInt8], at start: Int) -> Int? {
        let lead = bytes[start]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return nil
        }
        guard start + length <= bytes.count, second.contains(bytes[start + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[start + offset]) { return nil }
        return length
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    private func describeHere() -> String {
        guard index < bytes.count else { return "the end of the file (truncated?)" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7f { return "'\(Character(UnicodeScalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> PositionedJSON {
        guard depth < 512 else { throw error("nesting deeper than 512 levels") }
        let start = position
        guard index < bytes.count else { throw error("expected a value, found the end of the file (truncated?)") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, value: JSONValue)] = []
            var children: [PositionedJSON] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return PositionedJSON(value: .object([]), position: start, children: [])
            }
            var keys = Set<String>()
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a quoted key, found \(describeHere())")
                }
                let key = try parseString()
                // A repeated key has no one meaning (readers keep the first or the last): refused
                // at its value. Small objects (list elements) are scanned, so they allocate no set.
                let repeated: Bool
                if members.count < 16 {
                    repeated = members.contains { $0.key == key }
                } else {
                    if keys.isEmpty { keys = Set(members.map(\.key)) }
                    repeated = !keys.insert(key).inserted
                }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("expected ':' after the key \"\(key)\", found \(describeHere())")
                }
                index += 1
                skipWhitespace()
                let child = try parseValue(depth: depth + 1)
                guard !repeated else {
                    throw JSONSyntaxError(position: child.position, problem: "the key \"\(key)\" appears twice in this object")
                }
                members.append((key, child.value))
                children.append(child)
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated object: expected ',' or '}' (truncated?)") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; break }
                throw error("expected ',' or '}' in an object, found \(describeHere())")
            }
            return PositionedJSON(value: .object(members), position: start, children: children)
        case UInt8(ascii: "["):
            index += 1
            var children: [PositionedJSON] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return PositionedJSON(value: .array([]), position: start, children: [])
            }
            while true {
                skipWhitespace()
                children.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated array: expected ',' or ']' (truncated?)") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; break }
                throw error("expected ',' or ']' in an array, found \(describeHere())")
            }
            return PositionedJSON(value: .array(children.map(\.value)), position: start, children: children)
        case UInt8(ascii: "\""):
            return PositionedJSON(value: .string(try parseString()), position: start, children: [])
        case UInt8(ascii: "t"):
            try expectWord("true")
            return PositionedJSON(value: .bool(true), position: start, children: [])
        case UInt8(ascii: "f"):
            try expectWord("false")
            return PositionedJSON(value: .bool(false), position: start, children: [])
        case UInt8(ascii: "n"):
            try expectWord("null")
            return PositionedJSON(value: .null, position: start, children: [])
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return PositionedJSON(value: .number(try parseNumber()), position: start, children: [])
        default:
            throw error("expected a JSON value, found \(describeHere())")
        }
    }

    mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw error("invalid literal, expected '\(word)'") }
            index += 1
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        String(decoding: bytes[try scanNumber()], as: UTF8.self)
    }

    /// Steps over the number at the current byte; its bytes, as written.
    /// JSON's grammar exactly: a `0` is never followed by another digit
    /// (`012`, `-01`, `00.5` are refused at the second digit: a reader that
    /// took `012` for octal, or kept it as an id unlike `12`, would disagree
    /// with this one), and a fraction or an exponent has at least one digit.
    /// O(length).
    mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, parser.bytes[parser.index] >= UInt8(ascii: "0"),
                parser.bytes[parser.index] <= UInt8(ascii: "9")
            { parser.index += 1 }
            return parser.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integer = index
        guard digits(&self) > 0 else { throw error("invalid number: expected a digit") }
        if bytes[integer] == UInt8(ascii: "0"), index - integer > 1 {
            index = integer + 1
            throw error("invalid number: a leading zero (JSON writes 12 or 0.12, never 012)")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("invalid number: expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("invalid number: expected a digit in the exponent") }
        }
        return start..<index
    }

    /// A string's text. One without escapes (most) is decoded from its
    /// bytes in one step; scalars are gathered only after an escape, which
    /// made a 1,000,000-object list read about twice as slowly. O(length).
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        var escaped = false
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ parser: JSONParser, _ scalars: inout String.UnicodeScalarView, _ from: Int) {
            if from < parser.index {
                scalars.append(contentsOf: String(decoding: parser.bytes[from..<parser.index], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string (truncated?)") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if !escaped {
                    // Checked as UTF-8 on the way: decoding replaces nothing.
                    let text = String(decoding: bytes[runStart..<index], as: UTF8.self)
                    index += 1
                    return text
                }
                flush(self, &scalars, runStart)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw error(byte == 0x0a ? "unterminated string: line break inside a string" : "control character inside a string")
            }
            if byte >= 0x80 {
                // Invalid UTF-8 would decode to U+FFFD, and two distinct strings would become equal.
                guard let length = JSONParser.utf8Length(bytes, at: index) else {
                    throw error("invalid UTF-8 (byte 0x\(String(byte, radix: 16))) inside a string")
                }
                index += length
                continue
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                flush(self, &scalars, runStart)
                index += 1
                guard index < bytes.count else { throw error("unterminated escape (truncated?)") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in a \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in a \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(scalar)
                default:
                    index -= 1
                    throw error("invalid escape '\\\(Character(UnicodeScalar(escape)))'")
                }
                runStart = index
                continue
            }
            index += 1
        }
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}

extension JSONParser {
    /// Parses a document like ``parse(_:)``, except that when the top level
    /// is an object, the elements of an array under a key for which
    /// `shouldStream(key, membersSoFar)` says yes are handed to `element`
    /// one at a time, as they are read, and not kept: that array's node in
    /// the returned tree is empty (with its position). A reader that turns
    /// each element into a few bytes at once (a dataset's `old` and `new`
    /// lists) then holds the file and its result, never the tree of a
    /// million elements (about ten times the file). O(bytes).
    ///
    /// Throws a ``JSONSyntaxError``, or what `element` throws.
    static func parse(
        _ bytes: [UInt8], streaming shouldStream: (_ key: String, _ membersSoFar: [(key: String, value: JSONValue)]) -> Bool,
        element: (_ key: String, _ index: Int, _ node: PositionedJSON) throws -> Void
    ) throws -> PositionedJSON {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "{") else { return try parse(bytes) }
        let start = parser.position
        parser.index += 1
        var members: [(key: String, value: JSONValue)] = []
        var children: [PositionedJSON] = []
        parser.skipWhitespace()
        if parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "}") {
            parser.index += 1
        } else {
            while true {
                parser.skipWhitespace()
                guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "\"") else {
                    throw parser.error("expected a quoted key, found \(parser.describeHere())")
                }
                let key = try parser.parseString()
                let repeated = members.contains(where: { $0.key == key })
                parser.skipWhitespace()
                guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: ":") else {
                    throw parser.error("expected ':' after the key \"\(key)\", found \(parser.describeHere())")
                }
                parser.index += 1
                parser.skipWhitespace()
                let child: PositionedJSON
                if parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "["), shouldStream(key, members) {
                    child = try parser.streamArray { parser, index in try element(key, index, try parser.parseValue(depth: 2)) }
                } else {
                    child = try parser.parseValue(depth: 1)
                }
                guard !repeated else {
                    throw JSONSyntaxError(position: child.position, problem: "the key \"\(key)\" appears twice in this object")
                }
                members.append((key, child.value))
                children.append(child)
                parser.skipWhitespace()
                guard parser.index < bytes.count else { throw parser.error("unterminated object: expected ',' or '}' (truncated?)") }
                if bytes[parser.index] == UInt8(ascii: ",") { parser.index += 1; continue }
                if bytes[parser.index] == UInt8(ascii: "}") { parser.index += 1; break }
                throw parser.error("expected ',' or '}' in an object, found \(parser.describeHere())")
            }
        }
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return PositionedJSON(value: .object(members), position: start, children: children)
    }
}

extension JSONParser {
    /// Parses a document like ``parse(_:)``, except that when the top level
    /// is an array its elements are handed to `element` one at a time and
    /// not kept (the returned node is an empty array at its position), so a
    /// list file of millions of elements never becomes a tree. O(bytes).
    ///
    /// Throws a ``JSONSyntaxError``, or what `element` throws.
    static func parse(_ bytes: [UInt8], streamingArray element: (_ index: Int, _ node: PositionedJSON) throws -> Void) throws -> PositionedJSON {
        try parse(bytes, readingArray: { parser, index in try element(index, try parser.parseValue(depth: 1)) })
    }

    /// Like ``parse(_:streamingArray:)``, but `read` reads each element of
    /// a top-level array itself, from the parser standing at its first
    /// byte (depth 1), and must leave the parser after it — so a reader
    /// can take an element straight from the bytes, with no node at all.
    /// O(bytes).
    static func parse(_ bytes: [UInt8], readingArray read: (_ parser: inout JSONParser, _ index: Int) throws -> Void) throws -> PositionedJSON {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "[") else { return try parse(bytes) }
        let node = try parser.streamArray(read)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return node
    }

    /// Reads the array that opens at the current byte (a `[`), letting
    /// `read` read each element (with its index) and keeping none; returns
    /// the array's node, empty, at its position. The one streaming loop of
    /// every streaming parse. O(bytes of the array).
    private mutating func streamArray(
        _ read: (_ parser: inout JSONParser, _ index: Int) throws -> Void
    ) throws -> PositionedJSON {
        let start = position
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            var count = 0
            while true {
                skipWhitespace()
                try read(&self, count)
                count += 1
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated array: expected ',' or ']' (truncated?)") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; break }
                throw error("expected ',' or ']' in an array, found \(describeHere())")
            }
        }
        return PositionedJSON(value: .array([]), position: start, children: [])
    }
}
