import ArgumentParser
import Foundation
import FileSupport
import HistoryStore

/// `diffbench history`: the store of every run (README "History and trends").
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Remember runs in an SQLite store and read their series across commits.",
        discussion: """
            The store (default \(HistoryStore.defaultPath)) holds every run added to it, keyed by run id, \
            machine, commit, branch, plan and catalog, and each row's median, spread, samples, \
            instructions, peak heap, allocations, steps, status and reason code. A series is one \
            measure of one engine × workload × element kind × size, on one machine under one plan: \
            machines are never mixed. `run` adds its own run unless --no-history.

            Exit status: 0 on success, 2 on bad input (a results file the readers refuse, a \
            store that is damaged, not ours or of a newer schema — named and left as it is).
            """,
        subcommands: [
            HistoryAddCommand.self, HistoryListCommand.self, HistoryShowCommand.self, HistoryChartCommand.self, HistoryPageCommand.self, HistoryChangesCommand.self, HistoryExportCommand.self,
            HistoryBenchmarkCommand.self, HistoryBisectCommand.self,
        ]
    )
}
