import ArgumentParser
import FileSupport
import HistoryStore

/// `diffbench history export`: one stored run in another dashboard's format.
struct HistoryExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write one stored run in Bencher's metric format or github-action-benchmark's JSON.",
        discussion: """
            bencher: Bencher Metric Format (bencher run --adapter json): per row, latency (the \
            median in ns, median ∓ spread as bounds), instructions, allocations, peak-heap-bytes \
            and steps. github-action-benchmark: the customSmallerIsBetter array, one entry per \
            row and measure ({name, unit, value, range, extra}). Only measured rows (ok and the \
            references) are written. The run is the newest one (of --machine, --branch) unless --run.
            """
    )

    @OptionGroup var store: HistoryStoreOption

    @Option(help: "The format: bencher or github-action-benchmark.")
    var format: HistoryExport.Format

    @Option(name: .customLong("run"), help: ArgumentHelp("The run id (as `history list` shows it); default: the newest run.", valueName: "run-id"))
    var runID: String?

    @Option(help: "Choose the newest run of this machine.")
    var machine: String?

    @Option(help: "Choose the newest run of this branch.")
    var branch: String?

    @Option(help: "Write the export to this file (default: standard output).")
    var to: String?

    func run() throws {
        let history = try store.open(create: false)
        let candidates = try history.runs(RunFilter(machine: machine, branch: branch))
        guard let chosen = runID.map({ id in candidates.first { $0.runID == id } }) ?? candidates.first else {
            throw CLIFailure.badInput(
                runID.map { "no run \(TerminalText.visible($0)) in \(TerminalText.visible(history.path)) (see `diffbench history list`)" }
                    ?? "no runs in \(TerminalText.visible(history.path)) to export")
        }
        let text = try HistoryExport.json(format, rows: try history.rows(ofRun: chosen.runID), run: chosen)
        if let to {
            let store = history.path
            let target = try InputGuard([store, store + "-wal", store + "-shm"], role: "the history store's files").checkedFile(to, option: "--to")
            try AtomicFile.write(text, to: target)
            print("exported run \(TerminalText.visible(chosen.runID)) as \(format.rawValue): \(TerminalText.visible(to))")
        } else {
            print(text, terminator: "")
        }
    }
}

extension HistoryExport.Format: ExpressibleByArgument {}
