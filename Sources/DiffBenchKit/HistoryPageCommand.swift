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
            filters match; with --charts auto, the default, a page whose charts would hold more \
            than \(HistoryPageCharts.autoLimit) points draws only the cases with a step, since \
            gnuplot takes about 1.7 s of CPU for a chart of 10,000 runs). The page lists the steps the change-point detector finds (as `history \
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

    @Option(help: ArgumentHelp("Which cases get a chart: all, steps (only the cases with a step), or auto (all while the charts hold at most \(HistoryPageCharts.autoLimit) points in all, else steps).", valueName: "which"))
    var charts: HistoryPageCharts = .auto

    @Option(help: ArgumentHelp("A commit's web page, {commit} standing for its hash (e.g. https://example.org/repo/commit/{commit}); without it commits are plain text.", valueName: "template"))
    var commitURL: String?

    func validate() throws {
        try HistoryTrendSelection.validate(filters)
        if let commitURL, !(commitURL.hasPrefix("https://") || commitURL.hasPrefix("http://")) || !commitURL.contains("{commit}") {
            throw ValidationError("--commit-url must start with https:// or http:// and hold {commit}")
        }
    }

    func run() throws {
        let selection = try HistoryTrendSelection.load(store, filters: filters, command: "page")
        let history = selection.history, guarding = selection.guarding
        let folder = try HistoryChartCommand.checkedFolder(to ?? HistoryChartCommand.defaultFolder(store: history.path), guarding: guarding)
        let index = try guarding.checkedFile(folder + "/index.html", option: "--to")
        try InputGuard.refuseLink(folder, "index.html")
        try InputGuard.refuseLink(folder, "charts")
        let drawing = charts.resolved(for: selection.trends)
        let set = try HistoryChartSet.write(
            selection.trends, to: folder + "/charts", gnuplot: GnuplotProcess.executable(), guarding: guarding,
            drawing: { drawing == .all || !$0.changes.isEmpty })
        let runs = try history.runs()
        let runNames = Dictionary(runs.map { ($0.runID, $0.runName) }, uniquingKeysWith: { first, _ in first })
        let runSources = Dictionary(runs.compactMap { run in history.sourcePath(of: run).map { (run.runID, $0) } }, uniquingKeysWith: { first, _ in first })
        let page = HistoryPage(
            store: history.path, entries: set.entries, runNames: runNames, runSources: runSources, pageFolder: folder,
            commitURL: commitURL)
        // The folder may not exist yet: with --charts steps (or auto on a long history) and no step, no chart made it.
        try AtomicFile.write(page.html, to: index, createFolder: true)
        let drawn = set.entries.filter { $0.chart != nil }.count
        let skipped = set.entries.count - drawn
        print(
            "wrote \(TerminalText.visible(index)): \(set.entries.count) case(s), \(drawn) chart(s), \(page.changes.count) change point(s)"
                + (skipped == 0 ? "" : "; \(skipped) case(s) without a step not drawn (--charts all draws them)"))
        try HistoryChartCommand.report(set)
    }
}
