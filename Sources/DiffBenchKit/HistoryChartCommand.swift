import ArgumentParser
import FileSupport
import Foundation
import HistoryStore
import Rendering

/// `diffbench history chart`: a PNG trend chart per case of the history store.
struct HistoryChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draw a PNG trend chart (gnuplot) per case of the history store.",
        discussion: """
            One chart per engine × workload × element kind × size (per machine and plan) the \
            filters match: runs in order along x, labelled by short commit hash; a panel per \
            measure (median time with its spread as whiskers, and instructions in their own \
            panel when the runs counted them; with --measure, that measure alone); the shaded \
            band is the one `compare --against history` judges each run against (drawn from the \
            runs before it); each step the change-point detector finds (as `history changes` \
            lists them) is a dashed line between its last good and first bad run, labelled with \
            its size. Beside each NAME.png are NAME.dat and NAME.gp (`gnuplot NAME.gp` in the \
            folder redraws it). Without gnuplot the .dat and .gp files are written, a warning \
            says how to install it, and the exit status is 0.

            Exit status: 0 when the charts are written, 1 when gnuplot failed on one, 2 when no \
            series matches, the store is missing, damaged, not ours or newer, or --to names one \
            of the store's files.
            """
    )

    @OptionGroup var store: HistoryStoreOption

    @OptionGroup var filters: HistorySeriesOptions

    @Option(help: ArgumentHelp("The folder to write the charts into (default: history/charts beside the store).", valueName: "dir"))
    var to: String?

    @OptionGroup var printing: FormatOption<OutputFormat>

    func validate() throws { try HistoryTrendSelection.validate(filters) }

    func run() throws {
        let selection = try HistoryTrendSelection.load(store, filters: filters, command: "chart")
        let folder = try Self.checkedFolder(to ?? Self.defaultFolder(store: selection.history.path) + "/charts", guarding: selection.guarding)
        let set = try HistoryChartSet.write(selection.trends, to: folder, gnuplot: GnuplotProcess.executable(), guarding: selection.guarding)
        switch printing.format {
        case .json: print(try HistoryJSON.text(set.entries.map(HistoryChartListing.init)))
        case .text:
            for entry in set.entries {
                let steps = entry.trend.changes.map { "\($0.lastGood.shortCommit)→\($0.firstBad.shortCommit) \(String(format: "%+.1f %%", $0.sizePercent)) \($0.series.measure.rawValue)" }
                let file = folder + "/" + entry.name + (entry.drawn ? ".png" : ".gp")
                print("\(TerminalText.visible(file)): \(TerminalText.visible(HistoryTrendChart.title(entry.trend.key)))" + (steps.isEmpty ? "" : "; steps: " + steps.joined(separator: ", ")))
            }
        }
        try Self.report(set)
    }

    /// The folder beside the store that `history page` writes to (and `history chart` into its `charts`).
    static func defaultFolder(store: String) -> String {
        let parent = (store as NSString).deletingLastPathComponent
        return (parent.isEmpty ? "." : parent) + "/history"
    }

    /// The guard of the store's files (the database, its WAL and shared memory), the inputs no output may replace.
    static func storeGuard(_ store: String) -> InputGuard {
        InputGuard([store, store + "-wal", store + "-shm"], role: "the history store's files")
    }

    /// `path` resolved, once it is known to be no input and no file (exit 2 otherwise).
    static func checkedFolder(_ path: String, guarding: InputGuard) throws -> String {
        let resolved = try guarding.checkedFolder(path, option: "--to", writing: [], clearing: false)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), !isFolder.boolValue {
            throw CLIFailure.badInput("--to \(TerminalText.visible(path)) is a file, not a folder; choose a folder")
        }
        return resolved
    }

    /// Warns when gnuplot is missing; exit 1 when it failed on a chart.
    static func report(_ set: HistoryChartSet) throws {
        if set.gnuplotMissing {
            FileHandle.standardError.write(Data("warning: gnuplot not found: wrote the .dat and .gp files but no PNGs; \(GnuplotProcess.installHint)\n".utf8))
        }
        if !set.failures.isEmpty {
            let lines = set.failures.map { "  \($0.name).gp: \(TerminalText.visible($0.message))" }
            throw CLIFailure.checkFailed("gnuplot failed on \(set.failures.count) chart(s):\n" + lines.joined(separator: "\n"))
        }
    }
}
