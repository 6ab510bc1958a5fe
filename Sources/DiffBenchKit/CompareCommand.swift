import ArgumentParser
import Compare
import FileSupport
import Foundation
import RunResults

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare a run with a baseline: regressions, improvements, new and missing rows.",
        discussion: """
            Per engine × workload × size: a verdict (failed, regression, missing, warning, \
            new, improvement, unchanged) and the figures behind it. Fails (exit 1): a failed \
            verification; instructions of one call (run --instructions) growing by more than \
            --instruction-threshold and --instruction-slack; peak heap growing by more than \
            --memory-threshold and --memory-slack; any growth of the allocation count; more \
            steps; a row (or instruction count) of the baseline missing from the current run, \
            unless --allow-missing. Only warns: wall time, compared as the ratio to the \
            in-run stdlib median beyond --threshold and both runs' noise (unless --gate-time; \
            then --confirm takes a second run, and a timing regression fails only when that \
            run shows it again).

            Against history (--against history RUN): each row is judged against the band of its own \
            series' last --window runs of the same machine and plan on --branch (default main) in \
            the --history store: instructions (2 % or 2,000 instructions, wider when the series \
            wobbles), allocations, peak heap and steps fail above their band; median time only \
            warns; a failure status fails, as does a row of the newest earlier run missing from \
            this one (unless --allow-missing). Reference rows (floor, stdlib) never fail. A series \
            with fewer than 3 earlier values is not judged. With too little history (or no store) \
            --fallback BASELINE is compared instead; without it that is bad input.

            Examples (after `make bench-ci`, whose run is Reports/ci/current):
              diffbench compare ci Reports/ci/current
              diffbench compare Reports/baselines/ci.json Reports/ci/current \\
                  --format md --to Reports/ci/summary.md
              diffbench compare ci Reports/ci/current --format json --allow-missing
              diffbench compare --against history Reports/ci/current --fallback ci

            Exit status: 0 when nothing regressed (warnings allowed), 1 on a regression or a \
            failed row (verification, or any failure status), 2 on bad input (unreadable or \
            malformed file, another schema version, a row that cannot be true, rows measured on \
            different datasets: parameters, seed or sizes differ).
            """
    )

    @Argument(help: "The baseline: a name under --baselines-dir, or a results file or run folder. With --against history: the current run (default Reports/latest).")
    var baseline: String?

    @Argument(help: "The current run: a run folder or results.json (default Reports/latest).")
    var current: String?

    @Option(help: "What the run is judged against: baseline (a file, as given) or history (the store's recent runs).")
    var against: CompareAgainst = .baseline

    @OptionGroup var history: HistoryStoreOption

    @Option(help: "With --against history: the band is drawn from this many of the newest earlier runs.")
    var window: Int = 10

    @Option(help: "With --against history: the base branch whose runs make the history (\"\" for runs of unknown branch).")
    var branch: String = "main"

    @Option(help: ArgumentHelp("With --against history: the baseline to compare with instead when the store is missing or holds too few earlier runs of this machine and plan.", valueName: "baseline"))
    var fallback: String?

    @Option(help: "A second run of the same build: a timing regression fails only when this run shows it too.")
    var confirm: String?

    @Option(help: "Timing change that is reported, as a fraction or percentage (0.5 or 50%); fails only with --gate-time.")
    var threshold = Fraction(CompareThresholds.defaults.timing)

    @Option(help: "Half-width of each run's noise range, in MADs around the median.")
    var noiseK: Double = CompareThresholds.defaults.noiseK

    @Option(help: "Fewest samples a row needs in both runs for its time to be judged.")
    var minSamples: Int = CompareThresholds.defaults.minSamples

    @Option(help: "Peak heap increase that fails, as a fraction or percentage.")
    var memoryThreshold = Fraction(CompareThresholds.defaults.memoryFraction)

    @Option(help: "Peak heap increase in bytes that never fails.")
    var memorySlack: Int = CompareThresholds.defaults.memorySlackBytes

    @Option(help: "Allocation-count increase that never fails (any larger increase fails).")
    var allocationSlack: Int = CompareThresholds.defaults.allocationSlack

    @Option(help: "Instruction-count increase that fails, as a fraction or percentage.")
    var instructionThreshold = Fraction(CompareThresholds.defaults.instructionFraction)

    @Option(help: "Instruction-count increase that never fails (tiny calls).")
    var instructionSlack: Int = CompareThresholds.defaults.instructionSlack

    @Flag(help: "Let a wall-time slowdown beyond --threshold and the noise fail (for a dedicated machine).")
    var gateTime = false

    @Flag(help: "Rows of the baseline missing from the current run only warn (after a deliberate plan change).")
    var allowMissing = false

    @OptionGroup var printing: FormatOption<ReportTextFormat>

    @Option(help: ArgumentHelp("Write the report to this file (atomically) and print only the verdict line.", valueName: "FILE"))
    var to: String?

    @OptionGroup var outputIsAFolder: OutputIsAFolder

    @OptionGroup var baselines: BaselineFolderOption

    func validate() throws {
        switch against {
        case .baseline:
            guard baseline != nil else { throw ValidationError("give the baseline (a name under --baselines-dir, a results file or run folder), or --against history") }
            guard fallback == nil else { throw ValidationError("--fallback goes with --against history") }
        case .history:
            guard current == nil else { throw ValidationError("with --against history give only the current run (the history is the baseline)") }
            guard confirm == nil else { throw ValidationError("--confirm goes with a baseline file: the history's band already holds the noise of many runs") }
            guard window >= 1 else { throw ValidationError("--window must be at least 1") }
        }
        guard noiseK >= 0, noiseK.isFinite else { throw ValidationError("--noise-k must not be negative") }
        guard minSamples >= 1 else { throw ValidationError("--min-samples must be at least 1") }
        guard memorySlack >= 0, allocationSlack >= 0, instructionSlack >= 0 else {
            throw ValidationError("--memory-slack, --allocation-slack and --instruction-slack must not be negative")
        }
    }

    /// `--to` as given and resolved, once it is known to be none of the
    /// inputs (the baseline, the run, the confirming run) by any spelling
    /// (``InputGuard``); nil without `--to`.
    func checkedReportPath() throws(CLIFailure) -> (given: String, resolved: String)? {
        guard let output = to else { return nil }
        let references = [baseline, fallback].compactMap { $0 }.map { (try? Baselines.resolve($0, in: baselines.path)) ?? $0 }
        let stores = against == .history ? [history.path] : []
        let inputs = InputGuard(references + [current ?? Self.latest] + stores + (confirm.map { [$0] } ?? []), role: "the runs being compared")
        return (output, try inputs.checkedFile(output, option: "--to"))
    }

    /// The run compared when none is given.
    static let latest = "Reports/latest"

    func run() throws {
        let reportPath = try checkedReportPath()
        switch against {
        case .baseline:
            try emit(try compare(baseline: baseline ?? "", current: current ?? Self.latest), to: reportPath)
        case .history:
            try emit(try judgeAgainstHistory(baseline ?? Self.latest), to: reportPath)
        }
    }

    /// The comparison thresholds the options set.
    var thresholds: CompareThresholds {
        var thresholds = CompareThresholds.defaults
        thresholds.timing = threshold.value
        thresholds.noiseK = noiseK
        thresholds.minSamples = minSamples
        thresholds.memoryFraction = memoryThreshold.value
        thresholds.memorySlackBytes = memorySlack
        thresholds.allocationSlack = allocationSlack
        thresholds.instructionFraction = instructionThreshold.value
        thresholds.instructionSlack = instructionSlack
        thresholds.timeFails = gateTime
        return thresholds
    }

    /// What a comparison comes to, in the one shape both kinds of baseline give.
    struct Outcome {
        var text: String
        var headline: String
        var failsCI: Bool
        var failing: Int
    }

    /// The run at `current` compared with the baseline `baseline` (a name or a file).
    func compare(baseline: String, current: String) throws -> Outcome {
        let report: ComparisonReport
        do {
            let baselinePath = try Baselines.resolve(baseline, in: baselines.path)
            let baselineDocument = try read(baselinePath)
            let currentDocument = try read(current)
            let comparator = Comparator(thresholds: thresholds, allowMissing: allowMissing)
            let first = try comparator.compare(baseline: baselineDocument, at: baselinePath, current: currentDocument, at: current)
            if let confirm {
                let second = try comparator.compare(baseline: baselineDocument, at: baselinePath, current: try read(confirm), at: confirm)
                report = first.confirmed(by: second)
            } else {
                report = first
            }
        } catch {
            throw CLIFailure.badInput(error.description)
        }
        return Outcome(text: report.render(printing.format.reportFormat), headline: report.headline, failsCI: report.failsCI, failing: report.rows.filter(report.fails).count)
    }

    /// Prints the outcome (or writes it to `--to` and prints its headline); exit 1 when it fails.
    func emit(_ outcome: Outcome, to reportPath: (given: String, resolved: String)?) throws {
        let text = outcome.text
        if let reportPath {
            let (output, path) = reportPath
            let folder = (path as NSString).deletingLastPathComponent
            do {
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            } catch {
                throw CLIFailure.badInput("\(TerminalText.visible(output)): cannot create the folder \(TerminalText.visible(folder)): \(FileError.reason(error))")
            }
            do throws(FileError) {
                try ResultsStore.writeAtomically(text, to: path)
            } catch {
                // The report goes to a temporary file renamed into place: a
                // failed write leaves no part of it, and any earlier file there as it was.
                throw CLIFailure.badInput("\(TerminalText.visible(output)): \(error.problem); the report was not written")
            }
            print(outcome.headline)
            print("report: \(output)")
        } else {
            print(text, terminator: "")
        }
        if outcome.failsCI {
            throw CLIFailure.checkFailed("regression: \(Verdict.plural(outcome.failing, "row")) failed the comparison")
        }
    }

    func read(_ path: String) throws(CompareInputError) -> RunDocument {
        do {
            return try ResultsStore.read(path)
        } catch {
            throw CompareInputError(path: error.location, problem: error.problem)
        }
    }
}

extension ReportTextFormat {
    /// The comparison report's renderer for this word.
    var reportFormat: ReportFormat {
        switch self {
        case .markdown: return .md
        case .text: return .text
        case .json: return .json
        }
    }
}
