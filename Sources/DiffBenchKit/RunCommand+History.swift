import Foundation
import RunResults
import HistoryStore

extension RunCommand {
    /// The store the run is added to: `--history`, or `history.sqlite` in
    /// the reports folder (so a run into a scratch `--output` never writes
    /// into the user's Reports/history.sqlite). Nil with `--no-history`, and
    /// for a shard (add the merged run: a shard is part of one).
    var historyStorePath: String? {
        guard !noHistory, shard == nil else { return nil }
        return historyPath ?? output + "/history.sqlite"
    }

    /// Refuses a store that exists but cannot take the run (damaged, not
    /// ours, a newer schema) before anything is measured, not minutes later. O(1).
    func checkHistory(_ store: String?) throws {
        guard let path = store, FileManager.default.fileExists(atPath: path) else { return }
        _ = try HistoryStore.open(path, create: false)
    }

    /// The paths a run writes (and the dataset files it reads) resolved
    /// once, at its start, by ``resolvedPaths(runName:inputs:)``; the
    /// run folder also as the user spelled it, for what is printed.
    struct ResolvedPaths {
        /// `OUTPUT/NAME`, absolute.
        var runFolder: String
        /// `OUTPUT/NAME` as given.
        var shownRunFolder: String
        /// The history store, absolute, with its spelling as given; nil when the run adds to none.
        var store: (resolved: String, shown: String)?
        /// `--datasets-dir`, absolute; nil when generated datasets are not saved.
        var datasets: String?
    }

    /// The reports folder, history store and datasets folder made absolute
    /// (links and `..` of their existing part followed, ``InputGuard``),
    /// the store and its journal files refused when one is an input. Made
    /// before anything is measured: an engine called in this process
    /// (`--in-process`) may change the working folder, after which a
    /// relative path names another file and would get around this check.
    /// The run folder is the resolved reports folder and the plain run
    /// name (``checkRunName(_:)``), so `latest` stays beside it. O(path length).
    func resolvedPaths(runName: String, inputs: InputGuard) throws(CLIFailure) -> ResolvedPaths {
        var store: (resolved: String, shown: String)?
        if let path = historyStorePath {
            // SQLite takes an empty file for an empty store (an empty list would become a database), and
            // writes its journal files beside it.
            let resolved = try inputs.checkedFile(path, option: "--history")
            for file in [path + "-wal", path + "-shm", path + "-journal"] { _ = try inputs.checkedFile(file, option: "--history") }
            store = (resolved, path)
        }
        return ResolvedPaths(
            runFolder: InputGuard.resolved(output) + "/" + runName, shownRunFolder: output + "/" + runName, store: store,
            datasets: datasetsDir.isEmpty ? nil : InputGuard.resolved(datasetsDir))
    }

    /// Adds the finished run to the history store and says so in one line.
    /// The run's own results are written by then, so a store that refuses
    /// this run (another run already holds its name and start time, as when
    /// `--name` is reused within one second) costs a warning, not the run:
    /// `history add` of the folder later says the same with exit 2.
    /// The store is opened at its resolved path and named as the user spelled it.
    func addToHistory(_ document: RunDocument, folder: String, store: (resolved: String, shown: String)?) {
        guard let store else { return }
        do {
            let history = try HistoryStore.open(store.resolved)
            print(try HistoryAddCommand.add(
                document, from: RunFolder(folder).resultsJSON, to: history, shownAs: store.shown, branch: nil, machine: nil))
        } catch {
            StandardError.note("the run was not added to the history: \(error)")
        }
    }
}
