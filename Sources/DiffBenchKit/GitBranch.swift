import Foundation

/// The git branch of the working directory, when its HEAD is the commit a
/// run was built from: what `history add` and `run` record as the run's
/// branch unless `--branch` says. Nil outside a repository, or when HEAD is
/// another commit (the run came from elsewhere), or when no branch can be
/// told (the store then records "", unknown).
///
/// On a detached HEAD, as CI checkouts are, the branch comes from, in turn:
/// `DIFFBENCH_BRANCH`; the CI's own variables (``ciVariables``: GitHub
/// Actions' `GITHUB_HEAD_REF` for a pull request, else `GITHUB_REF_NAME`;
/// GitLab's `CI_COMMIT_REF_NAME`; Buildkite, CircleCI, Jenkins); else the
/// one branch (local, or remote with its remote's name dropped) whose tip is
/// HEAD. Several such branches, or none: unknown. O(1) git calls.
enum GitBranch {
    /// The environment variables that name the branch of a CI checkout, most specific first.
    static let ciVariables = ["DIFFBENCH_BRANCH", "GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME", "BUILDKITE_BRANCH", "CIRCLE_BRANCH", "GIT_BRANCH"]

    static func current(atCommit commit: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let recorded = commit.hasSuffix("-dirty") ? String(commit.dropLast(6)) : commit
        // One git process for both answers: a process start is most of the
        // cost of a call, and `history add` is meant to take milliseconds.
        guard !recorded.isEmpty, recorded != "unknown",
            let answers = lines(["rev-parse", "HEAD", "--abbrev-ref", "HEAD"]), answers.count == 2,
            answers[0].hasPrefix(recorded)
        else { return nil }
        let branch = answers[1]
        if branch != "HEAD" { return branch }
        return detached(environment: environment)
    }

    /// The branch of a detached HEAD: a CI variable, else the one branch whose tip it is.
    static func detached(environment: [String: String]) -> String? {
        for name in ciVariables {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                // Jenkins' GIT_BRANCH is `origin/main`.
                return name == "GIT_BRANCH" && value.hasPrefix("origin/") ? String(value.dropFirst(7)) : value
            }
        }
        guard let local = lines(["for-each-ref", "--points-at", "HEAD", "--format=%(refname:short)", "refs/heads"]),
            let remote = lines(["for-each-ref", "--points-at", "HEAD", "--format=%(refname:lstrip=3)", "refs/remotes"])
        else { return nil }
        let names = Set(local + remote.filter { $0 != "HEAD" })
        return names.count == 1 ? names.first : nil
    }

    /// git's output lines, nil when it fails. The arguments are fixed words
    /// (no user text reaches git or a shell).
    static func lines(_ arguments: [String]) -> [String]? {
        guard let text = output(arguments) else { return nil }
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// git's whole output, nil when it fails.
    static func output(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
