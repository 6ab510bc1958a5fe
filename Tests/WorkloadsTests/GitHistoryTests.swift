import DiffBenchTestSupport
import DiffEngines
import Foundation
import Formats
import Testing

@testable import Workloads

/// Real text histories — this project's own files — against an oracle no
/// one here wrote: GNU `diff --minimal` (Debian's diffutils). Its changed
/// lines are the fewest deletes plus inserts, which myers and lcs (without
/// move pairing) must match exactly on every pair of versions.
@Suite struct GitHistoryTests {
    /// The repository this test file is in, or nil (a source tarball).
    static var repository: String? {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return folder.path }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Lines GNU diff changes: those it prints as removed (`< `) or added (`> `).
    static func gnuEdits(_ old: [String], _ new: [String], diff: String, in folder: String) throws -> Int {
        let a = folder + "/old.txt", b = folder + "/new.txt"
        try Data(old.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: a))
        try Data(new.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: b))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: diff)
        process.arguments = ["--minimal", a, b]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus <= 1, "diff failed")
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix("< ") || $0 == "<" || $0.hasPrefix("> ") || $0 == ">" }.count
    }

    @Test(
        "myers and lcs edit counts equal GNU diff --minimal on this project's own history",
        .timeLimit(.minutes(3)))
    func gnuDiffOracle() throws {
        guard let repository = Self.repository, let diff = Self.tool("diff"), Self.tool("git") != nil else {
            print("GitHistoryTests: skipped (needs a git checkout, git and GNU diff)")
            return
        }
        let scratch = ScratchDirectory()
        var pairs = 0
        for file in ["README.md", "Makefile", "Package.swift", "Guides/Heckel.md", "scripts/bench-ci.sh"] {
            // A shallow clone may hold one version of a file: nothing to pair there.
            guard try GitHistory.commits(repository: repository, file: file, limit: 8).count >= 2 else { continue }
            let datasets = try GitHistory.datasets(repository: repository, file: file, limit: 8)
            for dataset in datasets {
                let symbols = dataset.symbols ?? []
                let old = dataset.old.map { symbols[$0.id] }, new = dataset.new.map { symbols[$0.id] }
                // The import keeps every line, in order.
                let from = try GitHistory.lines(repository: repository, commit: try #require(dataset.parameters["from"]), file: file)
                #expect(old == from, "\(file)")
                let expected = try Self.gnuEdits(old, new, diff: diff, in: scratch.path)
                let options = DiffOptions(inferMoves: false)
                for engine in [EngineName.myers, .lcs] {
                    let changes = try BuiltInEngine(engine).diff(fromValues: old, toValues: new, options: options)
                    #expect(
                        changes.deletes.count + changes.inserts.count == expected,
                        "\(engine) on \(file) \(dataset.parameters["from"] ?? "")→\(dataset.parameters["to"] ?? "")")
                    #expect(changes.verify(oldValues: old, newValues: new) == nil)
                }
                pairs += 1
            }
        }
        if pairs == 0 {
            print("GitHistoryTests: skipped (the clone has no history of these files: shallow?)")
        }
    }

    @Test("a file with one version, a missing file and a path that is no repository are refused with git's reason")
    func refusals() throws {
        guard let repository = Self.repository, Self.tool("git") != nil else { return }
        #expect(throws: GitHistory.ImportError.self) {
            try GitHistory.datasets(repository: repository, file: "no/such/file.txt", limit: 5)
        }
        do {
            _ = try GitHistory.datasets(repository: "/nonexistent-repository", file: "README.md", limit: 5)
            Issue.record("a missing repository was accepted")
        } catch {
            #expect(error.description.contains("nonexistent-repository"))
        }
    }
}
