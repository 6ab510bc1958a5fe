import DiffBenchTestSupport
import DiffEngines
import Foundation
import Testing

@testable import Workloads

/// Real text histories — this project's own files — against an oracle no
/// one here wrote: GNU `diff --minimal` (Debian's diffutils). Its changed
/// lines are the fewest deletes plus inserts, which myers and lcs (without
/// move pairing) must match exactly on every pair of versions.
@Suite(.tags(.process)) struct GitHistoryTests {
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

    /// Lines GNU diff changes: those it prints as removed (`< `) or added
    /// (`> `). `old` and `new` are whole lines, their endings included (as
    /// the import reads them), so joined they are the files' own bytes.
    static func gnuEdits(_ old: [String], _ new: [String], diff: String, in folder: String) throws -> Int {
        let a = folder + "/old.txt", b = folder + "/new.txt"
        try Data(old.joined().utf8).write(to: URL(fileURLWithPath: a))
        try Data(new.joined().utf8).write(to: URL(fileURLWithPath: b))
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
        .timeLimit(.minutes(10)))
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
            let datasets = try GitHistory.datasets(repository: repository, file: file, limit: 8).datasets
            for dataset in datasets {
                let symbols = dataset.symbols ?? []
                let old = dataset.old.map { symbols[$0.id] }, new = dataset.new.map { symbols[$0.id] }
                // The import keeps every line, in order.
                let commit = try #require(dataset.parameters["from"])
                let from = try #require(try GitHistory.lines(repository: repository, commit: commit, file: file))
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

    @Test(
        "a file with one version, a missing file and a path that is no repository are refused with git's reason",
        .enabled(if: checkoutWithGit, "needs git and this project's git checkout"))
    func refusals() throws {
        let repository = try #require(Self.repository)
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

/// The import on a repository the test builds, each version's line count
/// checked against GNU diff's (`diff -U0 /dev/null FILE` gives `+1,N`).
extension GitHistoryTests {
    /// Runs git in `folder` with a fixed author (no global configuration needed).
    static func git(_ folder: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool("git")!)
        process.arguments = ["-C", folder, "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    /// Lines in `bytes` as GNU diff counts them.
    static func gnuLineCount(_ bytes: [UInt8], diff: String, in folder: String) throws -> Int {
        let path = folder + "/count.txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: diff)
        process.arguments = ["-U0", "/dev/null", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let header = text.split(separator: "\n").first(where: { $0.hasPrefix("@@") }) else { return 0 }
        let added = header.split(separator: " ")[2].dropFirst()  // "+1,N" or "+1"
        return added.contains(",") ? Int(added.split(separator: ",")[1])! : 1
    }

    /// Versions of `data.txt`, oldest first: nil deletes the file. The last
    /// ends its lines with lone CRs, which end no line for GNU diff, nor
    /// for the reader (issue 37).
    static let versions: [[UInt8]?] = [
        Array("a\r\nb\r\nc\r\n".utf8), [], Array("x\ny".utf8), [0xEF, 0xBB, 0xBF] + Array("x\ny\n".utf8), nil,
        Array("p\nq\n".utf8), Array("p\nr\ns\n".utf8), Array("p\rr\rs\r".utf8),
    ]

    @Test(
        "a built history: CRLF, an empty version, a deleted and re-added file and a file named * are read as GNU diff counts lines",
        .enabled(if: GitHistoryTests.tool("diff") != nil && GitHistoryTests.tool("git") != nil, "needs git and GNU diff"))
    func builtHistory() throws {
        let diff = try #require(Self.tool("diff"))
        let scratch = ScratchDirectory()
        let repository = scratch.path + "/repo"
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        try Self.git(repository, ["init", "-q"])
        var counts: [Int] = []
        for (index, version) in Self.versions.enumerated() {
            let path = repository + "/data.txt"
            if let version {
                try Data(version).write(to: URL(fileURLWithPath: path))
                try Self.git(repository, ["add", "data.txt"])
                counts.append(try Self.gnuLineCount(version, diff: diff, in: scratch.path))
            } else {
                try Self.git(repository, ["rm", "-q", "data.txt"])
            }
            // A file named "*" changes in every other commit: a pattern would match data.txt's commits too.
            if index % 3 == 0 {
                try Data("star \(index)\n".utf8).write(to: URL(fileURLWithPath: repository + "/*"))
                try Self.git(repository, ["add", "--", ":(literal)*"])
            }
            try Self.git(repository, ["commit", "-q", "-m", "version \(index)"])
        }
        let history = try GitHistory.datasets(repository: repository, file: "data.txt", limit: 20)
        // Versions 0–3 give three pairs, 5–7 two; the deletion is a note, not a pair.
        #expect(history.datasets.count == 5)
        #expect(history.notes.count == 1 && history.notes[0].contains("deleted"), "\(history.notes)")
        let pairs = [(0, 1), (1, 2), (2, 3), (4, 5), (5, 6)]
        for (dataset, (from, to)) in zip(history.datasets, pairs) {
            #expect(dataset.old.count == counts[from] && dataset.new.count == counts[to], "\(from)→\(to)")
            #expect(dataset.parameters["unit"] == "lines")
        }
        // Changed with issue 37: a line is its bytes with its ending, a BOM part of the first line, so
        // "x\ny" and BOM + "x\ny\n" share no line (they held the same lines when both were left out).
        #expect(history.datasets[2].old.count == 2 && history.datasets[2].new.count == 2)
        #expect(Set(history.datasets[2].old.map(\.id)).isDisjoint(with: history.datasets[2].new.map(\.id)))
        // "*" is the file of that name, not every file: its own three versions.
        let star = try GitHistory.datasets(repository: repository, file: "*", limit: 20)
        #expect(star.datasets.count == 2)
        #expect(star.datasets.allSatisfy { $0.old.count == 1 && $0.new.count == 1 })
        // A version over --max-bytes is refused with its size.
        let error = #expect(throws: GitHistory.ImportError.self) {
            _ = try GitHistory.datasets(repository: repository, file: "data.txt", limit: 20, maxBytes: 5)
        }
        #expect(error?.description.contains("is 9 B (9 bytes), over --max-bytes 5") == true, "\(String(describing: error))")
    }
}

/// Whether git is installed and the tests run inside this project's checkout.
private var checkoutWithGit: Bool { GitHistoryTests.repository != nil && GitHistoryTests.tool("git") != nil }
