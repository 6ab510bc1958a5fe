import Foundation
import Formats
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
    func addToHistory(_ document: RunDocument, folder: String) throws {
        guard let path = historyStorePath else { return }
        let history = try HistoryStore.open(path)
        print(try HistoryAddCommand.add(document, from: RunFolder(folder).resultsJSON, to: history, branch: nil, machine: nil))
    }
}
