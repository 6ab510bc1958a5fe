import ArgumentParser
import FileSupport
import HistoryStore

/// `diffbench history show`: series as tables of commit, date, value and noise.
struct HistoryShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show series of the history store: commit, date, value and noise per run, in run order.",
        discussion: """
            A series is one measure of one engine × workload × element kind × size on one machine \
            under one plan; the filters choose which (all of them when none is given). Exit \
            status 2 when no series matches, or the store is missing, damaged, not ours or newer.
            """
    )

    @OptionGroup var store: HistoryStoreOption

    @OptionGroup var filters: HistorySeriesOptions

    @OptionGroup var printing: FormatOption<TableFormat>

    func run() throws {
        let history = try store.open(create: false)
        let keys = try history.seriesKeys(filters.filter())
        guard !keys.isEmpty else {
            throw CLIFailure.badInput("no series in \(TerminalText.visible(history.path)) matches; `diffbench history show --help` lists the filters, `diffbench history list` the runs")
        }
        var series: [(SeriesKey, [SeriesPoint])] = []
        for key in keys {
            let points = try history.series(key, branch: filters.branch)
            if !points.isEmpty { series.append((key, points)) }
        }
        switch printing.format {
        case .json:
            struct Series: Encodable {
                var series: SeriesKey
                var points: [SeriesPoint]
            }
            print(try HistoryJSON.text(series.map { Series(series: $0.0, points: $0.1) }))
        case .csv: print(HistoryTable.csv(series), terminator: "")
        case .text: print(HistoryTable.text(series), terminator: "")
        }
    }
}

extension HistoryMeasure: ExpressibleByArgument {}
