import Foundation
import Testing

/// The branch `history add` records for a run made on a detached checkout,
/// as CI makes them: the CI's variable, else the one branch whose tip HEAD is.
@Suite struct HistoryBranchTests {
    /// The variables that name a CI branch; the tests clear them so the machine's own CI does not leak in.
    static let ciVariables = ["DIFFBENCH_BRANCH", "GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME", "BUILDKITE_BRANCH", "CIRCLE_BRANCH", "GIT_BRANCH"]

    static func git(_ arguments: [String], in folder: URL) throws -> String {
        let result = try CLI.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org"] + arguments, in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A repository with a commit on `main` checked out detached, and a run of that commit.
    static func detachedCheckout(in folder: URL) throws -> (repository: URL, run: String) {
        let repository = folder.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        _ = try git(["init", "-q", "-b", "main"], in: repository)
        _ = try git(["commit", "-q", "--allow-empty", "-m", "one"], in: repository)
        let head = try git(["rev-parse", "HEAD"], in: repository)
        _ = try git(["checkout", "-q", "--detach", "HEAD"], in: repository)
        let data = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Tests/Fixtures/ci-run-2026-11-26.json"))
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var environment = try #require(document["environment"] as? [String: Any])
        environment["git_commit"] = head
        document["environment"] = environment
        let run = folder.appendingPathComponent("run.json").path
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: URL(fileURLWithPath: run))
        return (repository, run)
    }

    /// The branch the store recorded for its one run.
    static func recordedBranch(adding run: String, in repository: URL, store: String, variables: [String: String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        for name in ciVariables { environment[name] = nil }
        environment.merge(variables) { $1 }
        let added = try CLI.run(["history", "add", run, "--history", store], in: repository, environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try CLI.run(["history", "list", "--history", store, "--format", "json"])
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        return try #require(runs.first?["branch"] as? String)
    }

    @Test("a detached checkout records the CI's branch variable, a pull request's head branch first", .timeLimit(.minutes(10)))
    func ciVariableNamesTheBranch() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repository, run) = try Self.detachedCheckout(in: folder)
        let push = try Self.recordedBranch(
            adding: run, in: repository, store: folder.appendingPathComponent("a.sqlite").path, variables: ["GITHUB_REF_NAME": "release-2"])
        #expect(push == "release-2")
        let pullRequest = try Self.recordedBranch(
            adding: run, in: repository, store: folder.appendingPathComponent("b.sqlite").path,
            variables: ["GITHUB_REF_NAME": "17/merge", "GITHUB_HEAD_REF": "fix-heckel"])
        #expect(pullRequest == "fix-heckel")
    }

    @Test("a detached checkout without CI variables records the one branch whose tip is HEAD, and none when two are", .timeLimit(.minutes(10)))
    func branchAtHeadNamesTheBranch() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repository, run) = try Self.detachedCheckout(in: folder)
        let one = try Self.recordedBranch(adding: run, in: repository, store: folder.appendingPathComponent("a.sqlite").path, variables: [:])
        #expect(one == "main")
        _ = try Self.git(["branch", "other"], in: repository)
        let two = try Self.recordedBranch(adding: run, in: repository, store: folder.appendingPathComponent("b.sqlite").path, variables: [:])
        #expect(two == "", "two branches at HEAD: the branch cannot be told")
    }
}
