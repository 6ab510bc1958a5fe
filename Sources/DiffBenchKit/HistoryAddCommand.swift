import ArgumentParser
import FileSupport
import Foundation
import RunResults
import HistoryStore

/// `diffbench history add RUN…`: adds run folders or results files to the store.
struct HistoryAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add runs (run folders or results.json files, merged shards too) to the history store.",
        discussion: """
            Every results schema version the readers accept is read, through the same checks as \
            compare and merge: a file that lies is refused (exit 2), naming it. Adding a run \
            that is already there changes nothing. Each run is added in its own transaction: \
            two processes adding at once both succeed.

            Examples:
              diffbench history add Reports/baselines/ci.json \\
                --history Reports/example-history.sqlite
              diffbench history list --history Reports/example-history.sqlite
            """
    )

    @Argument(help: "Run folders or results.json files.")
    var runs: [String]

    @OptionGroup var store: HistoryStoreOption

    @Option(help: "The branch the runs were made on (default: the current git branch, when the run's commit is its HEAD; on a detached HEAD, DIFFBENCH_BRANCH or the CI's branch variable, else the one branch whose tip HEAD is).")
    var branch: String?

    @Option(help: "A name for the machine that measured the runs, instead of its recorded CPU, cores, memory and OS (one name per machine: e.g. a CI runner's label).")
    var machine: String?

    func run() throws {
        guard !runs.isEmpty else { throw CLIFailure.badInput("history add: name at least one run") }
        var documents: [(String, RunDocument)] = []
        for path in runs {
            do {
                documents.append((path, try ResultsStore.read(path)))
            } catch {
                throw CLIFailure.badInput(error.description)
            }
        }
        let history = try store.open(create: true)
        for (path, document) in documents {
            print(try Self.add(document, from: path, to: history, branch: branch, machine: machine))
        }
    }

    /// Adds one document and says what happened in one line; the command's
    /// and `run`'s shared step. A refused document names `path`.
    static func add(_ document: RunDocument, from path: String, to history: HistoryStore, branch: String?, machine: String?) throws -> String {
        let branch = branch ?? GitBranch.current(atCommit: document.environment.gitCommit) ?? ""
        do throws(HistoryAddError) {
            switch try history.add(document, branch: branch, machine: machine, source: runLocation(path)) {
            case .added(let runID, let rows):
                return "history: added \(TerminalText.visible(runID)) (\(rows) rows, commit \(TerminalText.visible(document.environment.gitCommit))\(branch.isEmpty ? "" : ", branch " + TerminalText.visible(branch))) to \(TerminalText.visible(history.path))"
            case .unchanged(let runID):
                return "history: \(TerminalText.visible(runID)) is in \(TerminalText.visible(history.path)) already; nothing changed"
            }
        } catch {
            switch error {
            case .input(let problem): throw CLIFailure.badInput("\(path): \(problem.description)")
            case .store(let failure): throw failure
            }
        }
    }
}

extension HistoryAddCommand {
    /// The run folder of a results file read from `path`: the folder when
    /// `path` is a folder's `results.json`, else `path` itself (a folder, or
    /// a results file of another name such as a baseline).
    static func runLocation(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        guard name == RunFolder.Entry.resultsJSON.rawValue else { return path }
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
}

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
