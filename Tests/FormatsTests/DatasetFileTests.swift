import Foundation
import Testing
@testable import Workloads
import DiffBenchTestSupport
import InputFiles
import RunResults

@Suite("Dataset files")
struct DatasetFileTests {
    // MARK: Round trip

    @Test("every workload survives encode → decode unchanged, and re-encodes to the same bytes", arguments: WorkloadName.allCases)
    func roundTrip(workload: WorkloadName) throws {
        var cases = TestRandom(seed: 21)
        for size in [0, 1, 2, cases.int(in: 3...300), cases.int(in: 300...3000)] {
            let dataset = try workload.make(size: size, seed: cases.next())
            let bytes = try DatasetFile.encode(dataset)
            let decoded = try DatasetFile.decode(bytes, source: "memory")
            #expect(decoded == dataset, "\(workload) n=\(size)")
            #expect(try DatasetFile.encode(decoded) == bytes)
        }
    }

    @Test("the text workload's characters (quotes, backslashes, newlines) round-trip")
    func escapedSymbols() throws {
        let dataset = Dataset(
            workload: "file", size: 4, seed: 0, kind: .values, old: [0, 1, 2, 3].map { FeedItem(id: $0, content: 0) },
            new: [3, 2, 4].map { FeedItem(id: $0, content: 0) }, symbols: ["\"", "\\", "\n", "é", "\u{1}"])
        #expect(try DatasetFile.decode(DatasetFile.encode(dataset), source: "memory") == dataset)
    }

    @Test("git's hunk headers round-trip, and a dataset without them writes no such field")
    func gitHunks() throws {
        var dataset = Dataset(
            workload: "git", size: 2, seed: 0, kind: .values, old: [0, 1].map { FeedItem(id: $0, content: 0) },
            new: [0, 2].map { FeedItem(id: $0, content: 0) }, symbols: ["a", "b", "c"])
        #expect(!String(decoding: try DatasetFile.encode(dataset), as: UTF8.self).contains("git_hunks"))
        dataset.gitHunks = ["-2 +2", "-0,0 +1"]
        let bytes = try DatasetFile.encode(dataset)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"git_hunks\": [\"-2 +2\", \"-0,0 +1\"]"))
        #expect(try DatasetFile.decode(bytes, source: "memory") == dataset)
        let wrong = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"-0,0 +1\"", with: "7")
        #expect(throws: InputError.self) { try DatasetFile.decode(Array(wrong.utf8), source: "memory") }
    }

    @Test("write then read through a file, creating folders, leaving no temporary file")
    func fileRoundTrip() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a/b/feed.json").path
        let dataset = try WorkloadName.sectioned.make(size: 500, seed: 3)
        try DatasetFile.write(dataset, to: path)
        #expect(try DatasetFile.read(path: path) == dataset)
        // Overwriting replaces the whole file.
        let smaller = try WorkloadName.same.make(size: 3, seed: 3)
        try DatasetFile.write(smaller, to: path)
        #expect(try DatasetFile.read(path: path) == smaller)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("a/b").path) == ["feed.json"])
    }

    @Test("a dataset that cannot be written faithfully is refused and the old file is kept")
    func refusedWrite() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("keep.json").path
        let good = try WorkloadName.same.make(size: 5, seed: 1)
        try DatasetFile.write(good, to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        var bad = try WorkloadName.sectioned.make(size: 50, seed: 1)
        bad.new.removeLast()
        #expect(throws: DatasetWriteError.self) { try DatasetFile.write(bad, to: path) }
        var unknownSymbol = try WorkloadName.text.make(size: 10, seed: 1)
        unknownSymbol.symbols?.removeLast()
        #expect(throws: DatasetWriteError.self) { try DatasetFile.write(unknownSymbol, to: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        // A parent that is a file, not a folder.
        let blocked = folder.appendingPathComponent("keep.json/inner.json").path
        do {
            try DatasetFile.write(good, to: blocked)
            Issue.record("writing below a file succeeded")
        } catch {
            #expect(error.description.hasPrefix(blocked + ": "), "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["keep.json"])
    }

    @Test("100,000 elements write and read back unchanged", .timeLimit(.minutes(10)))
    func largeDataset() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.json").path
        let dataset = try WorkloadName.mixed.make(size: 100_000, seed: 1)
        try DatasetFile.write(dataset, to: path)
        let read = try DatasetFile.read(path: path)
        #expect(read == dataset)
    }

    // MARK: Plain arrays

    @Test("readPair: integer values keep their value, other values get symbols, objects stay identified")
    func readPair() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String, _ text: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let numbersOld = try file("n1.json", "[30, 10, 20]")
        let numbersNew = try file("n2.json", "[10, 20, 40]")
        let numbers = try DatasetFile.readPair(old: numbersOld, new: numbersNew)
        #expect(numbers.workload == "n1.json → n2.json" && numbers.kind == .values && numbers.symbols == nil)
        #expect(numbers.old.map(\.id) == [30, 10, 20] && numbers.new.map(\.id) == [10, 20, 40])
        #expect(numbers.parameters == [:] && numbers.size == 3 && numbers.generator == nil)

        let words = try DatasetFile.readPair(old: try file("w1.json", #"["b", "a", "b"]"#), new: try file("w2.json", #"["a", "c"]"#))
        let symbols = try #require(words.symbols)
        #expect(words.old.map { symbols[$0.id] } == ["b", "a", "b"] && words.new.map { symbols[$0.id] } == ["a", "c"])
        #expect(try DatasetFile.decode(DatasetFile.encode(words), source: "memory") == words)

        let posts = try DatasetFile.readPair(
            old: try file("p1.json", #"[{"id": "x", "content": 1}, {"id": "y", "content": 2}]"#),
            new: try file("p2.json", #"[{"id": "y", "content": 3}, {"id": "x", "content": 1}]"#))
        #expect(posts.kind == .identified)
        // String ids stay the user's texts.
        #expect(posts.old.map { posts.symbols?[$0.id] } == ["x", "y"])
        #expect(try DatasetFile.decode(DatasetFile.encode(posts), source: "memory") == posts)
        #expect(posts.new.map(\.id) == posts.old.map(\.id).reversed())
        #expect(posts.new[1] == posts.old[0] && posts.new[0].content != posts.old[1].content)

        let objects = try file("p3.json", #"[{"id": 1, "content": 0}]"#)
        do {
            _ = try DatasetFile.readPair(old: numbersOld, new: objects)
            Issue.record("mixed kinds accepted")
        } catch {
            #expect(error.description.contains("p3.json") && error.description.contains("plain values"), "\(error)")
        }
    }

    // MARK: Bad files

    /// The 1-based line:column of the first `needle` in `text`, counted here
    /// independently of the parser.
    private func position(of needle: String, in text: String, occurrence: Int = 1) -> String {
        let bytes = Array(text.utf8)
        let pattern = Array(needle.utf8)
        var seen = 0
        var line = 1
        var lineStart = 0
        for index in 0...(bytes.count - pattern.count) {
            if Array(bytes[index..<(index + pattern.count)]) == pattern {
                seen += 1
                if seen == occurrence { return "\(line):\(index - lineStart + 1)" }
            }
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
        }
        return "not found"
    }

    private func expectRefusal(
        _ text: String, at expectedPosition: String, _ fragments: String..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let dataset = try DatasetFile.decode(Array(text.utf8), source: "case.json")
            Issue.record("accepted: \(dataset)", sourceLocation: sourceLocation)
        } catch {
            let message = error.description
            #expect(message.hasPrefix("case.json:\(expectedPosition): "), "\(message)", sourceLocation: sourceLocation)
            for fragment in fragments {
                #expect(message.contains(fragment), "\(message) lacks \(fragment)", sourceLocation: sourceLocation)
            }
        }
    }

    /// A valid dataset file with `old` and `new` as given, and other fields replaced.
    private func document(
        schema: String = #""diffbench.dataset""#, version: String = "1", kind: String = #""identified""#,
        old: String = #"[{"id": 1, "content": 10}, {"id": 2, "content": 20}]"#, new: String = "[]", extra: String = ""
    ) -> String {
        """
        {
          "schema": \(schema),
          "version": \(version),
          "workload": "same",
          "seed": 4,
          "kind": \(kind),
          "old": \(old),
          "new": \(new)\(extra)
        }
        """
    }

    @Test("identified items with string ids are read with their texts as symbols, and round-trip (sections too)")
    func stringIDs() throws {
        let text = document(
            old: #"[{"id": "post-b7", "content": 1}, {"id": "Zoë \"q\"", "content": 2}]"#,
            new: #"[{"id": "Zoë \"q\"", "content": 3}, {"id": "new", "content": 1}]"#,
            extra: #", "old_sections": [{"id": 1, "rows": [{"id": "post-b7", "content": 1}, {"id": "Zoë \"q\"", "content": 2}]}], "#
                + #""new_sections": [{"id": 1, "rows": [{"id": "Zoë \"q\"", "content": 3}, {"id": "new", "content": 1}]}]"#)
        let dataset = try DatasetFile.decode(Array(text.utf8), source: "s.json")
        #expect(dataset.kind == .identified)
        let symbols = try #require(dataset.symbols)
        #expect(dataset.old.map { symbols[$0.id] } == ["post-b7", "Zoë \"q\""])
        #expect(dataset.new.map { symbols[$0.id] } == ["Zoë \"q\"", "new"])
        #expect(dataset.new.map(\.content) == [3, 1])
        #expect(dataset.old[1].id == dataset.new[0].id)
        let again = try DatasetFile.decode(try DatasetFile.encode(dataset), source: "again.json")
        #expect(again == dataset)
    }

    @Test("the reference document is valid, so each refusal below is due to its one defect")
    func referenceDocumentIsValid() throws {
        let dataset = try DatasetFile.decode(Array(document().utf8), source: "case.json")
        #expect(dataset.old == [FeedItem(id: 1, content: 10), FeedItem(id: 2, content: 20)] && dataset.new.isEmpty)
        #expect(dataset.workload == "same" && dataset.seed == 4 && dataset.size == 2 && dataset.parameters.isEmpty)
    }

    @Test("bad JSON is refused at the offending character")
    func badJSON() {
        let text = document().replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 1,,")
        expectRefusal(text, at: position(of: ",,", in: text).replacingOccurrences(of: ":15", with: ":16"), "malformed JSON", "','")
        let empty = ""
        expectRefusal(empty, at: "1:1", "empty")
        let trailing = document() + "\n]"
        expectRefusal(trailing, at: position(of: "]", in: trailing, occurrence: 3), "after the JSON value")
    }

    @Test("a truncated file is refused at its end, saying so")
    func truncated() throws {
        let full = Array(try DatasetFile.encode(WorkloadName.feed.make(size: 40, seed: 2)))
        var cases = TestRandom(seed: 5)
        for _ in 0..<25 {
            let cut = Array(full[0..<cases.int(in: 1...(full.count - 2))])
            let text = String(decoding: cut, as: UTF8.self)
            // The end of the text, counted here: after trailing whitespace is skipped, the parser stands there.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            expectRefusal(text, at: "\(lines.count):\(lines.last!.utf8.count + 1)", "truncated")
        }
    }

    @Test("missing fields and elements without an id are refused")
    func missing() {
        let noID = document(old: #"[{"id": 1, "content": 10}, {"content": 20}]"#)
        expectRefusal(noID, at: position(of: #"{"content": 20}"#, in: noID), "old element 1 has no \"id\"")
        let noContent = document(new: #"[{"id": 7}]"#)
        expectRefusal(noContent, at: position(of: #"{"id": 7}"#, in: noContent), "new element 0 has no \"content\"")
        let noNew = document().replacingOccurrences(of: ",\n  \"new\": []", with: "")
        expectRefusal(noNew, at: "1:1", "no \"new\" field")
        let noKind = document().replacingOccurrences(of: "  \"kind\": \"identified\",\n", with: "")
        expectRefusal(noKind, at: "1:1", "no \"kind\" field")
    }

    @Test("wrong types are refused at the value, naming what was found")
    func wrongTypes() {
        let mixedID = document(old: #"[{"id": 1, "content": 10}, {"id": "a", "content": 10}]"#)
        expectRefusal(mixedID, at: position(of: #""a""#, in: mixedID), "old element 1: \"id\" is a string, but earlier ids are integers")
        let boolID = document(old: #"[{"id": true, "content": 10}]"#)
        expectRefusal(boolID, at: position(of: "true", in: boolID), "old element 0: \"id\" must be an integer or a string, found a boolean")
        let fractional = document(old: #"[{"id": 1, "content": 1.5}]"#)
        expectRefusal(fractional, at: position(of: "1.5", in: fractional), "\"content\" must be an integer, found 1.5")
        let huge = document(old: #"[{"id": 99999999999999999999, "content": 1}]"#)
        expectRefusal(huge, at: position(of: "9999", in: huge), "out-of-range")
        let notObject = document(old: "[1, 2]")
        expectRefusal(notObject, at: position(of: "1, 2", in: notObject), "old element 0 must be an {\"id\", \"content\"} object, found a number")
        let notArray = document(new: "{}")
        expectRefusal(notArray, at: position(of: "{}", in: notArray), "\"new\" must be an array, found an object")
        let kind = document(kind: #""objects""#)
        expectRefusal(kind, at: position(of: #""objects""#, in: kind), "\"kind\" must be \"identified\" or \"values\"")
        let mixedValues = document(kind: #""values""#, old: #"[1, 2]"#, new: #"["a"]"#)
        expectRefusal(mixedValues, at: position(of: #""a""#, in: mixedValues), "new element 0 is a string, but earlier values are integers")
        let negativeSeed = document().replacingOccurrences(of: "\"seed\": 4", with: "\"seed\": -4")
        expectRefusal(negativeSeed, at: position(of: "-4", in: negativeSeed), "\"seed\" must be an integer from 0")
        let badParameters = document(extra: ",\n  \"parameters\": {\"fraction\": 0.5}")
        expectRefusal(badParameters, at: position(of: "0.5", in: badParameters), "parameter \"fraction\" must be a string")
        let array = "[1, 2, 3]"
        expectRefusal(array, at: "1:1", "expected a dataset object", "plain array")
    }

    @Test("a wrong schema or version is refused")
    func schemaAndVersion() {
        let schema = document(schema: #""diffbench.results""#)
        expectRefusal(schema, at: position(of: #""diffbench.results""#, in: schema), "\"schema\" must be \"diffbench.dataset\"")
        let newer = document(version: "2")
        expectRefusal(newer, at: position(of: "2,", in: newer), "version 2 is newer than this diffbench reads (1)")
        let older = document(version: "0")
        expectRefusal(older, at: position(of: "0,", in: older), "unknown dataset format version 0")
        let textVersion = document(version: #""1""#)
        expectRefusal(textVersion, at: position(of: #""1""#, in: textVersion), "\"version\" must be an integer, found a string")
    }

    @Test("unknown or repeated fields are refused")
    func unknownFields() {
        let typo = document(extra: ",\n  \"old_sectons\": []")
        expectRefusal(typo, at: position(of: "[]", in: typo, occurrence: 2), "unknown field \"old_sectons\"")
        let twice = document(extra: ",\n  \"seed\": 5")
        expectRefusal(twice, at: position(of: "5\n", in: twice), "\"seed\" appears twice")
    }

    @Test("sections must come in pairs, have unique ids and hold exactly the list's rows")
    func badSections() {
        let rows = #"[{"id": 1, "content": 10}, {"id": 2, "content": 20}]"#
        let good = document(extra: ",\n  \"old_sections\": [{\"id\": 1, \"rows\": \(rows)}],\n  \"new_sections\": []")
        #expect((try? DatasetFile.decode(Array(good.utf8), source: "case.json"))?.oldSections?.count == 1)

        let alone = document(extra: ",\n  \"old_sections\": [{\"id\": 1, \"rows\": \(rows)}]")
        expectRefusal(alone, at: position(of: "[{\"id\": 1, \"rows\"", in: alone), "without \"new_sections\"")
        let wrongRow = document(
            extra: ",\n  \"old_sections\": [{\"id\": 1, \"rows\": [{\"id\": 1, \"content\": 10}, {\"id\": 2, \"content\": 21}]}],\n  \"new_sections\": []")
        expectRefusal(wrongRow, at: position(of: "[{\"id\": 1, \"content\": 10}, {\"id\": 2, \"content\": 21}", in: wrongRow), "row 1 of old_sections element 0 is 2:21, but old element 1 is 2:20")
        let short = document(extra: ",\n  \"old_sections\": [{\"id\": 1, \"rows\": [{\"id\": 1, \"content\": 10}]}],\n  \"new_sections\": []")
        expectRefusal(short, at: position(of: "[{\"id\": 1, \"rows\"", in: short), "the sections hold 1 rows but \"old\" has 2 elements")
        let sameID = document(
            extra: ",\n  \"old_sections\": [{\"id\": 3, \"rows\": [{\"id\": 1, \"content\": 10}]}, {\"id\": 3, \"rows\": [{\"id\": 2, \"content\": 20}]}],\n  \"new_sections\": []")
        expectRefusal(sameID, at: position(of: "{\"id\": 3", in: sameID, occurrence: 2), "has the id 3 of old_sections element 0")
        let values = document(kind: #""values""#, old: "[1]", extra: ",\n  \"old_sections\": [],\n  \"new_sections\": []")
        expectRefusal(values, at: position(of: "[],\n  \"new_sections\"", in: values), "sections need \"kind\": \"identified\"")
    }

    @Test("unreadable paths are refused with the path")
    func unreadablePaths() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("nope.json").path
        #expect(throws: InputError(source: missing, problem: "no such file")) { try DatasetFile.read(path: missing) }
        #expect(throws: InputError(source: folder.path, problem: "is a directory, expected a dataset file")) {
            try DatasetFile.read(path: folder.path)
        }
    }
}
