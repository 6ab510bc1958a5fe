import DiffBenchTestSupport
import Foundation
import Testing
import FileSupport
import InputFiles

/// The list and text readers against oracles that share no code with them
/// (issue 35, readers at speed: a faster reader must read the same values).
///
/// - JSON: random list files are written from a model (random whitespace,
///   every escape form, `\u` surrogate pairs, non-ASCII keys and strings,
///   nesting, numbers in every written form). Each element's id and content
///   are checked against the model's own canonical text, written here by
///   the format's rule (keys sorted as strings compare, no whitespace,
///   numbers as written), and against Foundation's `JSONSerialization` of
///   the same file. The files go through `UserListReader.read(path:)`,
///   the path of `diff` and `run --old/--new` (windowed, with its fallback).
/// - Malformed JSON: a cut file is refused at the cut's own line and column
///   (counted here in bytes); a file with a byte changed is refused or read
///   exactly as the tree parser and the whole-file reader have it, and is
///   never read when `JSONSerialization` refuses it.
/// - Text: random texts (LF, CRLF, lone CR, no final line break, empty
///   lines, a BOM, non-ASCII, bad bytes) against a split written here over
///   Unicode scalars, and a bad byte's line and column found by the
///   standard library's UTF-8 parser.
@Suite("Readers against independent oracles")
struct ReaderPropertyTests {
    // MARK: - A model of JSON documents

    indirect enum Model {
        case null, bool(Bool), number(String), string(String), array([Model]), object([(key: String, value: Model)])
    }

    /// Scalars strings are made of: ASCII, what must be escaped, non-ASCII
    /// of 2, 3 and 4 bytes, a combining accent (so "é" and "e\u{301}" meet).
    static let scalarPool: [Unicode.Scalar] = [
        "a", "b", "Z", "0", " ", "/", "\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{1F}", "\u{7F}", "é", "e", "\u{301}",
        "ÿ", "’", "中", "\u{2028}", "\u{FFFF}", "😀", "𝄞",
    ]

    static let numberTexts = ["0", "-0", "7", "-12", "3.25", "-0.5", "1e3", "2E-7", "-1.5e+30", "12345678901234567890", "0.000"]

    static func randomString(_ random: inout TestRandom, maxLength: Int = 8) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<random.int(in: 0...maxLength) { scalars.append(scalarPool[random.below(scalarPool.count)]) }
        return String(scalars)
    }

    static func randomValue(_ random: inout TestRandom, depth: Int) -> Model {
        switch random.below(depth > 3 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(random.chance(0.5))
        case 2: return .number(numberTexts[random.below(numberTexts.count)])
        case 3: return .string(randomString(&random))
        case 4: return .array((0..<random.int(in: 0...4)).map { _ in randomValue(&random, depth: depth + 1) })
        default: return .object(randomMembers(&random, depth: depth + 1, count: random.int(in: 0...5)))
        }
    }

    /// Members with distinct keys, as strings compare (so also not two
    /// canonically equivalent spellings), never "id" (the caller adds it).
    static func randomMembers(_ random: inout TestRandom, depth: Int, count: Int) -> [(key: String, value: Model)] {
        var keys = Set<String>(["id", "rows"])
        var members: [(key: String, value: Model)] = []
        for _ in 0..<count {
            let key = random.chance(0.5) ? ["title", "a", "z", "content", "é", "e\u{301}x", "k2"][random.below(7)] : randomString(&random, maxLength: 4)
            guard keys.insert(key).inserted else { continue }
            members.append((key, randomValue(&random, depth: depth)))
        }
        return members
    }

    /// A list element: an object with an id (string or number) among random members, at a random place.
    static func randomElement(_ random: inout TestRandom) -> (id: Model, object: Model) {
        let id: Model = random.chance(0.5) ? .string(randomString(&random)) : .number(numberTexts[random.below(numberTexts.count)])
        var members = randomMembers(&random, depth: 1, count: random.int(in: 0...4))
        members.insert(("id", id), at: random.int(in: 0...members.count))
        return (id, .object(members))
    }

    /// Whitespace between tokens: none mostly, else any of JSON's four.
    static func space(_ random: inout TestRandom) -> String {
        random.chance(0.6) ? "" : [" ", "\n", "\t", "\r\n", "  \n  "][random.below(5)]
    }

    /// `text` as a JSON string literal, each scalar raw or escaped at random
    /// (short escapes, `\u` with either case of hex, surrogate pairs).
    static func written(_ text: String, _ random: inout TestRandom) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            if !mustEscape && random.chance(0.7) {
                out.unicodeScalars.append(scalar)
                continue
            }
            let short: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "/": "\\/", "\u{8}": "\\b", "\u{C}": "\\f"]
            if let escape = short[scalar], random.chance(0.5) {
                out += escape
                continue
            }
            func hex(_ unit: UInt32) -> String {
                let digits = String(unit, radix: 16, uppercase: random.chance(0.5))
                return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            }
            if scalar.value > 0xFFFF {
                let value = scalar.value - 0x10000
                out += hex(0xD800 + (value >> 10)) + hex(0xDC00 + (value & 0x3FF))
            } else {
                out += hex(scalar.value)
            }
        }
        return out + "\""
    }

    static func written(_ value: Model, _ random: inout TestRandom) -> String {
        switch value {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(text): return text
        case let .string(text): return written(text, &random)
        case let .array(items):
            return "[" + space(&random) + items.map { written($0, &random) + space(&random) }.joined(separator: "," + space(&random)) + "]"
        case let .object(members):
            return "{" + space(&random)
                + members.map { written($0.key, &random) + space(&random) + ":" + space(&random) + written($0.value, &random) + space(&random) }
                    .joined(separator: "," + space(&random)) + "}"
        }
    }

    /// The canonical text by the format's rule, written independently of the reader.
    static func canonical(_ value: Model) -> String {
        switch value {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(text): return text
        case let .string(text): return canonical(text)
        case let .array(items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case let .object(members):
            return "{" + members.sorted { $0.key < $1.key }.map { canonical($0.key) + ":" + canonical($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func canonical(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An element's content under the standard reading: the object minus
    /// the id; `null` when nothing is left; a lone `content`'s own value.
    static func expectedContent(_ object: Model) -> String {
        guard case let .object(members) = object else { return "?" }
        let rest = members.filter { $0.key != "id" }
        if rest.isEmpty { return "null" }
        if rest.count == 1, rest[0].key == "content" { return canonical(rest[0].value) }
        return canonical(.object(rest))
    }

    /// A random list file of `count` elements, its text and its elements.
    static func randomList(_ random: inout TestRandom, count: Int) -> (text: String, elements: [(id: Model, object: Model)]) {
        let elements = (0..<count).map { _ in randomElement(&random) }
        var random2 = random
        let text = (random.chance(0.2) ? "\u{FEFF}" : "") + space(&random) + "[" + space(&random)
            + elements.map { written($0.object, &random2) + space(&random2) }.joined(separator: "," + space(&random)) + "]" + space(&random)
        random = random2
        return (text, elements)
    }

    static func write(_ text: String, in folder: ScratchDirectory, name: String = "list.json") throws -> String {
        let path = folder.path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Foundation's parse of `text` (a BOM dropped, as every reader of ours drops it), or nil when it refuses it.
    static func foundation(_ text: [UInt8]) -> Any? {
        var bytes = text
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    }

    /// Checks the reader's items against the model and against Foundation's parse of the same file.
    static func check(_ items: [UserItem], _ elements: [(id: Model, object: Model)], text: String) throws {
        try #require(items.count == elements.count)
        let parsed = try #require(foundation(Array(text.utf8)) as? [Any])
        for (index, (item, element)) in zip(items, elements).enumerated() {
            switch element.id {
            case let .string(text): #expect(item.id == UserID(text: text, isNumber: false), "element \(index)")
            case let .number(text): #expect(item.id == UserID(text: text, isNumber: true), "element \(index)")
            default: Issue.record("the model's id is a string or a number")
            }
            #expect(item.content == expectedContent(element.object), "element \(index) of \(text)")
            // Foundation's reading of the same element, and of the reader's content text.
            let object = try #require(parsed[index] as? [String: Any])
            switch object["id"] {
            case let text as String: #expect(!item.id.isNumber && item.id.text == text)
            case let number as NSNumber: #expect(item.id.isNumber && Double(item.id.text) == number.doubleValue)
            default: Issue.record("Foundation found no id in element \(index)")
            }
            var rest = object
            rest["id"] = nil
            let expected: Any = rest.isEmpty ? NSNull() : (rest.count == 1 && rest["content"] != nil ? rest["content"]! : rest)
            let content = try #require(foundation(Array(item.content.utf8)))
            // Equal values serialize alike (keys sorted by Foundation itself).
            let written = try JSONSerialization.data(withJSONObject: [content], options: [.sortedKeys])
            let wanted = try JSONSerialization.data(withJSONObject: [expected], options: [.sortedKeys])
            #expect(written == wanted, "element \(index): \(item.content)")
        }
    }

    // MARK: - Well-formed lists

    @Test("random lists read as the model and Foundation have them", .timeLimit(.minutes(10)))
    func randomListsMatchTheOracles() throws {
        var random = TestRandom(seed: 35)
        let folder = ScratchDirectory()
        for round in 0..<300 {
            let (text, elements) = Self.randomList(&random, count: random.int(in: 1...12))
            let path = try Self.write(text, in: folder, name: "list-\(round).json")
            var reader = UserListReader()
            guard case let .items(items) = try reader.read(path: path) else {
                Issue.record("round \(round): expected objects in \(text)")
                continue
            }
            try Self.check(items, elements, text: text)
        }
    }

    @Test("a random list of several windows reads as the model and Foundation have it", .timeLimit(.minutes(10)))
    func randomListOverManyWindows() throws {
        var random = TestRandom(seed: 36)
        let (text, elements) = Self.randomList(&random, count: 30_000)
        #expect(text.utf8.count > 3 << 20)
        let folder = ScratchDirectory()
        var reader = UserListReader()
        guard case let .items(items) = try reader.read(path: try Self.write(text, in: folder)) else {
            Issue.record("expected objects")
            return
        }
        try Self.check(items, elements, text: text)
    }

    // MARK: - Malformed lists

    /// The position just past `bytes`, in 1-based lines and byte columns.
    static func endPosition(_ bytes: ArraySlice<UInt8>) -> TextPosition {
        let lastBreak = bytes.lastIndex(of: UInt8(ascii: "\n"))
        return TextPosition(
            line: bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1,
            column: bytes.endIndex - (lastBreak.map { $0 + 1 } ?? bytes.startIndex) + 1)
    }

    @Test("a list cut short is refused at the cut, by line and column", .timeLimit(.minutes(10)))
    func cutListsAreRefusedAtTheCut() throws {
        var random = TestRandom(seed: 37)
        let folder = ScratchDirectory()
        var checked = 0
        for round in 0..<150 {
            var (text, _) = Self.randomList(&random, count: random.int(in: 1...6))
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            let bytes = Array(text.utf8)
            let last = try #require(bytes.lastIndex(of: UInt8(ascii: "]")))
            for _ in 0..<4 {
                let cut = random.int(in: 1...last)
                let prefix = bytes[..<cut]
                // A cut inside a character or an escape is refused where that starts, not at the cut.
                if prefix.last! >= 0x80 || prefix.suffix(6).contains(UInt8(ascii: "\\")) { continue }
                let path = try Self.write(String(decoding: prefix, as: UTF8.self), in: folder, name: "cut-\(round).json")
                var reader = UserListReader()
                let error = try #require(throws: InputError.self) { try reader.read(path: path) }
                #expect(error.problem.hasPrefix("malformed JSON"), "\(error)")
                #expect(error.position == Self.endPosition(prefix), "\(error) for \(String(decoding: prefix, as: UTF8.self))")
                #expect(error.source == path)
                checked += 1
            }
        }
        #expect(checked > 300)
    }

    @Test("a list with a byte changed is read or refused exactly as the tree parser has it", .timeLimit(.minutes(10)))
    func changedBytesMatchTheTreeParser() throws {
        var random = TestRandom(seed: 38)
        let folder = ScratchDirectory()
        let inserts: [UInt8] = Array(",}]\":\\ x0{[\n".utf8) + [0xFF, 0xC3, 0xED, 0x80]
        var refused = 0
        for round in 0..<300 {
            let (text, _) = Self.randomList(&random, count: random.int(in: 1...6))
            var bytes = Array(text.utf8)
            let at = random.below(bytes.count)
            switch random.below(3) {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(inserts[random.below(inserts.count)], at: at)
            default: bytes[at] = inserts[random.below(inserts.count)]
            }
            let path = folder.path + "/changed-\(round).json"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            var fileReader = UserListReader(), wholeReader = UserListReader()
            var withoutMark = bytes
            InputFile.skipByteOrderMark(&withoutMark)
            let fromFile = Result { () throws(InputError) in try fileReader.read(path: path) }
            let whole = Result { () throws(InputError) in try wholeReader.read(json: withoutMark, source: path) }
            switch (fromFile, whole) {
            case let (.success(.items(a)), .success(.items(b))):
                #expect(a == b)
                #expect(Self.foundation(bytes) != nil, "read, but Foundation refuses: \(String(decoding: bytes, as: UTF8.self))")
            case let (.success(.values(a)), .success(.values(b))):
                #expect(a == b)
            case let (.failure(a), .failure(b)):
                #expect(a.position == b.position && a.problem == b.problem, "\(a) against \(b)")
                // A reader's own check (an element without an id) may come before a later syntax error.
                if a.problem.hasPrefix("malformed JSON"),
                    case .failure(let syntax) = Result(catching: { () throws(JSONSyntaxError) in try JSONParser.parse(withoutMark) })
                {
                    #expect(a.position == syntax.position && a.problem == "malformed JSON: " + syntax.problem, "\(a) against \(syntax)")
                }
                refused += 1
            default:
                Issue.record("round \(round): the file gives \(fromFile), the whole bytes \(whole)")
            }
        }
        #expect(refused > 100)
    }

    // MARK: - Text

    /// The lines and endings of `text` split over its Unicode scalars: a
    /// LF ends a line, with the CR before it if there is one (a lone CR is
    /// in the line, as for git and GNU diff); a last line without a LF
    /// still counts.
    static func splitByScalars(_ text: String) -> (lines: [String], endings: [String]) {
        var lines: [String] = [], endings: [String] = []
        var line = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\n" {
                var ending = "\n"
                if line.last == "\r" { line.removeLast(); ending = "\r\n" }
                lines.append(String(line))
                endings.append(ending)
                line = String.UnicodeScalarView()
            } else {
                line.append(scalar)
            }
        }
        if !line.isEmpty {
            lines.append(String(line))
            endings.append("")
        }
        return (lines, endings)
    }

    /// Where the first byte that is not UTF-8 is, by the standard
    /// library's parser: 1-based line (lines counted by ``splitByScalars``)
    /// and byte column.
    static func firstBadByte(_ bytes: [UInt8]) -> TextPosition? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error:
                let before = splitByScalars(String(decoding: bytes[..<offset], as: UTF8.self))
                guard let last = before.lines.last, before.endings.last == "" else {
                    return TextPosition(line: before.lines.count + 1, column: 1)
                }
                return TextPosition(line: before.lines.count, column: last.utf8.count + 1)
            }
        }
    }

    static func randomText(_ random: inout TestRandom, badBytes: Bool) -> [UInt8] {
        let pieces = ["", "a", "line", "é", "’", "😀", "e\u{301}", " ", "\t", "\n", "\n", "\r\n", "\r", "\r\n\r\n", "\n\r"]
        var bytes: [UInt8] = random.chance(0.2) ? [0xEF, 0xBB, 0xBF] : []
        for _ in 0..<random.int(in: 0...40) { bytes += Array(pieces[random.below(pieces.count)].utf8) }
        if badBytes, !bytes.isEmpty {
            let bad: [[UInt8]] = [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x80], [0x80]]
            bytes.insert(contentsOf: bad[random.below(bad.count)], at: random.below(bytes.count + 1))
        }
        return bytes
    }

    @Test("random texts split into the lines and endings a split over scalars gives", .timeLimit(.minutes(10)))
    func randomTextsMatchAScalarSplit() throws {
        var random = TestRandom(seed: 39)
        let folder = ScratchDirectory()
        for round in 0..<500 {
            let bytes = Self.randomText(&random, badBytes: false)
            let path = folder.path + "/text-\(round).txt"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let text = try TextLines.read(path: path)
            // A byte order mark is bytes of the first line, kept.
            let expected = Self.splitByScalars(String(decoding: bytes, as: UTF8.self))
            #expect(Array(text.lines) == expected.lines, "\(bytes)")
            #expect(text.endings.map(\.rawValue) == expected.endings, "\(bytes)")
            // Byte for byte, not only as equal strings.
            #expect(text.lines.map { Array($0.utf8) } == expected.lines.map { Array($0.utf8) })
        }
    }

    @Test("a text of several windows reads as its bytes split whole, whatever straddles a window's edge", .timeLimit(.minutes(10)))
    func textsOverManyWindows() throws {
        var random = TestRandom(seed: 41)
        let folder = ScratchDirectory()
        let window = 1 << 20
        // At the first window's edge: a CRLF cut in two, a lone CR, a character cut in two, a line longer than a window.
        let straddles: [[UInt8]] = [Array("\r\n".utf8), Array("\r".utf8) + Array("x".utf8), Array("😀".utf8), Array(repeating: UInt8(ascii: "y"), count: 3 * window)]
        for (round, straddle) in straddles.enumerated() {
            // The first window holds the file's first `window` bytes, its BOM included: the straddle starts at its last byte.
            var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
            while bytes.count < window - 200 { bytes += Self.randomText(&random, badBytes: false) }
            while bytes.count < window - 1 { bytes += bytes.count % 7 == 0 ? [UInt8(ascii: "\n")] : [UInt8(ascii: "a")] }
            bytes += straddle
            while bytes.count < 3 * window + 5 { bytes += Self.randomText(&random, badBytes: false) }
            let path = folder.path + "/big-\(round).txt"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let text = try TextLines.read(path: path)
            let whole = try TextLines.split(bytes, source: path)
            let expected = Self.splitByScalars(String(decoding: bytes, as: UTF8.self))
            #expect(text == whole, "round \(round)")
            #expect(Array(text.lines) == expected.lines && text.endings.map(\.rawValue) == expected.endings, "round \(round)")
        }
    }

    @Test("a text with a byte that is not UTF-8 is refused at that byte's line and column", .timeLimit(.minutes(10)))
    func badBytesAreRefusedWhereTheyAre() throws {
        var random = TestRandom(seed: 40)
        var checked = 0
        for _ in 0..<500 {
            var bytes = Self.randomText(&random, badBytes: true)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            guard let expected = Self.firstBadByte(bytes) else { continue }
            let error = try #require(throws: InputError.self) { try TextLines.split(bytes, source: "t.txt") }
            #expect(error.position == expected, "\(error) for \(bytes)")
            #expect(error.problem.hasSuffix("is not UTF-8 text; --lines reads UTF-8 files"))
            checked += 1
        }
        #expect(checked > 300)
    }
}
