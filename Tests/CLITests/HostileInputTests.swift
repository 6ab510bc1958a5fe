import Foundation
import Testing

/// Issue 15: hostile input files for `diff`, the results readers and
/// `chart`; every refusal is exit 2 with file:line:column where there is one.
@Suite(.serialized) struct HostileInputTests {
    static func write(_ bytes: [UInt8], _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    // Item 7
    @Test(arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func invalidUTF8IsRefusedWithItsPosition(bad: [UInt8]) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try Self.write(Array("[\"x\",\n \"".utf8) + bad + Array("\"]".utf8), "a.json", in: dir)
        let b = try Self.write(Array("[\"x\"]".utf8), "b.json", in: dir)
        let result = try CLI.run(["diff", a, b])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.contains("\(a):2:3:") && result.stderr.contains("UTF-8"), "\(result.stderr)")
    }

    @Test func theIssueReproducerNoLongerSaysZeroSteps() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try Self.write([0x5B, 0x22, 0xFF, 0x22, 0x2C, 0x22, 0xFE, 0x22, 0x5D], "a.json", in: dir)
        let b = try Self.write([0x5B, 0x22, 0xFE, 0x22, 0x2C, 0x22, 0xFF, 0x22, 0x5D], "b.json", in: dir)
        let result = try CLI.run(["diff", a, b])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(a):1:3:"), "\(result.stderr)")
    }

    // Item 14: mixed plain types, repeated keys, labels with control characters.
    @Test func mixedPlainTypesAreRefusedByDiffAsByDatasets() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try Self.write(Array("[1, \"1\"]".utf8), "a.json", in: dir)
        let b = try Self.write(Array("[1]".utf8), "b.json", in: dir)
        let result = try CLI.run(["diff", a, b])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(a):1:5:"), "\(result.stderr)")
    }

    @Test func repeatedKeysInAnElementAreRefused() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try Self.write(Array("[{\"id\": 1, \"content\": 1},\n {\"id\": 2, \"id\": 3, \"content\": 1}]".utf8), "a.json", in: dir)
        let b = try Self.write(Array("[]".utf8), "b.json", in: dir)
        let result = try CLI.run(["diff", a, b])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(a):2:18:") && result.stderr.contains("twice"), "\(result.stderr)")
    }

    @Test func labelsWithControlCharactersArePrintedEscaped() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try Self.write(Array("[\"keep\", \"\\u001b[2J\\u001b]0;owned\\u0007\", \"two\\nlines\", \"\\u009b31m\"]".utf8), "a.json", in: dir)
        let b = try Self.write(Array("[\"keep\"]".utf8), "b.json", in: dir)
        let result = try CLI.run(["diff", "--engine", "heckel", a, b])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) })
        #expect(result.stdout.contains(#""\u001b[2J\u001b]0;owned\u0007""#), "\(result.stdout)")
        #expect(result.stdout.contains(#""two\nlines""#))
        #expect(result.stdout.split(separator: "\n").count == 4)
    }

    // Item 12
    @Test(.timeLimit(.minutes(10))) func aDiffPredictedOverItsBudgetIsRefused() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 60,000 distinct integers against their reverse: D = 120,000 for myers, a 3.6·10⁹-cell lcs table.
        let count = 60_000
        let a = try Self.write(Array(("[" + (0..<count).map(String.init).joined(separator: ",") + "]").utf8), "a.json", in: dir)
        let b = try Self.write(Array(("[" + (0..<count).reversed().map(String.init).joined(separator: ",") + "]").utf8), "b.json", in: dir)
        // The engines that promise a shortest script, so must search D = 120,000 on a reversal.
        for engine in CatalogEngines.minimal {
            let result = try CLI.run(["diff", "--engine", engine, "--time-budget", "2", a, b])
            #expect(result.status == 2, "\(engine): \(result.stderr)")
            // lcs honours bounds, so it is probed before a refusal on time; its
            // 3.6·10⁹-cell table is then refused by the memory budget first.
            let refusal = engine == "lcs" ? "over the memory budget" : "--time-budget"
            #expect(result.stderr.contains(refusal), "\(engine): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        // The batch formats have the same budget.
        let batch = try CLI.run(["diff", "--engine", "myers", "--format", "batch", "--time-budget", "2", a, b])
        #expect(batch.status == 2 && batch.stderr.contains("--time-budget"), "\(batch.stderr)")
        // A linear engine is never refused; a small pair fits any budget.
        #expect(try CLI.run(["diff", "--engine", "heckel", "--time-budget", "2", a, b]).status == 0)
        let small = try Self.write(Array("[3, 2, 1]".utf8), "s.json", in: dir)
        #expect(try CLI.run(["diff", "--engine", "myers", "--time-budget", "0.001", small, small]).status == 0)
    }

    // Item 9
    static func validResults(_ dir: URL) throws -> String {
        let folder = dir.appendingPathComponent("run-1")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let object = try JSONSerialization.jsonObject(with: ChartCommandTests.resultsJSON())
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: folder.appendingPathComponent("results.json"))
        return folder.path + "/results.json"
    }

    static func commands(_ file: String, _ dir: URL) -> [[String]] {
        [
            ["targets", file], ["compare", file, file], ["baseline", "save", "b", "--from", file, "--baselines-dir", dir.path + "/baselines"],
            ["chart", file],
        ]
    }

    @Test func aTruncatedResultsFileHasAPosition() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.validResults(dir)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let cut = String(text.prefix(text.count * 2 / 3))
        try Data(cut.utf8).write(to: URL(fileURLWithPath: file))
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false).count
        for command in Self.commands(file, dir) {
            let result = try CLI.run(command)
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(file):\(lines):"), "\(command): \(result.stderr)")
        }
    }

    @Test(arguments: [("\"size\" : 1000,", "\"size\" : 1000.5,"), ("\"size\" : 1000,", "\"size\" : \"1000\","), ("\"samples\" : 10,", "\"samples\" : 1e400,"),
        ("\"version\" : 1", "\"version\" : 1.0")])
    func aWrongNumberTypeHasAPosition(original: String, replacement: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.validResults(dir)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let range = try #require(text.range(of: original))
        let line = text[..<range.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
        try Data(text.replacingCharacters(in: range, with: replacement).utf8).write(to: URL(fileURLWithPath: file))
        for command in Self.commands(file, dir) {
            let result = try CLI.run(command)
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(file):\(line):"), "\(command): \(result.stderr)")
        }
    }

    @Test func baselineSaveRefusesRepeatedRows() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.validResults(dir)
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var rows = try #require(document["rows"] as? [Any])
        rows.append(rows[0])
        document["rows"] = rows
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))
        let result = try CLI.run(["baseline", "save", "b", "--from", file, "--baselines-dir", dir.path + "/baselines"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("appears twice"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/baselines/b.json"))
    }

    // Item 14: `chart some.json` draws that file.
    @Test func chartDrawsTheNamedFile() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("run-1")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ChartCommandTests.resultsJSON(runName: "zzz-beside-zzz").write(to: folder.appendingPathComponent("results.json"))
        try ChartCommandTests.resultsJSON(runName: "named-one").write(to: folder.appendingPathComponent("other.json"))
        let empty = dir.appendingPathComponent("no-tools")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try CLI.run(["chart", folder.path + "/other.json"], environment: ["PATH": empty.path])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("index.md"), encoding: .utf8)
        #expect(page.contains("named-one") && !page.contains("zzz-beside-zzz"))
    }

    @Test func tableRefusesAMemoryBudgetThatOverflows() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try Self.write(Array("[1, 2, 3]".utf8), "a.json", in: dir)
        let result = try CLI.run(["table", "--old", a, "--new", a, "--png", dir.path + "/t.png", "--memory-budget", "\(Int.max >> 10)"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--memory-budget"), "\(result.stderr)")
    }
}
