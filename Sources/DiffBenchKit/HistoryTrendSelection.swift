import ArgumentParser
import FileSupport
import HistoryStore

/// What `history chart` and `history page` both start from: the store
/// opened for reading, the trends of every case the filters match, and the
/// guard that keeps the store's own files from being written over.
struct HistoryTrendSelection {
    var history: HistoryStore
    var trends: [HistoryTrend]
    var guarding: InputGuard

    /// Refuses the one measure that has no trend (exit 2 as a usage error).
    static func validate(_ filters: HistorySeriesOptions) throws {
        if filters.measure == .samples {
            throw ValidationError("samples is not a cost of the code (it follows the time budget): it has no trend chart")
        }
    }

    /// Opens `store` and loads the trends `filters` select (``HistoryTrend/load(from:filter:branch:window:)``);
    /// exit 2 when the store is missing or unreadable, or when no series
    /// matches (the message names `command`, whose help lists the filters).
    static func load(_ store: HistoryStoreOption, filters: HistorySeriesOptions, command: String) throws -> HistoryTrendSelection {
        let history = try store.open(create: false)
        let trends = try HistoryTrend.load(from: history, filter: filters.filter(), branch: filters.branch)
        guard !trends.isEmpty else {
            throw CLIFailure.badInput(
                "no series in \(TerminalText.visible(history.path)) matches; `diffbench history \(command) --help` lists the filters, `diffbench history list` the runs")
        }
        return HistoryTrendSelection(history: history, trends: trends, guarding: HistoryChartCommand.storeGuard(history.path))
    }
}
