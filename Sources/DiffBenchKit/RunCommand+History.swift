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
    func checkHistory() throws {
        guard let path = historyStorePath, FileManager.default.fileExists(atPath: path) else { return }
        _ = try HistoryStore.open(path, create: false)
    }

    /// Adds the finished run to the history store and says so in one line.
    /// The run's own results are written by then, so a store that refuses
    /// this run (another run already holds its name and start time, as when
    /// `--name` is reused within one second) costs a warning, not the run:
    /// `history add` of the folder later says the same with exit 2.
    func addToHistory(_ document: RunDocument, folder: String) {
        guard let path = historyStorePath else { return }
        do {
            let history = try HistoryStore.open(path)
            print(try HistoryAddCommand.add(document, from: RunFolder(folder).resultsJSON, to: history, branch: nil, machine: nil))
        } catch {
            StandardError.note("the run was not added to the history: \(error)")
        }
    }
}
