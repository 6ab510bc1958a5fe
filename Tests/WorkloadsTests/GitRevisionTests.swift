import DiffBenchTestSupport
import Foundation
import Testing
import Workloads

/// `--from-git REPO --file PATH --rev A --rev B …` on a repository the test
/// builds as the mirrors are built: each release a root commit of its own
/// (no history in common), tagged, plus a branch whose name holds a `/`.
@Suite(.enabled(if: GitRangeTests.hasGit, "needs git"))
struct GitRevisionTests {
    /// The file's three versions, one per root commit.
    static let versions: [[String]] = [
        ["alpha", "beta", "gamma"],
        ["alpha", "BETA", "gamma", "delta"],
        ["zero", "alpha", "BETA", "delta"],
    ]

    /// Three unrelated root commits: tags `v1`, `v2`, and the branch
    /// `feature/three` (checked out, so HEAD's log holds only the third).
    static func repository(in scratch: ScratchDirectory) throws -> String {
        let repository = scratch.path + "/repo"
        try FileManager.default.createDirectory(atPath: repository + "/dir", withIntermediateDirectories: true)
        try GitHistoryTests.git(repository, ["init", "-q"])
        for (index, lines) in versions.enumerated() {
            if index > 0 {
                try GitHistoryTests.git(repository, ["checkout", "-q", "--orphan", index == 2 ? "feature/three" : "root\(index)"])
                try GitHistoryTests.git(repository, ["rm", "-q", "-r", "--cached", "."])
            }
            try FileManager.default.createDirectory(atPath: repository + "/dir", withIntermediateDirectories: true)
            try (lines.joined(separator: "\n") + "\n").write(toFile: repository + "/dir/file.txt", atomically: true, encoding: .utf8)
            try "notes \(index)\n".write(toFile: repository + "/dir/notes.txt", atomically: true, encoding: .utf8)
            try GitHistoryTests.git(repository, ["add", "-A"])
            try GitHistoryTests.git(repository, ["commit", "-q", "-m", "release \(index + 1)"])
            if index < 2 { try GitHistoryTests.git(repository, ["tag", "v\(index + 1)"]) }
        }
        return repository
    }

    @Test func namedRevisionsAcrossUnrelatedRootsGiveOneDatasetPerConsecutivePair() throws {
        let scratch = ScratchDirectory()
        let repository = try Self.repository(in: scratch)
        let history = try GitHistory.datasets(
            repository: repository, file: "dir/file.txt", revisions: ["v1", "v2", "feature/three"])
        #expect(history.datasets.count == 2)
        for (index, dataset) in history.datasets.enumerated() {
            let symbols = try #require(dataset.symbols)
            // Each line with its ending (issue 37: a line's ending is part of it).
            #expect(dataset.old.map { symbols[$0.id] } == Self.versions[index].map { $0 + "\n" })
            #expect(dataset.new.map { symbols[$0.id] } == Self.versions[index + 1].map { $0 + "\n" })
            #expect(dataset.gitHunks?.isEmpty == false)
        }
        #expect(history.datasets.map { [$0.parameters["from"], $0.parameters["to"]] } == [["v1", "v2"], ["v2", "feature/three"]])
        #expect(history.datasets.allSatisfy { $0.parameters["file"] == "dir/file.txt" && $0.parameters["unit"] == "lines" })
    }

    /// A commit named by its id is labelled by 12 hex digits, as the log import labels its commits.
    @Test func aCommitIDIsLabelledByTwelveDigits() throws {
        let scratch = ScratchDirectory()
        let repository = try Self.repository(in: scratch)
        let full = try GitHistory.revision(repository: repository, name: "v2").commit
        let history = try GitHistory.datasets(repository: repository, file: "dir/file.txt", revisions: ["v1", String(full.prefix(20))])
        #expect(history.datasets.first?.parameters["to"] == String(full.prefix(12)))
    }

    /// Every refusal names what is missing, and points at `--rev` or `--range` where that helps.
    @Test func refusalsNameTheMissingRevisionOrPath() throws {
        let scratch = ScratchDirectory()
        let repository = try Self.repository(in: scratch)
        func refusal(_ revisions: [String], file: String = "dir/file.txt") -> String {
            do {
                _ = try GitHistory.datasets(repository: repository, file: file, revisions: revisions)
                return "no refusal"
            } catch {
                return error.description
            }
        }
        let unknown = refusal(["v1", "v9"])
        #expect(unknown.contains("--rev v9") && unknown.contains("not a commit, tag or branch"), "\(unknown)")
        let option = refusal(["v1", "--output=x"])
        #expect(option.contains("\"--output=x\"") && option.contains("not a revision"), "\(option)")
        let typo = refusal(["v1", "v2"], file: "dir/fiel.txt")
        #expect(typo.contains("no such file at v1: dir/fiel.txt"), "\(typo)")
        for folder in ["dir", "dir/"] {
            let refused = refusal(["v1", "v2"], file: folder)
            #expect(refused.contains("dir at v1 is a folder") && refused.contains("--range"), "\(refused)")
        }
        #expect(refusal(["v1"]).contains("at least two revisions"))
    }

    /// The file's own log on HEAD holds one version (the roots share no
    /// history): the refusal says so and names `--rev` and `--range`. A
    /// folder is refused there too instead of taking its first file.
    @Test func theLogImportPointsAtRevisionsAndRefusesAFolder() throws {
        let scratch = ScratchDirectory()
        let repository = try Self.repository(in: scratch)
        func refusal(_ file: String) -> String {
            do {
                _ = try GitHistory.datasets(repository: repository, file: file, limit: 10)
                return "no refusal"
            } catch {
                return error.description
            }
        }
        let single = refusal("dir/file.txt")
        #expect(single.contains("no two consecutive versions") && single.contains("--rev A --rev B") && single.contains("--range"), "\(single)")
        let missing = refusal("dir/nothing.txt")
        #expect(missing.contains("no such file") && missing.contains("dir/nothing.txt"), "\(missing)")
        for folder in ["dir", "dir/"] {
            let refused = refusal(folder)
            #expect(refused.contains("is a folder"), "\(refused)")
        }
    }
}
