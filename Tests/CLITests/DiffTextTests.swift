import DiffBenchKit
import Foundation
import Testing

/// Issue 25: `diff --lines`, the unified format `patch` applies, `set` on
/// repeated ids, and `diff --engines`.
@Suite("diff on the user's texts and lists")
struct DiffTextTests {
    /// Pairs of texts, as bytes: changes at both ends and in the middle,
    /// a last line losing or gaining its break, CRLF against LF, empty files,
    /// lone CRs.
    static let pairs: [(String, String)] = [
        ("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n", "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nK\nl\nm\n"),
        ("a\nb\nc", "a\nb\nc\n"),
        ("a\nb\nc\n", "a\nb\nc"),
        ("a\r\nb\r\nc\r\n", "a\r\nb\nc\r\n"),
        ("", "x\ny\n"),
        ("x\ny\n", ""),
        ("1\n2\n3\n4\n5\n6\n7\n8\n", "8\n2\n3\n4\n5\n6\n7\n1\n"),
        // Lone CRs, which patch and git keep inside a line: CR-only, mixed, a lone CR at the end.
        ("a\rb\rc", "a\rb\rd\r"),
        ("a\nb\r\nc\rd\ne\nf\ng\nh\ni\n", "a\nb\r\nx\rd\ne\nf\ng\nh\ni\r"),
        ("a\nb\n", "a\nb\r"),
        ("a\rb\rc\r", "a\nb\nc\n"),
    ]

    @Test(
        "diff --lines --format unified gives a patch that turns A into B",
        arguments: pairs.indices, CatalogEngines.all)
    func unifiedRoundTrip(index: Int, engine: String) throws {
        let (a, b) = Self.pairs[index]
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write(a, to: "a.txt", in: dir), new = try CLI.write(b, to: "b.txt", in: dir)
        let result = try CLI.run(["diff", "--lines", "--engine", engine, "--format", "unified", old, new])
        #expect(result.status == 0, "\(result.stderr)")
        let patchFile = try CLI.write(result.stdout, to: "p.diff", in: dir)
        let target = try CLI.write(a, to: "work.txt", in: dir)
        let patch = Process()
        patch.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        patch.arguments = ["--quiet", "--force", target, patchFile]
        try patch.run()
        patch.waitUntilExit()
        #expect(patch.terminationStatus == 0, "\(result.stdout)")
        let patched = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(patched == Data(b.utf8), "patch:\n\(result.stdout)")
    }

    @Test("a missing final newline is noted on standard error")
    func missingNewlineNoted() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write("a\nb", to: "a.txt", in: dir), new = try CLI.write("a\nb\n", to: "b.txt", in: dir)
        let result = try CLI.run(["diff", "--lines", old, new])
        #expect(result.status == 0)
        #expect(result.stderr.contains("a.txt: no newline at end of file"))
        #expect(!result.stderr.contains("b.txt"))
        #expect(result.stdout.hasPrefix("myers: 2 → 2 elements, 0 steps"))
    }

    @Test(
        "set refuses repeated ids even where trimming would hide them",
        arguments: [["--chars", "aab", "ab"], ["--chars", "abb", "abb"], ["--chars", "xy", "xyy"]])
    func setRefusesHiddenRepeats(arguments: [String]) throws {
        let result = try CLI.run(["diff", "--engine", "set"] + arguments)
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.contains("duplicate id"), "\(result.stderr)")
    }

    @Test("diff --engines prints one line per engine asked for", arguments: ["all", "heckel,myers"])
    func enginesLines(engines: String) throws {
        let result = try CLI.run(["diff", "--engines", engines, "--chars", "abcdef", "bcadefx"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").dropFirst()
        // "all" is every engine the binary registers: the built-ins.
        let expected = engines == "all"
            ? EngineRegistry.builtIns.names.map(\.rawValue)
            : engines.split(separator: ",").map(String.init)
        #expect(rows.map { String($0.prefix { $0 != " " }) }.sorted() == expected.sorted(), "\(result.stdout)")
        for row in rows {
            #expect(row.contains(" steps, ") && row.contains("minimal: "), "\(row)")
        }
        // heckel's answer here is not the shortest; myers' always is.
        #expect(rows.contains { $0.hasPrefix("myers ") && $0.contains("minimal: yes") })
        #expect(rows.contains { $0.hasPrefix("heckel ") && $0.contains("minimal: no") })
    }

    @Test("diff --engines names why set cannot run on repeated ids, and the others still run")
    func enginesWithRepeats() throws {
        let result = try CLI.run(["diff", "--engines", "set,myers", "--chars", "aab", "ab"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("set    refused: OLD: duplicate id \"a\""), "\(result.stdout)")
        #expect(result.stdout.contains("myers  1 step"))
    }

    @Test("diff --help names the default engine")
    func helpNamesDefault() throws {
        let result = try CLI.run(["diff", "--help"])
        #expect(result.stdout.contains("Default: myers."))
    }
}
