import Foundation
import Testing
import InputFiles

/// Objects of a list file are read straight from the bytes, not through a
/// tree per element (issue 25, reading large files). The contents and the
/// errors must be exactly those of the tree: each case is checked against
/// the tree parser's own canonical text and its own syntax errors.
@Suite("Reading list objects straight from the bytes")
struct ListObjectReaderTests {
    /// Lists of objects whose contents stress the canonical form: key order
    /// at every depth, escapes, non-ASCII keys, numbers as written, the
    /// `{"id", "content"}` form and the id-only object, and whitespace.
    static let lists: [String] = [
        #"[{"id": "a", "z": 1, "a": {"y": [1, {"c": 2, "b": 3}], "x": null}, "m": true}]"#,
        #"[{"id": "b\u0041", "k\"ey": "v\\n\u00e9\n", "\u00e9": "x", "e": false, "tab\t": "\u0001"}]"#,
        #"[{"id": 1, "é": 1, "e": 2, "z": 3, "éx": 4, "ÿ": 5, "Z": 6}]"#,
        #"[{"id": -1.50e+3, "v": 1.0, "w": 0}, {"id": 12345678901234567890, "v": -0.0E-2}]"#,
        #"[{"id": "c"}, {"content": {"b": 1, "a": 2}, "id": "d"}, {"id": "e", "other": 1}, {"id": "f", "content": null}]"#,
        "[\n  {\r\n \"title\" :\t\"x y\" ,\n\"id\":\"g\" , \"o\" : { } , \"a\" : [ ] , \"n\" : [ [ ] , { \"q\" : [ 1 , 2 ] } ] }\n]",
        #"[{"id": "h", "rows": [1], "content": 2}, {"id": "i", "content": 1, "x": 2}]"#,
        #"[{"name": "no id first", "id": "j", "nested": {"id": "inner kept"}}]"#,
        #"[{"id": "k", "emoji": "😀\u00e9", "😀": "\ud83d\ude00", "s\/": "a\/b\b\f\r"}]"#,
    ]

    /// The content the tree gives for `object`: the object minus "id", as
    /// canonical text ("null" for nothing left, the value of a lone "content").
    static func treeContent(_ object: JSONValue) -> String {
        guard case let .object(members) = object else { return "?" }
        let rest = members.filter { $0.key != "id" }
        if rest.isEmpty { return "null" }
        if rest.count == 1, rest[0].key == "content" { return rest[0].value.canonicalText }
        return JSONValue.object(rest).canonicalText
    }

    @Test("each object's id and content are the tree's, at every depth", arguments: lists)
    func contentsMatchTheTree(text: String) throws {
        let bytes = Array(text.utf8)
        let tree = try JSONParser.parse(bytes)
        var reader = UserListReader()
        guard case let .items(items) = try reader.read(json: bytes, source: "l.json") else {
            Issue.record("expected objects")
            return
        }
        guard case let .array(objects) = tree.value else {
            Issue.record("expected an array")
            return
        }
        #expect(items.map(\.content) == objects.map(Self.treeContent))
        let ids = objects.map { object -> UserID? in
            switch object["id"] {
            case let .string(text)?: return UserID(text: text, isNumber: false)
            case let .number(text)?: return UserID(text: text, isNumber: true)
            default: return nil
            }
        }
        #expect(items.map(\.id) == ids)
    }

    @Test("the keys are sorted as strings compare, and the lists above hold what they claim")
    func knownContents() throws {
        var reader = UserListReader()
        guard case let .items(items) = try reader.read(json: Array(Self.lists[0].utf8) , source: "l.json"),
            case let .items(more) = try reader.read(json: Array(Self.lists[4].utf8), source: "m.json")
        else {
            Issue.record("expected objects")
            return
        }
        #expect(items[0].content == #"{"a":{"x":null,"y":[1,{"b":3,"c":2}]},"m":true,"z":1}"#)
        #expect(more.map(\.content) == ["null", #"{"a":2,"b":1}"#, #"{"other":1}"#, "null"])
    }

    /// Malformed or refused elements, each anywhere in an object element.
    static let broken: [String] = [
        #"[{"id": "a", "x": 1,}]"#,
        "[{\"id\": \"a\", \"x\": \"line\nbreak\"}]",
        #"[{"id": "a", "x": [1 2]}]"#,
        #"[{"id": "a", "x": tru}]"#,
        #"[{"id": "a", "x": -}]"#,
        #"[{"id": "a", "x": "\q"}]"#,
        #"[{"id": "a", "x": {"k": 1, "k": 2}}]"#,
        #"[{"id": "a", "é": 1, "é": 2}]"#,
        "[{\"id\": \"a\", \"\u{E9}\": 1, \"e\u{301}\": 2}]",
        #"[{"id": "a", "x": 1}, {"id": "b" "x": 1}]"#,
        #"[{"id": "a", "x": {"#,
        "[{\"id\": \"a\", \"x\": \"\u{1}\"}]",
        #"[{"id": "a"} {"id": "b"}]"#,
        String(repeating: "[", count: 1) + #"{"id": "a", "x": "# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}]",
    ]

    @Test("a malformed element is refused with the tree parser's own problem, line and column", arguments: broken)
    func errorsMatchTheTree(text: String) throws {
        let bytes = Array(text.utf8)
        let expected = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
        var reader = UserListReader()
        let error = try #require(throws: InputError.self) { try reader.read(json: bytes, source: "l.json") }
        #expect(error.position == expected.position)
        #expect(error.problem == "malformed JSON: " + expected.problem)
    }

    @Test(
        "an object the reader leaves to the tree is refused as before",
        arguments: [
            (#"[{"id": [1], "x": 1}]"#, "must be a string or a number"),
            (#"[{"ID": 1, "x": 1}]"#, "has no \"id\""),
            (#"[{"id": "s", "rows": [1]}]"#, "is a section"),
            (#"["a", {"id": "b"}]"#, "mixes objects with plain values"),
        ])
    func refusedObjects(text: String, problem: String) throws {
        var reader = UserListReader()
        let error = try #require(throws: InputError.self) { try reader.read(json: Array(text.utf8), source: "l.json") }
        #expect(error.problem.contains(problem), "\(error)")
        #expect(error.position?.line == 1)
    }

    /// The objects of ``bigList(tail:)``, before its tail.
    static let bigListCount = 30_000

    /// The list of ``bigListCount`` objects without its closing tail, built
    /// once per test process for the six tests that end it their own way
    /// (about 4 MB of text, made by 30,000 appends).
    static let bigListBody: String = {
        var text = "\u{FEFF}[\n"
        for index in 0..<bigListCount {
            let title = index == bigListCount / 2 ? String(repeating: "long ", count: 300_000) : "post \(index) é"
            text += (index > 0 ? ",\n" : "") + #"  {"title": "\#(title)", "id": "p-\#(index)", "likes": \#(index % 97), "tags": ["a", {"z": 1, "b": [2]}]}"#
        }
        return text
    }()

    /// A list file of ``bigListCount`` objects, over several windows of the
    /// windowed reader, with one element longer than a window; `tail` ends it.
    static func bigList(tail: String = "\n]\n") -> String {
        bigListBody + tail
    }

    static func readFile(_ text: String) throws -> (fromFile: Result<UserLists, InputError>, whole: Result<UserListReader.Side, InputError>) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var fileReader = UserListReader(), wholeReader = UserListReader()
        var bytes = Array(text.utf8)
        InputFile.skipByteOrderMark(&bytes)
        return (
            Result { () throws(InputError) in try fileReader.read(old: path, new: path) },
            Result { () throws(InputError) in try wholeReader.read(json: bytes, source: path) })
    }

    @Test("a list file read a window at a time gives what the whole file gives, an element longer than a window included",
          .timeLimit(.minutes(10)))
    func windowsReadLikeTheWholeFile() throws {
        let (fromFile, whole) = try Self.readFile(Self.bigList())
        guard case let .items(items, again) = try fromFile.get(), case let .items(expected) = try whole.get() else {
            Issue.record("expected objects")
            return
        }
        #expect(items.count == 30_000)
        #expect(items == expected)
        #expect(again == expected)
        #expect(items[15_000].content.count > 1_500_000)
    }

    @Test(
        "a file that goes wrong after its first window is refused at the whole file's line and column",
        .timeLimit(.minutes(10)),
        arguments: [",\n  {\"id\": \"x\", \"a\": 1,}\n]", ",\n  {\"name\": \"no id\"}\n]", ",\n  \"plain\"\n]", "\n] trailing", ",\n"])
    func windowsGoWrongLikeTheWholeFile(tail: String) throws {
        let (fromFile, whole) = try Self.readFile(Self.bigList(tail: tail))
        let error = try #require(throws: InputError.self) { try fromFile.get() }
        let expected = try #require(throws: InputError.self) { try whole.get() }
        #expect(error.problem == expected.problem)
        #expect(error.position == expected.position)
        #expect(error.position?.line == 30_002)
    }
}
