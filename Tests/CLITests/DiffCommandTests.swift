import Foundation
import Testing

@Suite struct DiffCommandTests {
    struct Output: Decodable, Equatable {
        struct Move: Decodable, Equatable { var from: Int; var to: Int }
        struct Update: Decodable, Equatable { var old: Int; var new: Int }
        var engine: String
        var deletes: [Int]
        var inserts: [Int]
        var moves: [Move]
        var updates: [Update]
    }

    @Test func jsonOutputForEveryEngine() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write(#"[{"id": 1, "content": "a"}, {"id": 2, "content": "b"}, {"id": "x", "content": {"n": 1}}]"#, to: "old.json", in: dir)
        let new = try CLI.write(#"[{"id": "x", "content": {"n": 2}}, {"id": 1, "content": "a"}, {"id": 3}]"#, to: "new.json", in: dir)
        for engine in CatalogEngines.all {
            let result = try CLI.run(["diff", "--engine", engine, "--format", "json", old, new])
            #expect(result.status == 0, "\(engine): \(result.stderr)")
            let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
            #expect(output.engine == engine)
            // id 2 deleted, id 3 inserted, "x" changed content and is either moved or the
            // item it jumped over moved; either way the sizes add up.
            #expect(output.deletes == [1])
            #expect(output.inserts == [2])
            #expect(output.updates == [Output.Update(old: 2, new: 0)])
            #expect(output.moves.count == 1)
        }
    }

    @Test func charactersAndTextOutput() throws {
        let result = try CLI.run(["diff", "--engine", "lcs", "--chars", "ADFGT", "AFOXT"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("delete  old[1]  D"))
        #expect(result.stdout.contains("insert  new[2]  O"))
        #expect(result.stdout.hasPrefix("lcs: 5 → 5 elements, 4 steps (2 deletes, 2 inserts, 0 moves, 0 updates)\n"))
    }

    @Test("the text header says 1 step, 1 delete, 1 move, and the plural for every other count")
    func textHeaderSingularAndPlural() throws {
        let cases: [(String, String, String, String)] = [
            ("lcs", "AB", "BA", "lcs: 2 → 2 elements, 1 step (0 deletes, 0 inserts, 1 move, 0 updates)"),
            ("set", "ABC", "ACD", "set: 3 → 3 elements, 2 steps (1 delete, 1 insert, 0 moves, 0 updates)"),
            ("myers", "AB", "AB", "myers: 2 → 2 elements, 0 steps (0 deletes, 0 inserts, 0 moves, 0 updates)"),
        ]
        for (engine, old, new, header) in cases {
            let result = try CLI.run(["diff", "--engine", engine, "--chars", old, new])
            #expect(result.status == 0, "\(engine)")
            #expect(result.stdout.split(separator: "\n").first.map(String.init) == header, "\(result.stdout)")
        }
        // One update: the same id with other content, given as files.
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write(#"[{"id": 1, "content": "a"}]"#, to: "old.json", in: dir)
        let new = try CLI.write(#"[{"id": 1, "content": "b"}]"#, to: "new.json", in: dir)
        let result = try CLI.run(["diff", "--engine", "heckel", old, new])
        #expect(result.stdout.hasPrefix("heckel: 1 → 1 elements, 1 step (0 deletes, 0 inserts, 0 moves, 1 update)\n"),
                "\(result.stdout)")
    }

    @Test func badInputsExitWithTwoAndSayWhere() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = try CLI.write(#"["a", "b"]"#, to: "good.json", in: dir)
        let cases: [(String, String, String)] = [
            ("malformed", "[\"a\",\n \"b\" \"c\"]", "malformed.json:2:6: malformed JSON: expected ',' or ']'"),
            ("truncated", "[{\"id\": 1, ", "truncated.json:1:12: malformed JSON: expected a quoted key"),
            ("missing-id", "[{\"content\": 1}]", "missing-id.json:1:2: element 0 has no \"id\""),
            ("wrong-type", "[{\"id\": true}]", "wrong-type.json:1:2: element 0: \"id\" must be a string or a number"),
            ("not-array", "{\"a\": 1}", "not-array.json:1:1: expected a JSON array"),
            ("mixed", "[\"a\", {\"id\": 1}]", "mixed.json:1:7: element 1 mixes objects with plain values"),
            // Sections given to a command that reads one flat list: it used to diff the sections and drop the rows.
            ("sections", "[{\"id\": \"s\", \"rows\": [\"a\"]},\n {\"id\": \"t\", \"rows\": []}]",
             "sections.json:1:2: element 0 is a section ({\"id\", \"rows\"}), but a flat list is expected here; diff --format batch"),
        ]
        for (name, text, message) in cases {
            let path = try CLI.write(text, to: "\(name).json", in: dir)
            let result = try CLI.run(["diff", "--engine", "myers", path, good])
            #expect(result.status == 2, "\(name)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        // The same sections are what the batch formats read.
        let sections = dir.appendingPathComponent("sections.json").path
        let batch = try CLI.run(["diff", "--engine", "myers", "--format", "batch-json", sections, sections])
        #expect(batch.status == 0, "\(batch.stderr)")
        let missing = try CLI.run(["diff", dir.appendingPathComponent("nope.json").path, good])
        #expect(missing.status == 2 && missing.stderr.contains("nope.json: no such file"))
        let unknown = try CLI.run(["diff", "--engine", "quantum", good, good])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown engine 'quantum'"))
        let usage = try CLI.run(["diff", "--engine", "lcs"])
        #expect(usage.status == 2)
    }

    @Test func setEngineRefusesDuplicateIDsWithPositions() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write(#"["a", "b", "c", "b"]"#, to: "old.json", in: dir)
        let new = try CLI.write(#"["c", "b", "a"]"#, to: "new.json", in: dir)
        let result = try CLI.run(["diff", "--engine", "set", old, new])
        #expect(result.status == 2)
        #expect(result.stderr.contains("old.json: duplicate id \"b\" at elements 1 and 3"))
        // Engines that accept repeated ids handle the same pair.
        #expect(try CLI.run(["diff", "--engine", "heckel", old, new]).status == 0)
    }

    @Test("string ids and rich content: same id with different content is an update, labelled with the file's own ids")
    func stringIDsAndRichContent() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write(
            #"[{"id": "9f1c-post", "content": {"title": "Hello", "tags": ["a", "b"], "likes": 3}}, "#
                + #"{"id": "a7-post", "content": {"title": "Bye"}}, {"id": "1", "content": null}]"#,
            to: "old.json", in: dir)
        let new = try CLI.write(
            #"[{"id": "a7-post", "content": {"title": "Bye"}}, {"id": "1", "content": null}, "#
                + #"{"id": "9f1c-post", "content": {"likes": 4, "tags": ["a", "b"], "title": "Hello"}}, {"id": 1}]"#,
            to: "new.json", in: dir)
        for engine in CatalogEngines.all {
            let json = try CLI.run(["diff", "--engine", engine, "--format", "json", old, new])
            #expect(json.status == 0, "\(engine): \(json.stderr)")
            let output = try JSONDecoder().decode(Output.self, from: Data(json.stdout.utf8))
            #expect(output.updates == [Output.Update(old: 0, new: 2)], "\(engine)")
            #expect(output.inserts == [3], "\(engine): the number id 1 is not the string id \"1\"")
            #expect(output.deletes.isEmpty, "\(engine)")
            let text = try CLI.run(["diff", "--engine", engine, old, new])
            #expect(text.stdout.contains("update  old[0] → new[2]  9f1c-post"), "\(engine): \(text.stdout)")
            #expect(text.stdout.contains("insert  new[3]  1"), "\(engine): \(text.stdout)")
        }
        // Content that is the same JSON value, keys in another order, is no update.
        let same = try CLI.write(
            #"[{"id": "9f1c-post", "content": {"likes": 3, "title": "Hello", "tags": ["a", "b"]}}, "#
                + #"{"id": "a7-post", "content": {"title": "Bye"}}, {"id": "1", "content": null}]"#,
            to: "same.json", in: dir)
        let result = try CLI.run(["diff", "--engine", "heckel", old, same])
        #expect(result.stdout.hasPrefix("heckel: 3 → 3 elements, 0 steps"), "\(result.stdout)")
    }

    @Test("a duplicate id with control characters is named visibly, with file and positions")
    func duplicateIDWithEscapesIsVisible() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write(#"[{"id": "x\u001b[31my"}, {"id": "b"}, {"id": "x\u001b[31my"}]"#, to: "old.json", in: dir)
        let new = try CLI.write(#"[{"id": "b"}]"#, to: "new.json", in: dir)
        let result = try CLI.run(["diff", "--engine", "set", old, new])
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"old.json: duplicate id ""x\u001b[31my"" at elements 0 and 2"#), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test func helpListsTheSubcommands() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("diff"))
        #expect(try CLI.run(["diff", "--help"]).stdout.contains("--engine"))
    }
}
