import ArgumentParser
import Foundation
import FileSupport
import HistoryStore
import Rendering

/// `diffbench history page`: the static history page, `index.html` and its charts.
struct HistoryPageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Write the history page: index.html with every case's trend chart and the change points.",
        discussion: """
            Writes DIR/index.html and DIR/charts/ (the charts of `history chart`, one per case the \
            filters match). The page lists the steps the change-point detector finds (as `history \
            changes` does), each with its commits and its runs (linked to the run's folder when a \
            folder of the run's name is next to DIR, as run folders are in Reports/), then every \
            engine's chart grouped by workload, element kind and size. Links are relative, so the \
            page works opened as a file or served with the reports. DIR defaults to history/ \
            beside the store (Reports/history/ for the default store).

            Exit status: 0 when the page is written, 1 when gnuplot failed on a chart (the page \
            is still written), 2 when no series matches, the store is missing, damaged, not ours \
            or newer, or --to names one of the store's files.
            """
    )

    @OptionGroup var store: HistoryStoreOption

    @OptionGroup var filters: HistorySeriesOptions

    @Option(help: ArgumentHelp("The folder to write index.html and charts/ into (default: history/ beside the store).", valueName: "dir"))
    var to: String?

    @Option(help: ArgumentHelp("A commit's web page, {commit} standing for its hash (e.g. https://example.org/repo/commit/{commit}); without it commits are plain text.", valueName: "template"))
    var commitURL: String?

    func validate() throws {
        if filters.measure == .samples {
            throw ValidationError("samples is not a cost of the code (it follows the time budget): it has no trend chart")
        }
        if let commitURL, !(commitURL.hasPrefix("https://") || commitURL.hasPrefix("http://")) || !commitURL.contains("{commit}") {
            throw ValidationError("--commit-url must start with https:// or http:// and hold {commit}")
        }
    }

    func run() throws {
        let history = try store.open(create: false)
        let trends = try HistoryTrend.load(from: history, filter: filters.filter(), branch: filters.branch)
        guard !trends.isEmpty else {
            throw CLIFailure.badInput("no series in \(TerminalText.visible(history.path)) matches; `diffbench history page --help` lists the filters, `diffbench history list` the runs")
        }
        let guarding = HistoryChartCommand.storeGuard(history.path)
        let folder = try HistoryChartCommand.checkedFolder(to ?? HistoryChartCommand.defaultFolder(store: history.path), guarding: guarding)
        let index = try guarding.checkedFile(folder + "/index.html", option: "--to")
        try InputGuard.refuseLink(folder, "index.html")
        try InputGuard.refuseLink(folder, "charts")
        let set = try HistoryChartSet.write(trends, to: folder + "/charts", gnuplot: GnuplotProcess.executable(), guarding: guarding)
        let runs = try history.runs()
        let runNames = Dictionary(runs.map { ($0.runID, $0.runName) }, uniquingKeysWith: { first, _ in first })
        let runSources = Dictionary(runs.compactMap { run in history.sourcePath(of: run).map { (run.runID, $0) } }, uniquingKeysWith: { first, _ in first })
        let page = HistoryPage(
            store: history.path, entries: set.entries, runNames: runNames, runSources: runSources, pageFolder: folder,
            commitURL: commitURL)
        try AtomicFile.write(page.html, to: index)
        print("wrote \(TerminalText.visible(index)): \(set.entries.count) chart(s), \(page.changes.count) change point(s)")
        try HistoryChartCommand.report(set)
    }
}
