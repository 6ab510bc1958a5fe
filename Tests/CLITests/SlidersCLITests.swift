import Foundation
import Testing

/// Issue 28: `--sliders` on diff and run, and `hunks` against git.
@Suite("slider placement on the command line")
struct SlidersCLITests {
    /// An added `if` block that can slide: myers and down put it after the
    /// first block, git's indent heuristic adds the whole block at its own
    /// indentation.
    static let old = "func f() {\n    if a {\n        y()\n    }\n    x()\n    if a {\n        y()\n    }\n}\n"
    static let new = "func f() {\n    if a {\n        y()\n    }\n    if a {\n        y()\n    }\n    x()\n    if a {\n        y()\n    }\n}\n"

    static func hunkHeaders(_ unified: String) -> [String] {
        unified.split(separator: "\n").filter { $0.hasPrefix("@@ ") }.map(String.init)
    }

    @Test(
        "diff --sliders moves the unified hunk, and the patch still turns A into B",
        arguments: [("none", "@@ -2,6 +2,9 @@"), ("down", "@@ -2,6 +2,9 @@"), ("indent", "@@ -1,4 +1,7 @@")])
    func unifiedHunkMoves(policy: String, header: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let oldFile = try CLI.write(Self.old, to: "a.txt", in: dir), newFile = try CLI.write(Self.new, to: "b.txt", in: dir)
        let result = try CLI.run(["diff", "--lines", "--format", "unified", "--sliders", policy, oldFile, newFile])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.hunkHeaders(result.stdout) == [header], "\(result.stdout)")
        #expect(try Self.patched(Self.old, with: result.stdout, in: dir) == Self.new)
    }

    /// Lines drawn from few values, so most changes are sliders.
    static func repetitiveText(seed: Int) -> (String, String) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(bound))
        }
        let alphabet = ["}", "", "    x()", "{", "a"]
        let old = (0..<(10 + next(30))).map { _ in alphabet[next(alphabet.count)] }
        var new = old
        for _ in 0..<(1 + next(5)) {
            if next(2) == 0, !new.isEmpty { new.remove(at: next(new.count)) } else { new.insert(alphabet[next(alphabet.count)], at: next(new.count + 1)) }
        }
        return (old.map { $0 + "\n" }.joined(), new.map { $0 + "\n" }.joined())
    }

    @Test(
        "a unified diff after sliding applies with patch, for every engine and policy",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/patch"), "needs patch"),
        arguments: CatalogEngines.acceptingRepeats, ["down", "indent"])
    func patchRoundTrip(engine: String, policy: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Three texts per engine and policy: the command's unified output is
        // what is tried here, made in process (DiffInProcess) and, for the
        // first text, by the built binary too, which must print the same
        // bytes; where each policy puts a slider is held to git's and GNU
        // diff's in process (SliderPlacementTests).
        for seed in 1...3 {
            let (a, b) = Self.repetitiveText(seed: seed)
            let oldFile = try CLI.write(a, to: "a.txt", in: dir), newFile = try CLI.write(b, to: "b.txt", in: dir)
            let unified = try DiffInProcess.checked(
                ["--lines", "--format", "unified", "--engine", engine, "--sliders", policy, oldFile, newFile], throughBinary: seed == 1)
            #expect(try Self.patched(a, with: unified, in: dir) == b, "seed \(seed):\n\(unified)")
        }
    }

    @Test(
        "two changes six unchanged lines apart make one hunk, as in GNU diff -u",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/diff"), "needs GNU diff"),
        arguments: [5, 6, 7])
    func hunksMergeAsGNUDiff(gap: Int) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lines = (0..<(gap + 12)).map { "line \($0)" }
        var changed = lines
        changed[5] = "changed 5"
        changed[6 + gap] = "changed \(6 + gap)"
        let oldFile = try CLI.write(lines.map { $0 + "\n" }.joined(), to: "a.txt", in: dir)
        let newFile = try CLI.write(changed.map { $0 + "\n" }.joined(), to: "b.txt", in: dir)
        let ours = try CLI.run(["diff", "--lines", "--format", "unified", oldFile, newFile])
        let gnu = try CLI.run(["-u", oldFile, newFile], executable: URL(fileURLWithPath: "/usr/bin/diff"))
        #expect(Self.hunkHeaders(ours.stdout) == Self.hunkHeaders(gnu.stdout), "ours:\n\(ours.stdout)\nGNU:\n\(gnu.stdout)")
        #expect(Self.hunkHeaders(ours.stdout).count == (gap <= 6 ? 1 : 2))
    }

    @Test("--sliders is refused where it cannot show", arguments: [["--engines", "all"], ["--format", "batch"]])
    func refusedWhereMeaningless(extra: [String]) throws {
        let result = try CLI.run(["diff", "--chars", "xaab", "xab", "--sliders", "down"] + extra)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--sliders"), "\(result.stderr)")
    }

    @Test("diff --sliders on JSON items keeps the steps and names the equal element further down")
    func itemsSlide() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let oldFile = try CLI.write(#"[{"id": 1, "t": "a"}, {"id": 2, "t": "x"}, {"id": 3, "t": "b"}]"#, to: "a.json", in: dir)
        let newFile = try CLI.write(
            #"[{"id": 1, "t": "a"}, {"id": 2, "t": "x"}, {"id": 2, "t": "x"}, {"id": 3, "t": "b"}]"#, to: "b.json", in: dir)
        let none = try CLI.run(["diff", "--format", "json", "--sliders", "none", oldFile, newFile])
        let down = try CLI.run(["diff", "--format", "json", "--sliders", "down", oldFile, newFile])
        #expect(none.status == 0 && down.status == 0, "\(none.stderr)\(down.stderr)")
        #expect(down.stdout.contains("\"inserts\": [2]") || down.stdout.contains("\"inserts\":[2]"), "\(down.stdout)")
        #expect(none.stdout != down.stdout || none.stdout.contains("[2]"))
    }

    /// A two-commit repository holding `old` then `new` as code.swift.
    static func repository(in dir: URL) throws -> String {
        let repository = dir.appendingPathComponent("repo").path
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        func git(_ arguments: [String]) throws {
            _ = try CLI.tool(["git", "-C", repository, "-c", "user.name=T", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"] + arguments)
        }
        try git(["init", "-q"])
        for text in [old, new] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: repository + "/code.swift"))
            try git(["add", "code.swift"])
            try git(["commit", "-q", "-m", "v"])
        }
        return repository
    }

    @Test(
        "hunks counts a file as agreeing with git only once the indent heuristic places its slider",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
    func hunksAgainstGit() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let repository = try Self.repository(in: dir)
        let result = try CLI.run(["hunks", "--from-git", repository, "--range", "HEAD~1..HEAD", "--engines", "myers,histogram", "--format", "json", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["files"] as? Int == 1)
        let cells = try #require(json["cells"] as? [[String: Any]])
        #expect(cells.count == 6)
        for cell in cells {
            let expected = cell["sliders"] as? String == "indent" ? 1 : 0
            #expect(cell["agreeing"] as? Int == expected && cell["files"] as? Int == 1, "\(cell)")
        }
    }

    @Test(
        "run --sliders records the policy in results.json and every row is still verified",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"),
        .timeLimit(.minutes(10)))
    func runRecordsSliders() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let repository = try Self.repository(in: dir)
        let result = try CLI.run([
            "run", "--from-git", repository, "--range", "HEAD~1..HEAD", "--engines", "myers,heckel,histogram", "--sliders", "indent",
            "--in-process", "--no-memory", "--repetitions", "1", "--min-time", "0", "--quiet", "--output", dir.path, "--name", "r",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: dir.appendingPathComponent("r/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let plan = try #require(document["plan"] as? [String: Any], "\(document.keys)")
        #expect(plan["sliders"] as? String == "indent")
        let rows = try #require(document["rows"] as? [[String: Any]])
        let engineRows = rows.filter { ($0["engine"] as? String).map { $0 != "floor" } ?? false }
        #expect(!engineRows.isEmpty)
        #expect(engineRows.allSatisfy { $0["verified"] as? Bool == true }, "\(engineRows)")
    }

    @Test(
        "run --from-git records for each row whether its hunks equal git's, and targets reads the share",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"),
        .timeLimit(.minutes(10)))
    func runRecordsGitHunks() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let repository = try Self.repository(in: dir)
        // As `hunks` shows above: myers and histogram give git's hunks on this pair only once indent places the slider.
        for (policy, agrees) in [("indent", true), ("none", false)] {
            let result = try CLI.run(
                [
                    "run", "--from-git", repository, "--range", "HEAD~1..HEAD", "--engines", "myers,histogram", "--sliders", policy,
                    "--elements", "int", "--no-memory", "--repetitions", "1", "--min-time", "0", "--quiet", "--output", dir.path,
                    "--name", policy,
                ] + (policy == "none" ? ["--in-process"] : []))
            #expect(result.status == 0, "\(result.stderr)")
            let data = try Data(contentsOf: dir.appendingPathComponent("\(policy)/results.json"))
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let datasets = try #require(document["datasets"] as? [[String: Any]])
            #expect(datasets.count == 1 && datasets.allSatisfy { $0["from_git"] as? Bool == true }, "\(datasets)")
            let rows = try #require(document["rows"] as? [[String: Any]]).filter { $0["engine"] as? String != "floor" }
            #expect(rows.count == 2)
            #expect(rows.allSatisfy { $0["git_hunks_equal"] as? Bool == agrees }, "\(policy): \(rows)")
            let csv = try String(contentsOf: dir.appendingPathComponent("\(policy)/results.csv"), encoding: .utf8)
            #expect(csv.split(separator: "\n").first?.split(separator: ",").contains("git_hunks_equal") == true)
        }
        let targets = try CLI.run(["targets", dir.appendingPathComponent("indent").path])
        let line = try #require(targets.stdout.split(separator: "\n").first { $0.contains("hunks equal git's") && $0.contains("histogram") }, "\(targets.stdout)")
        #expect(line.contains("100 % (1 of 1 pairs)") && line.contains("✅"), "\(line)")
    }

    static func patched(_ text: String, with patch: String, in dir: URL) throws -> String {
        let target = try CLI.write(text, to: "work.txt", in: dir)
        let patchFile = try CLI.write(patch, to: "p.diff", in: dir)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        process.arguments = ["--quiet", "--force", target, patchFile]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: target)), as: UTF8.self)
    }
}
