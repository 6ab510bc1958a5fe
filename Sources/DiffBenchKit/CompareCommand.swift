import ArgumentParser
import Compare
import Foundation
import Formats

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

            Examples (after `make bench-ci`, whose run is Reports/ci/current):
              diffbench compare ci Reports/ci/current
              diffbench compare Reports/baselines/ci.json Reports/ci/current \\
                  --format md --to Reports/ci/summary.md
              diffbench compare ci Reports/ci/current --format json --allow-missing

            Exit status: 0 when nothing regressed (warnings allowed), 1 on a regression or a \
            failed row (verification, or any failure status), 2 on bad input (unreadable or \
            malformed file, another schema version, a row that cannot be true, rows measured on \
            different datasets: parameters, seed or sizes differ).
            """
    )

    @Argument(help: "The baseline: a name under --baselines-dir, or a results file or run folder.")
    var baseline: String

    @Argument(help: "The current run: a run folder or results.json.")
    var current: String = "Reports/latest"

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

    @Option(help: "Output format: md, text or json.")
    var format: CompareOutputFormat = .text

    @Option(help: ArgumentHelp("Write the report to this file (atomically) and print only the verdict line.", valueName: "FILE"))
    var to: String?

    /// The old spelling of `--to` (``OutputFile``).
    @Option(help: .hidden)
    var output: String?

    @OptionGroup var baselines: BaselineFolderOption

    func validate() throws {
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
        guard let output = OutputFile.resolve(to: to, output: output, command: "compare") else { return nil }
        let baselinePath = (try? Baselines.resolve(baseline, in: baselines.path)) ?? baseline
        let inputs = InputGuard([baselinePath, current] + (confirm.map { [$0] } ?? []), role: "the runs being compared")
        return (output, try inputs.checkedFile(output, option: "--to"))
    }

    func run() throws {
        let reportFormat = format.reportFormat
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
        let reportPath = try checkedReportPath()
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
        let text = report.render(reportFormat)
        if let reportPath {
            let (output, path) = reportPath
            do {
                let folder = (path as NSString).deletingLastPathComponent
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                try ResultsStore.writeAtomically(text, to: path)
            } catch {
                throw CLIFailure.badInput("\(output): cannot write the report: \(error)")
            }
            print(report.headline)
            print("report: \(output)")
        } else {
            print(text, terminator: "")
        }
        if report.failsCI {
            let failing = report.rows.filter(report.fails).count
            throw CLIFailure.checkFailed("regression: \(Verdict.plural(failing, "row")) failed the comparison")
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
