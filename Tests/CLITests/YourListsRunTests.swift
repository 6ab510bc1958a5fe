import Foundation
import Testing

/// Issue 25: `run --old A --new B` on the user's own pair, end to end.
@Suite("run on your own lists", .timeLimit(.minutes(10)))
struct YourListsRunTests {
    struct Results: Decodable {
        struct Row: Decodable {
            var engine: String
            var workload: String
            var status: String
            var updates: Int?
            var elements: String?
        }
        struct Shape: Decodable {
            var workload: String
            var ids_repeat: Bool
            var generated: Bool
            var size_old: Int
            var size_new: Int
        }
        var rows: [Row]
        var datasets: [Shape]?
    }

    static let quick = ["--repetitions", "1", "--min-time", "0", "--time-budget", "2", "--quiet", "--datasets-dir", ""]

    static func results(_ folder: URL) throws -> Results {
        try JSONDecoder().decode(Results.self, from: Data(contentsOf: folder.appendingPathComponent("results.json")))
    }

    /// The pick named in a "Your lists …" headline.
    static func pick(in text: String) -> String? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Your lists ") }),
            let use = line.range(of: " — use ")
        else { return nil }
        return String(line[use.upperBound...])
    }

    @Test("objects with string ids whose names changed: one update per changed name, and the page's block names a verified engine")
    func objectsWithStringIDs() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ids = (0..<40).map { "user-\($0)" }
        let renamed = Set(stride(from: 3, to: 40, by: 7))
        func object(_ index: Int, changed: Bool) -> String {
            #"{"id": "\#(ids[index])", "name": "\#(changed ? "New" : "Old") \#(index)", "team": {"size": \#(index % 5)}}"#
        }
        let old = try CLI.write("[" + (0..<40).map { object($0, changed: false) }.joined(separator: ",\n") + "]", to: "old.json", in: dir)
        // The new list: names changed on `renamed`, one item dropped, one moved to the front.
        var order = Array(0..<40).filter { $0 != 20 }
        order.removeAll { $0 == 33 }
        order.insert(33, at: 0)
        let new = try CLI.write("[" + order.map { object($0, changed: renamed.contains($0)) }.joined(separator: ",\n") + "]", to: "new.json", in: dir)
        let result = try CLI.run(["run", "--old", old, "--new", new, "--output", dir.path, "--name", "mine"] + Self.quick)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Your lists old.json → new.json: n = 40, m = 39, ids repeat: no, changed: "), "\(result.stdout)")
        let folder = dir.appendingPathComponent("mine")
        let document = try Self.results(folder)
        let engines = document.rows.filter { $0.status == "ok" }
        #expect(!engines.isEmpty)
        for row in engines {
            #expect(row.workload == "old.json → new.json")
            #expect(row.updates == renamed.count, "\(row.engine) under \(row.elements ?? "int")")
        }
        // Timed under int and uuid (the user's own id texts).
        #expect(Set(document.rows.compactMap(\.elements)) == ["int", "uuid"])
        #expect(document.datasets?.map(\.generated) == [false])
        // The page opens with the same block, and its pick is an engine verified on these lists.
        let chart = try CLI.run(["chart", folder.path])
        #expect(chart.status == 0, "\(chart.stderr)")
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let block = try #require(html.range(of: "<section id=\"your-lists\">"))
        #expect(block.lowerBound < html.range(of: "<section id=\"advice\">")!.lowerBound)
        let pick = try #require(Self.pick(in: result.stdout))
        #expect(engines.contains { $0.engine == pick })
        #expect(html.contains("Your lists old.json → new.json") && html.contains("— use \(pick)</h2>"))
    }

    @Test(
        "ids that repeat never get set, even where trimming hides the repeat from it",
        arguments: [
            (#"["a", "a", "b", "c", "d"]"#, #"["a", "a", "c", "b", "d"]"#),
            (#"["p", "q", "x", "x", "r"]"#, #"["p", "q", "x", "r", "x"]"#),
        ])
    func repeatedIDsNeverGetSet(old: String, new: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try CLI.write(old, to: "a.json", in: dir), b = try CLI.write(new, to: "b.json", in: dir)
        let result = try CLI.run(["run", "--old", a, "--new", b, "--output", dir.path, "--name", "rep"] + Self.quick)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ids repeat: yes"))
        let pick = try #require(Self.pick(in: result.stdout))
        #expect(pick != "set")
        // Where set ran (the repeat hidden by trimming), its line says why it is not advised.
        let setLine = result.stdout.split(separator: "\n").first { $0.hasPrefix("    set ") }
        #expect(setLine == nil || setLine!.hasSuffix("— avoid: needs unique ids"), "\(result.stdout)")
        #expect(try Self.results(dir.appendingPathComponent("rep")).datasets?.first?.ids_repeat == true)
    }

    @Test("a bad pair is refused with file, line and column before anything is written")
    func badPairRefusedFirst() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try CLI.write(#"[{"id": 1}, {"key": 2}]"#, to: "a.json", in: dir), b = try CLI.write("[]", to: "b.json", in: dir)
        let result = try CLI.run(["run", "--old", a, "--new", b, "--output", dir.path, "--name", "bad"] + Self.quick)
        #expect(result.status == 2)
        #expect(result.stderr.contains("a.json:1:13: element 1 has no \"id\""), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad").path))
        let unpaired = try CLI.run(["run", "--old", a, "--output", dir.path] + Self.quick)
        #expect(unpaired.status == 2 && unpaired.stderr.contains("come in pairs"))
    }

    @Test("a dataset file that only says it is a generated workload is not counted as one")
    func claimedWorkloadIsNotGenerated() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let made = dir.appendingPathComponent("made.json").path
        #expect(try CLI.run(["generate", "--workload", "mixed", "--size", "50", "--to", made]).status == 0)
        // The same header, other lists: a hand-made file calling itself mixed@50.
        let claim = try CLI.write(
            #"{"schema": "diffbench.dataset", "version": 1, "generator": "diffbench-workloads/1", "workload": "mixed", "size": 50, "seed": 1, "parameters": {}, "kind": "identified", "old": [{"id": 1, "content": 1}], "new": [{"id": 1, "content": 2}]}"#,
            to: "claim.json", in: dir)
        let result = try CLI.run(
            ["run", "--dataset", made, "--dataset", claim, "--engines", "heckel", "--output", dir.path, "--name", "claims", "--no-floor"]
                + Self.quick)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try Self.results(dir.appendingPathComponent("claims"))
        #expect(document.rows.map(\.workload) == ["mixed", "claim.json (says mixed)"])
        #expect(document.datasets?.map(\.generated) == [true, false])
    }
}
