import Foundation
import Testing

/// Runs the built `diffbench` (see CLISupport.swift).
private enum Diffbench {
    static func run(_ arguments: [String]) throws -> CLIResult { try CLI.run(arguments) }
}

/// A temporary folder with helpers to write files into it.
private final class Folder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ name: String, _ text: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A list of {"id", "content"} objects.
    func list(_ name: String, _ ids: [Int], updated: Set<Int> = []) throws -> String {
        let items = ids.map { "{\"id\": \($0), \"content\": \"\(updated.contains($0) ? "v2" : "v1")\"}" }
        return try write(name, "[" + items.joined(separator: ", ") + "]")
    }
}

private let engines = CatalogEngines.all

@Suite("diffbench diff --format batch and diffbench validate")
struct ValidateCommandTests {
    @Test("every engine's batch file for the feed refresh validates", arguments: engines)
    func feedRefreshRoundTrip(engine: String) throws {
        let folder = try Folder()
        let old = try folder.list("old.json", Array(1...10))
        let new = try folder.list("new.json", [1, 4, 5, 6, 3, 9, 2], updated: [3, 4])
        let diff = try Diffbench.run(["diff", "--engine", engine, "--format", "batch-json", old, new])
        #expect(diff.status == 0, "\(diff.stderr)")
        let batch = try folder.write("batch.json", diff.stdout)
        let check = try Diffbench.run(["validate", batch, old, new])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("valid"))
        // The same batches against the list without the content changes miss nothing structural,
        // but against a different list they fail.
        let other = try folder.list("other.json", [1, 4, 5, 6, 3, 9, 2, 11])
        #expect(try Diffbench.run(["validate", batch, old, other]).status == 1)
    }

    @Test("the listing gives each stage in UIKit's order, with labels")
    func listing() throws {
        let folder = try Folder()
        let old = try folder.list("old.json", Array(1...10))
        let new = try folder.list("new.json", [1, 4, 5, 6, 3, 9, 2], updated: [3])
        let result = try Diffbench.run(["diff", "--engine", "set", "--format", "batch", old, new])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let operations = lines.filter { $0.hasPrefix("  ") }.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        // 7, 8 and 10 go (highest index first); 2 and 3 move; 3 changed, so it is reloaded after its move.
        #expect(
            operations == [
                "delete item [0, 9] 10: \"v1\"", "delete item [0, 7] 8: \"v1\"", "delete item [0, 6] 7: \"v1\"",
                "move item [0, 1] → [0, 6] 2: \"v1\"", "move item [0, 2] → [0, 4] 3: \"v1\"",
                "reload item [0, 4] 3: \"v1\" → 3: \"v2\"",
            ])
        #expect(lines.first?.contains("2 batch updates") == true)
    }

    @Test("validate reproduces UIKit's invalid-number-of-items crash")
    func invalidNumberOfItems() throws {
        let folder = try Folder()
        let old = try folder.list("old.json", Array(0..<154))
        let new = try folder.list("new.json", Array(0..<213))
        let inserts = (0..<40).map { "[0, \($0)]" }.joined(separator: ", ")
        let batch = try folder.write(
            "batch.json", "{\"schema\": \"diffbench.batch\", \"version\": 1, \"stages\": [{\"insert_items\": [\(inserts)]}]}")
        let result = try Diffbench.run(["validate", batch, old, new])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (213) must be equal to the number of items contained in that section before the update (154), plus or minus the number of items inserted or deleted from that section (40 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
            ))
    }

    @Test("validate catches inserts written in the wrong index space, with table wording")
    func insertPastTheEnd() throws {
        let folder = try Folder()
        let old = try folder.list("old.json", Array(0..<10))
        let new = try folder.list("new.json", Array(3..<13))
        let batch = try folder.write(
            "batch.json",
            "{\"schema\": \"diffbench.batch\", \"version\": 1, \"stages\": [{\"delete_items\": [[0, 0], [0, 1], [0, 2]], \"insert_items\": [[0, 10], [0, 11], [0, 12]]}]}"
        )
        let result = try Diffbench.run(["validate", "--style", "table", batch, old, new])
        #expect(result.status == 1)
        #expect(result.stderr.contains("attempt to insert row 10 into section 0, but there are only 10 rows in section 0 after the update"))
        let json = try Diffbench.run(["validate", "--format", "json", batch, old, new])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["valid"] as? Bool == false)
        #expect(object["stage"] as? Int == 1)
        #expect(object["kind"] as? String == "uikitException")
    }

    @Test("a batch that passes the arithmetic but misses a reload leaves the wrong screen")
    func missingReload() throws {
        let folder = try Folder()
        let old = try folder.list("old.json", [1, 2, 3])
        let new = try folder.list("new.json", [1, 2, 3], updated: [2])
        let batch = try folder.write("batch.json", "{\"schema\": \"diffbench.batch\", \"version\": 1, \"stages\": []}")
        let result = try Diffbench.run(["validate", batch, old, new])
        #expect(result.status == 1)
        #expect(result.stderr.contains("a reload is missing"))
    }

    @Test("sections: every engine's batches validate; sections and a plain list do not mix", arguments: engines)
    func sections(engine: String) throws {
        let folder = try Folder()
        let old = try folder.write(
            "old.json",
            #"[{"id": "today", "rows": [{"id": 1, "content": "a"}, {"id": 2, "content": "b"}]}, {"id": "yesterday", "rows": [{"id": 3, "content": "c"}]}, {"id": "old", "rows": [{"id": 4, "content": "d"}]}]"#
        )
        let new = try folder.write(
            "new.json",
            #"[{"id": "yesterday", "rows": [{"id": 2, "content": "b2"}, {"id": 3, "content": "c"}, {"id": 5, "content": "e"}]}, {"id": "today", "rows": [{"id": 6, "content": "f"}, {"id": 1, "content": "a"}]}]"#
        )
        let diff = try Diffbench.run(["diff", "--engine", engine, "--format", "batch-json", old, new])
        #expect(diff.status == 0, "\(diff.stderr)")
        let batch = try folder.write("batch.json", diff.stdout)
        let check = try Diffbench.run(["validate", batch, old, new])
        #expect(check.status == 0, "\(check.stderr)")
        let listing = try Diffbench.run(["diff", "--engine", engine, "--format", "batch", old, new])
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("delete section"))
        let flat = try folder.list("flat.json", [1, 2])
        let mixed = try Diffbench.run(["diff", "--format", "batch", flat, new])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("holds a plain list but"))
    }

    @Test("the set engine names a repeated id in a file of sections")
    func repeatedID() throws {
        let folder = try Folder()
        let old = try folder.write("old.json", #"[{"id": "a", "rows": ["x", "y"]}]"#)
        let new = try folder.write("new.json", #"[{"id": "a", "rows": ["y", "y", "x"]}, {"id": "b", "rows": []}]"#)
        let result = try Diffbench.run(["diff", "--engine", "set", "--format", "batch", old, new])
        #expect(result.status == 2)
        #expect(result.stderr.contains("new.json: id \"y\" appears at [0, 0] and [0, 1]; the set engine needs unique ids"))
        #expect(try Diffbench.run(["diff", "--engine", "heckel", "--format", "batch", old, new]).status == 0)
    }

    @Test("bad batch files exit 2 with file:line:column")
    func badFiles() throws {
        let folder = try Folder()
        let old = try folder.list("old.json", [1, 2])
        let cases: [(String, String)] = [
            ("{\"schema\": \"diffbench.batch\", \"version\": 1, \"stages\": [\n  {\"delete_items\": [[0, -1]]}]}", ":2:25: stage 1 \"delete_items\": expected a non-negative integer index"),
            ("{\"schema\": \"diffbench.batch\", \"version\": 1, \"stages\": [\n  {\"delete_item\": []}]}", ":2:19: unknown key \"delete_item\""),
            ("{\"schema\": \"diffbench.batch\", \"version\": 2, \"stages\": []}", ":1:42: unsupported \"version\" 2"),
            ("{\"schema\": \"something.else\", \"version\": 1, \"stages\": []}", ":1:12: \"schema\" must be \"diffbench.batch\""),
            ("{\"schema\": \"diffbench.batch\", \"version\": 1, \"stages\": [\n  {\"move_items\": [{\"from\": [0, 1]}]}]}", ":2:19: stage 1 \"move_items\": a move needs \"from\" and \"to\""),
            // Every move's keys are checked before any index is read: the second move's missing key is named, not the first's bad index.
            ("{\"schema\": \"diffbench.batch\", \"version\": 1, \"stages\": [\n  {\"move_sections\": [{\"from\": -1, \"to\": 0}, {\"from\": 1}]}]}", ":2:45: stage 1 \"move_sections\": a move needs \"from\" and \"to\""),
            ("{\"schema\": \"diffbench.batch\", \"version\": 1, \"stages\": [\n  {\"delete_items\": [[0, 1]", ":2:27: malformed JSON"),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            let batch = try folder.write("bad\(index).json", text)
            let result = try Diffbench.run(["validate", batch, old, old])
            #expect(result.status == 2, "case \(index): \(result.stderr)")
            #expect(result.stderr.contains(batch + expected), "case \(index): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let missing = try Diffbench.run(["validate", folder.url.appendingPathComponent("none.json").path, old, old])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file"))
        let badState = try folder.write("state.json", "[{\"id\": \"s\", \"rows\": 3}]")
        let empty = try folder.write("empty.json", "{\"schema\": \"diffbench.batch\", \"version\": 1, \"stages\": []}")
        let state = try Diffbench.run(["validate", empty, badState, badState])
        #expect(state.status == 2)
        #expect(state.stderr.contains(badState + ":1:22: section 0: \"rows\" must be an array"))
    }
}
