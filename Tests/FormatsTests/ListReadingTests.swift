import DiffEngines
import Foundation
import Testing
import FileSupport
import InputFiles

/// Issue 25: list files mean what they say, and text is read as GNU diff
/// counts lines. The fixture files sit in `Fixtures/` beside this file.
@Suite("Reading a user's lists and texts")
struct ListReadingTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name).path
    }

    static func items(_ old: String, _ new: String, _ reading: ListReading = .standard) throws -> ([UserItem], [UserItem]) {
        var reader = UserListReader(reading: reading)
        guard case let .items(a, b) = try reader.read(old: fixture(old), new: fixture(new)) else {
            Issue.record("expected objects")
            return ([], [])
        }
        return (a, b)
    }

    @Test("the content is the whole object minus the id, so every changed field is an update")
    func wholeObjectIsContent() throws {
        let (old, new) = try Self.items("posts-old.json", "posts-new.json")
        #expect(old.map(\.id.text) == ["p1", "p2", "p3"])
        #expect(old[0].content == #"{"likes":3,"name":"Ada"}"#)
        // p1's likes and p2's name changed; p3 did not.
        let changed = old.filter { item in new.first { $0.id == item.id }!.content != item.content }.map(\.id.text)
        #expect(changed == ["p1", "p2"])
    }

    @Test("--content names the fields that count; the others are left out on purpose")
    func contentKeysCount() throws {
        let (old, new) = try Self.items("posts-old.json", "posts-new.json", ListReading(contentKeys: ["name"]))
        #expect(old[0].content == #"{"name":"Ada"}"#)
        let changed = old.filter { item in new.first { $0.id == item.id }!.content != item.content }.map(\.id.text)
        #expect(changed == ["p2"])
    }

    @Test("a --content key that no object holds is refused, naming both files")
    func mistypedContentKey() throws {
        let error = #expect(throws: InputError.self) {
            _ = try Self.items("posts-old.json", "posts-new.json", ListReading(contentKeys: ["nmae"]))
        }
        #expect(error?.problem.contains("\"nmae\"") == true)
        #expect(error?.problem.contains("posts-old.json") == true)
    }

    @Test("--id takes a dotted path through nested objects, and the content loses only that key")
    func dottedIDPath() throws {
        let (old, _) = try Self.items("nested.json", "nested.json", ListReading(id: "user.id"))
        #expect(old.map(\.id) == [UserID(text: "7", isNumber: true), UserID(text: "8", isNumber: true)])
        #expect(old[0].content == #"{"user":{"name":"x"},"v":1}"#)
    }

    @Test(
        "an object without the id is refused at its file, line and column",
        arguments: [("missing-id.json", ListReading.standard, 3, 3), ("nested.json", ListReading(id: "user.key"), 2, 3)])
    func objectWithoutID(file: String, reading: ListReading, line: Int, column: Int) throws {
        let error = #expect(throws: InputError.self) { _ = try Self.items(file, file, reading) }
        #expect(error?.source == Self.fixture(file))
        #expect(error?.position == TextPosition(line: line, column: column), "\(String(describing: error))")
        #expect(error?.problem.contains("has no \"\(reading.id)\"") == true)
    }

    @Test("{\"id\", \"content\"} files keep their meaning: the content is the content value, absent is null")
    func legacyFilesKeepTheirMeaning() throws {
        let (old, _) = try Self.items("legacy.json", "legacy.json")
        #expect(old.map(\.content) == [#""a""#, "null", #"{"a":2,"b":1}"#])
    }

    /// Changed with issue 37: a lone CR no longer ends a line (a CR-only
    /// file is one line, as for GNU diff and git), and a byte order mark is
    /// no longer skipped (it is bytes of the first line).
    @Test(
        "text is read as lines the way GNU diff counts them",
        arguments: [
            ("lf.txt", ["one", "two", "three"], false), ("crlf.txt", ["one", "two", "three"], false),
            ("cr.txt", ["one\rtwo\rthree\r"], true), ("no-final-newline.txt", ["one", "two", "three"], true),
            ("bom.txt", ["\u{FEFF}one", "two", "three"], false), ("empty.txt", [], false), ("one-empty-line.txt", [""], false),
        ])
    func textLines(file: String, lines: [String], missingNewline: Bool) throws {
        let text = try TextLines.read(path: Self.fixture(file))
        #expect(Array(text.lines) == lines)
        #expect(text.endings.count == lines.count)
        #expect(text.missingFinalNewline == missingNewline)
    }

    @Test("a JSON list with a byte order mark reads like one without")
    func byteOrderMarkInJSON() throws {
        let scratch = NSTemporaryDirectory() + "bom-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Data([0xEF, 0xBB, 0xBF] + Array(#"["a", "b"]"#.utf8)).write(to: URL(fileURLWithPath: scratch))
        var reader = UserListReader()
        guard case let .values(old, _) = try reader.read(old: scratch, new: scratch) else {
            Issue.record("expected plain values")
            return
        }
        #expect(old == ["a", "b"])
    }

    @Test("text that is not UTF-8 is refused at its line and column")
    func textNotUTF8() throws {
        let error = #expect(throws: InputError.self) {
            _ = try TextLines.split(Array("ok\nab".utf8) + [0xFF] + Array("c\n".utf8), source: "t.txt")
        }
        #expect(error?.position == TextPosition(line: 2, column: 3))
    }

    @Test("a repeat is found on the whole lists, even inside a common prefix", arguments: [
        (UserLists.values(["a", "a", "b"], ["a", "a", "b"]), DiffError.Side.old, 0, 1),
        (UserLists.values(["a", "b"], ["a", "b", "b"]), DiffError.Side.new, 1, 2),
    ])
    func repeatsOnWholeLists(lists: UserLists, side: DiffError.Side, first: Int, second: Int) {
        let found = lists.firstRepeatedID()
        #expect(found?.side == side && found?.first == first && found?.second == second)
        #expect(UserLists.values(["a", "b"], ["b", "a"]).firstRepeatedID() == nil)
    }
}
