import DiffBenchKit
import DiffBenchTestSupport
import Foundation
import Testing

/// Issue 25: `diff --lines`, the unified format `patch` applies, `set` on
/// repeated ids, and `diff --engines`.
@Suite("diff on the user's texts and lists")
struct DiffTextTests {
    /// Pairs of texts, as bytes: changes at both ends and in the middle,
    /// a last line losing or gaining its break, CRLF against LF, empty files,
    /// lone CRs, a byte order mark added, removed or kept.
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
        // A byte order mark is part of the first line (issue 37): added, removed, kept while a later line changes.
        ("a\nb\n", "\u{FEFF}a\nb\n"),
        ("\u{FEFF}a\r\nb\r\n", "a\r\nb\r\n"),
        ("\u{FEFF}a\nb\nc\n", "\u{FEFF}a\nB\nc\n"),
        ("a\r\nb\r\nc\r\n", "a\nb\nc\n"),
        // Canonically equivalent lines are two lines (issue 37): é precomposed and decomposed.
        ("a\n\u{E9}\nb\n", "a\ne\u{301}\nb\n"),
    ]

    @Test(
        "diff --lines --format unified gives a patch that turns A into B",
        arguments: pairs.indices, CatalogEngines.all)
    func unifiedRoundTrip(index: Int, engine: String) throws {
        let (a, b) = Self.pairs[index]
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write(a, to: "a.txt", in: dir), new = try CLI.write(b, to: "b.txt", in: dir)
        // Each pair also goes through the built binary with one engine, the catalog's engine `index` mod their
        // number (every engine's turn comes while there are no more engines than pairs); the rest are made in process.
        let binary = index % CatalogEngines.all.count == CatalogEngines.all.firstIndex(of: engine)
        let unified = try DiffInProcess.checked(["--lines", "--engine", engine, "--format", "unified", old, new], throughBinary: binary)
        let patchFile = try CLI.write(unified, to: "p.diff", in: dir)
        let target = try CLI.write(a, to: "work.txt", in: dir)
        let patch = Process()
        patch.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        patch.arguments = ["--quiet", "--force", target, patchFile]
        try patch.run()
        patch.waitUntilExit()
        #expect(patch.terminationStatus == 0, "\(unified)")
        let patched = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(patched == Data(b.utf8), "patch:\n\(unified)")
    }

    /// A random text for ``formatsAgreeOnLineEnds()``: a few short lines
    /// (repeats likely), each ended by LF, CRLF, or nothing on the last;
    /// some hold a lone CR or an é (precomposed or decomposed); a byte
    /// order mark sometimes.
    static func randomLines(_ random: inout TestRandom) -> [String] {
        let words = ["a", "b", "c", "", "a\rb", "c\r", "\u{FEFF}a", "\u{E9}", "e\u{301}"]
        var lines = (0..<random.int(in: 0...7)).map { _ in words[random.below(words.count)] + (random.chance(0.7) ? "\n" : "\r\n") }
        if !lines.isEmpty, random.chance(0.3) { lines[lines.count - 1] = withoutEnding(lines[lines.count - 1]) }
        if !lines.isEmpty, random.chance(0.2) { lines[0] = "\u{FEFF}" + lines[0] }
        lines.removeAll { $0.isEmpty }  // an empty line without its break is no line
        return lines
    }

    /// `line` without its final LF or CRLF. Over scalars: as `Character`s,
    /// CR LF is one, unequal to LF.
    static func withoutEnding(_ line: String) -> String {
        var scalars = line.unicodeScalars
        if scalars.last == "\n" { scalars.removeLast() }
        if line.unicodeScalars.last == "\n", scalars.last == "\r" { scalars.removeLast() }
        return String(scalars)
    }

    /// `line` with its é in the other form (precomposed U+00E9, or e and
    /// U+0301): canonically equivalent, so `String ==` calls the two equal,
    /// but other bytes. Over scalars, since `Character`s would match either.
    static func otherForm(_ line: String) -> String {
        var scalars = Array(line.unicodeScalars)
        if let i = scalars.firstIndex(of: "\u{E9}") {
            scalars.replaceSubrange(i...i, with: ["e", "\u{301}"])
        } else if let i = scalars.firstIndex(of: "\u{301}"), i > 0, scalars[i - 1] == "e" {
            scalars.replaceSubrange((i - 1)...i, with: ["\u{E9}"])
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    /// The new text of a pair: `old`'s lines with some endings changed, an é
    /// put in its other form, a byte order mark added or dropped, lines
    /// dropped, added and swapped.
    static func edited(_ old: [String], _ random: inout TestRandom) -> [String] {
        var lines = old.map { line -> String in
            random.chance(0.25) ? withoutEnding(line) + ["\n", "\r\n", ""][random.below(3)] : line
        }
        lines = lines.map { random.chance(0.3) ? otherForm($0) : $0 }
        if !lines.isEmpty, random.chance(0.2) { lines[0] = lines[0].hasPrefix("\u{FEFF}") ? String(lines[0].dropFirst()) : "\u{FEFF}" + lines[0] }
        if !lines.isEmpty, random.chance(0.3) { lines.remove(at: random.below(lines.count)) }
        if random.chance(0.3) { lines.insert(randomLines(&random).first ?? "x\n", at: random.below(lines.count + 1)) }
        if lines.count > 1, random.chance(0.3) { lines.swapAt(0, lines.count - 1) }
        // Only the last line may lack a line break: give any other one a LF.
        for index in lines.indices.dropLast() where lines[index].unicodeScalars.last != "\n" { lines[index] += "\n" }
        lines.removeAll { $0.isEmpty }
        return lines
    }

    /// The kinds of line ``formatsAgreeOnLineEnds()`` sends through the
    /// built binary, one round each: ``kinds(_:_:)`` names them.
    static let lineKinds = [
        "LF", "CRLF", "LF and CRLF in one text", "lone CR", "byte order mark", "no final newline", "é in both forms", "same bytes",
    ]

    /// What a pair `a` → `b` holds of ``lineKinds``: its line endings (LF,
    /// CRLF, both in one text, a CR inside a line), a byte order mark, a
    /// last line without its break, an é turned into its other form, or
    /// no change at all. Over scalars, since a `Character` joins CR LF. O(bytes).
    static func kinds(_ a: String, _ b: String) -> Set<String> {
        var kinds: Set<String> = Array(a.utf8) == Array(b.utf8) ? ["same bytes"] : []
        for text in [a, b] {
            let scalars = Array(text.unicodeScalars)
            var endings: Set<String> = []
            for (i, scalar) in scalars.enumerated() {
                if scalar == "\n" { endings.insert(i > 0 && scalars[i - 1] == "\r" ? "CRLF" : "LF") }
                if scalar == "\r", i + 1 == scalars.count || scalars[i + 1] != "\n" { kinds.insert("lone CR") }
                if scalar == "\u{FEFF}" { kinds.insert("byte order mark") }
            }
            kinds.formUnion(endings)
            if endings.count == 2 { kinds.insert("LF and CRLF in one text") }
            if let last = scalars.last, last != "\n" { kinds.insert("no final newline") }
        }
        func has(_ text: String, _ scalar: Unicode.Scalar) -> Bool { text.unicodeScalars.contains(scalar) }
        if (has(a, "\u{E9}") && has(b, "\u{301}")) || (has(a, "\u{301}") && has(b, "\u{E9}")) { kinds.insert("é in both forms") }
        return kinds
    }

    /// The steps of a changeset's JSON: deletes, inserts, moves, updates.
    static func steps(json: String) throws -> (deletes: Int, inserts: Int, moves: Int, updates: Int) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        func count(_ key: String) throws -> Int { try #require(object[key] as? [Any]).count }
        return (try count("deletes"), try count("inserts"), try count("moves"), try count("updates"))
    }

    /// The steps of a `--format batch-json` file: deleted, inserted, moved
    /// and reloaded items over all its stages.
    static func batchSteps(_ json: String) throws -> Int {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let stages = try #require(object["stages"] as? [[String: Any]])
        return stages.reduce(0) { sum, stage in
            sum + ["delete_items", "insert_items", "move_items", "reload_items"].reduce(0) { $0 + ((stage[$1] as? [Any])?.count ?? 0) }
        }
    }

    @Test(
        "on texts mixing LF, CRLF, lone CRs, missing final breaks, byte order marks and é in both forms, every format counts the same steps, and the unified diff rebuilds the new text",
        .timeLimit(.minutes(10)))
    func formatsAgreeOnLineEnds() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let patchTool = FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") ? "/usr/bin/patch" : nil
        var random = TestRandom(seed: 37)
        let rounds = (0..<60).map { _ in
            let oldText = Self.randomLines(&random)
            return (old: oldText, new: Self.edited(oldText, &random))
        }
        // Every round is made in process (DiffInProcess); the first round showing each kind of line also goes
        // through the built binary, which must print the same bytes, so the command's own path is tried on each kind.
        let kinds = rounds.map { Self.kinds($0.old.joined(), $0.new.joined()) }
        #expect(Set(kinds.joined()) == Set(Self.lineKinds), "\(Set(kinds.joined()))")
        let throughBinary = Set(Self.lineKinds.compactMap { kind in kinds.firstIndex { $0.contains(kind) } })
        var differing = 0
        for (round, (oldText, newText)) in rounds.enumerated() {
            let a = oldText.joined(), b = newText.joined()
            let old = try CLI.write(a, to: "old-\(round).txt", in: dir), new = try CLI.write(b, to: "new-\(round).txt", in: dir)
            let shown = "\(Array(a.utf8)) → \(Array(b.utf8))"
            if Array(a.utf8) != Array(b.utf8) { differing += 1 }
            func diff(_ format: [String]) throws -> String {
                try DiffInProcess.checked(["--lines"] + format + [old, new], throughBinary: throughBinary.contains(round))
            }

            let json = try diff(["--format", "json"])
            let steps = try Self.steps(json: json)
            let total = steps.deletes + steps.inserts + steps.moves + steps.updates
            #expect(steps.updates == 0)
            // Identical bytes: no step; otherwise at least one (a BOM or an ending alone is a change).
            #expect((total == 0) == (Array(a.utf8) == Array(b.utf8)), "\(shown): \(json)")

            let text = try diff([])
            #expect(text.hasPrefix("myers: \(oldText.count) → \(newText.count) elements, \(total) step"), "\(shown): \(text)")
            #expect(text.split(separator: "\n").count == 1 + total, "\(shown): \(text)")
            // Untrusted bytes stay escaped: no raw CR or byte order mark reaches the terminal.
            #expect(!text.unicodeScalars.contains { $0 == "\r" || $0 == "\u{FEFF}" }, "\(shown): \(text)")

            let batch = try diff(["--format", "batch-json"])
            #expect(try Self.batchSteps(batch) == total, "\(shown): \(batch)")

            let unified = try diff(["--format", "unified"])
            // The patch's lines split as patch splits them, at LF bytes (as Characters, CR LF is not LF).
            let body = unified.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropFirst(2)
            // A move is a deleted and an inserted line in a patch.
            #expect(body.filter { $0.first == UInt8(ascii: "-") }.count == steps.deletes + steps.moves, "\(shown):\n\(unified)")
            #expect(body.filter { $0.first == UInt8(ascii: "+") }.count == steps.inserts + steps.moves, "\(shown):\n\(unified)")
            #expect(unified.isEmpty == (total == 0))
            if let patchTool, total > 0 {
                let patchFile = try CLI.write(unified, to: "p-\(round).diff", in: dir)
                let target = try CLI.write(a, to: "work-\(round).txt", in: dir)
                let patch = Process()
                patch.executableURL = URL(fileURLWithPath: patchTool)
                patch.arguments = ["--quiet", "--force", target, patchFile]
                patch.standardOutput = FileHandle.nullDevice
                try patch.run()
                patch.waitUntilExit()
                #expect(patch.terminationStatus == 0, "\(shown):\n\(unified)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(b.utf8), "\(shown):\n\(unified)")
            }
        }
        #expect(differing > 40)
    }

    @Test(
        "run --lines counts the steps diff --lines counts on a pair that differs in line ends and a byte order mark",
        .timeLimit(.minutes(10)))
    func runCountsAsDiff() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Line 1 gains a byte order mark, line 2 loses its CR, line 4 gains its break: three lines changed, c kept.
        let old = try CLI.write("a\nb\r\nc\nd", to: "old.txt", in: dir), new = try CLI.write("\u{FEFF}a\nb\nc\nd\n", to: "new.txt", in: dir)
        let diff = try CLI.run(["diff", "--lines", "--format", "json", old, new])
        #expect(diff.status == 0, "\(diff.stderr)")
        let steps = try Self.steps(json: diff.stdout)
        #expect(steps.deletes == 3 && steps.inserts == 3 && steps.moves == 0, "\(diff.stdout)")
        let run = try CLI.run(
            ["run", "--lines", "--engines", "myers", "--old", old, "--new", new, "--output", dir.path, "--name", "ends"] + YourListsRunTests.quick)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try ResultsStore.read(dir.path + "/ends").rows.filter { $0.engine == "myers" && $0.status == .ok }
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.steps == 6 }, "\(rows.map(\.steps))")
    }

    /// Issue 37: é precomposed and é decomposed are canonically equivalent
    /// (`String ==` calls them equal) but other bytes, so two lines, as git
    /// counts them: a delete and an insert in every format, in `run --lines`
    /// (`int` codes and `uuid` strings alike), and a patch that rebuilds the
    /// new bytes.
    @Test("canonically equivalent lines are two lines in every format and in run --lines", .timeLimit(.minutes(10)))
    func canonicallyEquivalentLinesDiffer() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write("\u{E9}\n", to: "old.txt", in: dir), new = try CLI.write("e\u{301}\n", to: "new.txt", in: dir)
        let json = try CLI.run(["diff", "--lines", "--format", "json", old, new])
        #expect(json.status == 0, "\(json.stderr)")
        let steps = try Self.steps(json: json.stdout)
        #expect(steps.deletes == 1 && steps.inserts == 1 && steps.moves == 0, "\(json.stdout)")
        let text = try CLI.run(["diff", "--lines", old, new])
        #expect(text.stdout.hasPrefix("myers: 1 → 1 elements, 2 steps"), "\(text.stdout)")
        let batch = try CLI.run(["diff", "--lines", "--format", "batch-json", old, new])
        #expect(try Self.batchSteps(batch.stdout) == 2, "\(batch.stdout)")
        let unified = try CLI.run(["diff", "--lines", "--format", "unified", old, new])
        // Compared as bytes: `String.hasSuffix` would take either form.
        let hunk = Array("@@ -1 +1 @@\n-\u{E9}\n+e\u{301}\n".utf8)
        #expect(Array(unified.stdout.utf8.suffix(hunk.count)) == hunk, "\(unified.stdout)")
        let run = try CLI.run(
            ["run", "--lines", "--engines", "all", "--elements", "int,uuid", "--old", old, "--new", new, "--output", dir.path, "--name", "forms"]
                + YourListsRunTests.quick)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try ResultsStore.read(dir.path + "/forms").rows.filter { $0.status == .ok }
        #expect(rows.count > 8)
        #expect(rows.allSatisfy { $0.steps == 2 }, "\(rows.map { "\($0.engine) \($0.elements.rawValue) \($0.steps ?? -1)" })")
    }

    /// Changed with issue 37: the last line without its break is another
    /// line than the same line with one (it was 0 steps), and the listing
    /// says so.
    @Test("a missing final newline is noted on standard error, and the line it ends differs from the same line with one")
    func missingNewlineNoted() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try CLI.write("a\nb", to: "a.txt", in: dir), new = try CLI.write("a\nb\n", to: "b.txt", in: dir)
        let result = try CLI.run(["diff", "--lines", old, new])
        #expect(result.status == 0)
        #expect(result.stderr.contains("a.txt: no newline at end of file"))
        #expect(!result.stderr.contains("b.txt"))
        #expect(result.stdout.hasPrefix("myers: 2 → 2 elements, 2 steps"), "\(result.stdout)")
        #expect(result.stdout.contains("delete  old[1]  \"b\" (no newline at end of file)\ninsert  new[1]  b"), "\(result.stdout)")
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
