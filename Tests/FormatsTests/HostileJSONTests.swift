import Foundation
import Testing
import FileSupport
import InputFiles

/// Issue 15, items 7, 9 and 14: bytes a JSON reader must refuse, with the
/// line and column, rather than guess.
@Suite("Hostile JSON")
struct HostileJSONTests {
    static func parseError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Ill-formed UTF-8 of every class: stray continuation, bad lead bytes,
    /// overlong forms, surrogates, above U+10FFFF, cut short (also at the end).
    static let badSequences: [[UInt8]] = [
        [0xFF], [0xFE], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xE0, 0x80, 0x80],
        [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xE2, 0x82], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xF0, 0x9F, 0x98],
    ]

    @Test("invalid UTF-8 inside a string is refused at its line and column", arguments: badSequences)
    func invalidUTF8(sequence: [UInt8]) throws {
        let bytes = Array("[\n  \"ok\",\n  \"ab".utf8) + sequence + Array("cd\"\n]".utf8)
        let error = try #require(Self.parseError(bytes))
        #expect(error.position == TextPosition(line: 3, column: 6), "\(error)")
        #expect(error.problem.contains("UTF-8"))
        // Cut at the end of the file, too.
        #expect(Self.parseError(Array("[\"".utf8) + sequence) != nil)
    }

    @Test("well-formed UTF-8 of every length is kept exactly")
    func validUTF8() throws {
        let text = "aé€😀\u{10FFFF}\u{D7FF}\u{E000}"
        let parsed = try JSONParser.parse(Array("[\"\(text)\"]".utf8))
        #expect(parsed.value == .array([.string(text)]))
    }

    @Test("two lists that differ only in invalid bytes no longer read as equal")
    func distinctInvalidStringsDoNotMerge() throws {
        var reader = ListReader()
        #expect(throws: InputError.self) { try reader.read(json: [0x5B, 0x22, 0xFF, 0x22, 0x2C, 0x22, 0xFE, 0x22, 0x5D], source: "a.json") }
    }

    @Test("a dataset file with invalid UTF-8 in a symbol is refused with file:line:column")
    func datasetUTF8() throws {
        let text = Array(#"{"schema": "diffbench.dataset", "version": 1, "kind": "values", "old": [""#.utf8) + [0xC3, 0x28]
            + Array(#""], "new": []}"#.utf8)
        let error = try #require(throws: InputError.self) { try DatasetFile.decode(text, source: "d.json") }
        #expect(error.description.hasPrefix("d.json:1:"), "\(error)")
        #expect(error.description.contains("UTF-8"))
    }

    @Test("a key repeated inside an object is refused where it repeats", arguments: [
        #"[{"id": 1, "content": 2, "id": 3}]"#,
        #"[{"id": 1, "id": 1}]"#,
        #"{"a": {"b": 1, "b": 2}}"#,
        "{" + (0..<40).map { "\"k\($0)\": 0" }.joined(separator: ", ") + ", \"k7\": 1}",
    ])
    func repeatedKeys(text: String) throws {
        let error = try #require(Self.parseError(Array(text.utf8)))
        #expect(error.problem.contains("appears twice"), "\(error)")
        #expect(error.position.line == 1)
    }

    @Test("a list element with a repeated key and a dataset element with one are both refused")
    func repeatedKeysInFiles() throws {
        var reader = ListReader()
        let list = try #require(throws: InputError.self) {
            try reader.read(json: Array("[\n{\"id\": \"a\", \"content\": 1, \"content\": 2}]".utf8), source: "l.json")
        }
        #expect(list.description.hasPrefix("l.json:2:"), "\(list)")
        let dataset = Array(
            #"{"schema": "diffbench.dataset", "version": 1, "kind": "identified", "old": [{"id": 1, "content": 1, "id": 2}], "new": []}"#.utf8)
        let error = try #require(throws: InputError.self) { try DatasetFile.decode(dataset, source: "d.json") }
        #expect(error.description.contains("appears twice"), "\(error)")
    }

    @Test("plain strings and numbers do not mix in a list, nor across the two lists of a pair")
    func mixedPlainTypes() throws {
        var reader = ListReader()
        let error = try #require(throws: InputError.self) { try reader.read(json: Array("[\"1\", 1]".utf8), source: "m.json") }
        #expect(error.description.hasPrefix("m.json:1:7:"), "\(error)")
        var pair = ListReader()
        _ = try pair.read(json: Array("[\"1\", \"2\"]".utf8), source: "old.json")
        let across = try #require(throws: InputError.self) { try pair.read(json: Array("[2, 1]".utf8), source: "new.json") }
        #expect(across.description.contains("old.json"), "\(across)")
    }
}
