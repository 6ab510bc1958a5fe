import DiffBenchTestSupport
import Foundation
import Testing
import Workloads

/// `--from-git REPO --range A..B` on a repository the test builds: a
/// modified file, a rename with a change, a deletion, an added file, a
/// binary file, a CRLF file and a file over --max-bytes.
@Suite(.tags(.process)) struct GitRangeTests {
    static let hasGit = GitHistoryTests.tool("git") != nil

    /// The two commits: file name → bytes (nil: absent).
    static let first: [String: [UInt8]] = [
        "keep.txt": Array("one\ntwo\nthree\n".utf8),
        "old name.txt": Array((1...20).map { "line \($0)\n" }.joined().utf8),
        "gone.txt": Array("bye\n".utf8),
        "image.bin": [0x89, 0x50, 0x00, 0x01, 0x0A, 0x02],
        "crlf.txt": Array("a\r\nb\r\nc\r\n".utf8),
        "big.txt": Array(String(repeating: "0123456789\n", count: 200).utf8),
    ]
    static let second: [String: [UInt8]] = [
        "keep.txt": Array("one\n2\nthree\nfour\n".utf8),
        "new name.txt": Array(((1...20).map { "line \($0)\n" }.joined() + "line 21\n").utf8),
        "image.bin": [0x89, 0x50, 0x00, 0x01, 0x0A, 0x03],
        "crlf.txt": Array("a\r\nB\r\nc\r\nd\r\n".utf8),
        "added.txt": Array("new\n".utf8),
        "big.txt": Array(String(repeating: "0123456789\n", count: 201).utf8),
    ]

    /// Builds the two-commit repository; returns its folder.
    static func repository(in scratch: ScratchDirectory) throws -> String {
        let repository = scratch.path + "/repo"
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        try GitHistoryTests.git(repository, ["init", "-q"])
        for (index, files) in [first, second].enumerated() {
            try GitHistoryTests.git(repository, ["rm", "-q", "-r", "--cached", "--ignore-unmatch", "."])
            for name in (try FileManager.default.contentsOfDirectory(atPath: repository)) where name != ".git" {
                try FileManager.default.removeItem(atPath: repository + "/" + name)
            }
            for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: repository + "/" + name)) }
            try GitHistoryTests.git(repository, ["add", "-A"])
            try GitHistoryTests.git(repository, ["commit", "-q", "-m", "commit \(index)"])
        }
        return repository
    }

    @Test(
        "a range import gives one dataset per changed text file and a note for each file it leaves out",
        .enabled(if: hasGit, "needs git"))
    func rangeImport() throws {
        let scratch = ScratchDirectory()
        let repository = try Self.repository(in: scratch)
        let history = try GitHistory.datasets(repository: repository, range: "HEAD~1..HEAD", maxBytes: 1000)
        let byFile = Dictionary(uniqueKeysWithValues: history.datasets.map { ($0.parameters["file"] ?? "", $0) })
        #expect(Set(byFile.keys) == ["keep.txt", "new name.txt", "crlf.txt"], "\(byFile.keys)")
        // The rename is followed: old version from the old name.
        #expect(byFile["new name.txt"]?.parameters["renamed_from"] == "old name.txt")
        #expect(byFile["new name.txt"].map { [$0.old.count, $0.new.count] } == [20, 21])
        // CRLF ends a line: 3 → 4 lines, each with its ending (both texts end theirs in CRLF).
        #expect(byFile["crlf.txt"].map { [$0.old.count, $0.new.count] } == [3, 4])
        #expect(byFile["crlf.txt"].map { $0.old[0] == $0.new[0] } == true)
        #expect(byFile.values.allSatisfy { $0.workload == "git" && $0.parameters["unit"] == "lines" })
        // git's hunks for each pair, over git's lines, which are the dataset's (endings included).
        #expect(byFile["keep.txt"]?.gitHunks == ["-1,3 +1,4"])
        #expect(byFile["new name.txt"]?.gitHunks == ["-18,3 +18,4"])
        #expect(byFile["crlf.txt"]?.gitHunks == ["-1,3 +1,4"])
        let notes = history.notes.joined(separator: "\n")
        for expected in ["gone.txt: deleted", "added.txt: added", "image.bin: binary", "big.txt: a version is 2,211 bytes, over --max-bytes 1,000"] {
            #expect(notes.contains(expected), "\(notes)")
        }
        #expect(history.notes.count == 4, "\(notes)")
        // Raised, --max-bytes lets the big file in.
        #expect(try GitHistory.datasets(repository: repository, range: "HEAD~1..HEAD").datasets.count == 4)
    }

    @Test(
        "a range that is not two commits is refused with what was wrong",
        .enabled(if: hasGit, "needs git"),
        arguments: ["HEAD", "HEAD~1...HEAD", "..HEAD", "HEAD~1..", "--output=x..HEAD", "nosuch..HEAD"])
    func badRanges(range: String) throws {
        let scratch = ScratchDirectory()
        let repository = try Self.repository(in: scratch)
        let error = #expect(throws: GitHistory.ImportError.self) {
            _ = try GitHistory.datasets(repository: repository, range: range)
        }
        #expect(error?.description.contains("--range") == true, "\(String(describing: error))")
    }

    /// A mirrored package's bare copy, when this machine has it.
    static let swiftNIO = "/opt/swift-packages/apple/swift-nio.git"

    @Test(
        "a real tag-to-tag range of a mirrored package imports, every dataset a text file's two versions",
        .enabled(if: hasGit && FileManager.default.fileExists(atPath: swiftNIO), "needs the mirrored swift-nio copy"))
    func mirroredPackage() throws {
        let history = try GitHistory.datasets(repository: Self.swiftNIO, range: "2.101.2..2.101.3")
        // git diff --raw -M between the tags: 26 files modified, 8 added, 9 deleted; the 17 are notes.
        #expect(history.datasets.count == 26)
        #expect(history.notes.count == 17, "\(history.notes)")
        #expect(history.notes.filter { $0.contains(": added between") }.count == 8)
        #expect(history.datasets.allSatisfy { $0.old != $0.new || $0.parameters["renamed_from"] != nil })
    }
}
