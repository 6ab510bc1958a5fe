import ArgumentParser
import FileSupport
import HistoryStore

/// `diffbench history changes`: the steps the change-point detector finds in
/// every series of the store that the filters match.
struct HistoryChangesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "List the steps (change points) in the series of the history store.",
        discussion: """
            Runs the E-divisive change-point detector (Guides/ChangePoints.md) on every series the \
            filters match: instructions with the instruction preset (steps from 0.3 % and 2,000 \
            instructions), median times with the wall-time preset (from 5 %), allocations and peak \
            heap from 1 %, steps of the answer from 0.3 % and one edit; samples are not analysed. \
            Only rows that measured (ok, reference) are points. Each step gives the series, the \
            commit range (last good → first bad, with their run ids), the size in % and the \
            confidence (1 − the permutation test's p-value). Every measure but the time splits \
            bursts: a run of one or two points beside a step, set apart from the rest of its \
            segment by more than the floors, is a step of its own, with the lower confidence its \
            order alone can show. --format markdown is fit for a pull-request comment.

            Exit status: 0 whether or not steps are found (a step is information, not a failed \
            check: the gate is `compare --against history`); 2 when no series matches or the store \
            is missing, damaged, not ours or newer.
            """
    )

    @OptionGroup var store: HistoryStoreOption

    @OptionGroup var filters: HistorySeriesOptions

    @Option(help: "Only series of this plan (its settings text, as `history list --format json` gives it).")
    var plan: String?

    @OptionGroup var printing: FormatOption<ReportTextFormat>

    func validate() throws {
        if filters.measure == .samples {
            throw ValidationError("samples is not a cost of the code (it follows the time budget): no change points are looked for in it")
        }
    }

    func run() throws {
        let history = try store.open(create: false)
        let found = try HistoryChange.find(in: history, filter: filters.filter(plan: plan), branch: filters.branch)
        guard found.series > 0 else {
            throw CLIFailure.badInput("no series in \(TerminalText.visible(history.path)) matches; `diffbench history changes --help` lists the filters, `diffbench history list` the runs")
        }
        switch printing.format {
        case .json:
            struct Listing: Encodable {
                var series: Int
                var changes: [HistoryChange]
            }
            print(try HistoryJSON.text(Listing(series: found.series, changes: found.changes)))
        case .markdown: print(HistoryChange.markdown(found.changes, series: found.series), terminator: "")
        case .text: print(HistoryChange.text(found.changes, series: found.series), terminator: "")
        }
    }
}
