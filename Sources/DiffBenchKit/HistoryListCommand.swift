import ArgumentParser
import FileSupport
import HistoryStore

/// `diffbench history list`: the stored runs, newest first.
struct HistoryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the runs in the history store, newest first.",
        discussion: "Columns: run id (name@start time), commit, branch, rows, complete, machine, plan. Exit status 2 when the store is missing, damaged, not ours or newer."
    )

    @OptionGroup var store: HistoryStoreOption

    @Option(help: "Only runs measured on this machine (as `history list` names it).")
    var machine: String?

    @Option(help: "Only runs of this branch.")
    var branch: String?

    @Option(help: "Only runs of commits starting with this hash.")
    var commit: String?

    @Option(help: "At most this many runs (the newest).")
    var limit: Int?

    @OptionGroup var printing: FormatOption<TableFormat>

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let history = try store.open(create: false)
        let runs = try history.runs(RunFilter(machine: machine, branch: branch, commit: commit, limit: limit))
        switch printing.format {
        case .json: print(try HistoryJSON.text(runs))
        case .csv: print(HistoryTable.csv(runs), terminator: "")
        case .text:
            guard !runs.isEmpty else {
                print("no runs in \(TerminalText.visible(history.path))\(machine == nil && branch == nil && commit == nil ? "" : " match")")
                return
            }
            print(HistoryTable.text(runs), terminator: "")
        }
    }
}
