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
    /// and `run`'s shared step. A refused document names `path`; the store
    /// is named `store` when given (`run` opens it resolved and names it as
    /// the user spelled it).
    static func add(
        _ document: RunDocument, from path: String, to history: HistoryStore, shownAs store: String? = nil, branch: String?, machine: String?
    ) throws -> String {
        let shown = TerminalText.visible(store ?? history.path)
        let branch = branch ?? GitBranch.current(atCommit: document.environment.gitCommit) ?? ""
        do throws(HistoryAddError) {
            switch try history.add(document, branch: branch, machine: machine, source: runLocation(path)) {
            case .added(let runID, let rows):
                return "history: added \(TerminalText.visible(runID)) (\(rows) rows, commit \(TerminalText.visible(document.environment.gitCommit))\(branch.isEmpty ? "" : ", branch " + TerminalText.visible(branch))) to \(shown)"
            case .unchanged(let runID):
                return "history: \(TerminalText.visible(runID)) is in \(shown) already; nothing changed"
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
