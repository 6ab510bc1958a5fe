import ArgumentParser
import Compare
import Foundation
import Harness
import Formats
import ListUpdates
import Rendering
import Teaching

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare a run with a baseline: regressions, improvements, new and missing rows.",
        discussion: """
            Per engine × workload × size: the timing figure in both runs, its change and a \
            verdict (failed, regression, warning, missing, new, improvement, unchanged). Time \
            is compared as the ratio to the in-run stdlib median, so machine speed cancels \
            out; a slowdown fails only beyond --threshold and beyond both runs' noise \
            (stdlib's own time, against floor, and the floor reference only warn). Memory \
            (peak heap, allocations) is counted exactly and fails on an increase over both \
            --memory-threshold and --memory-slack; the changeset's shape is exact and more \
            steps fail. A failed verification always fails. With --confirm, a timing \
            regression fails only when a second run of the same build shows it again (the \
            others only warn): CI runs the plan again when the first comparison fails.

            Examples:
              diffbench compare ci Reports/latest
              diffbench compare Reports/baselines/ci.json Reports/ci/current --format md --output summary.md
              diffbench compare ci Reports/ci/current --confirm Reports/ci/current-2

            Exit status: 0 when nothing regressed (warnings allowed), 1 on a regression or a \
            failed verification, 2 on bad input (unreadable or malformed file, another schema \
            version, rows measured on different datasets: parameters, seed or sizes differ).
            """
    )

    @Argument(help: "The baseline: a name under --baselines-dir, or a results file or run folder.")
    var baseline: String

    @Argument(help: "The current run: a run folder or results.json.")
    var current: String = "Reports/latest"

    @Option(help: "A second run of the same build: a timing regression fails only when this run shows it too.")
    var confirm: String?

    @Option(help: "Timing change that can fail, as a fraction or percentage (0.5 or 50%).")
    var threshold: String = "50%"

    @Option(help: "Half-width of each run's noise range, in MADs around the median.")
    var noiseK: Double = 3

    @Option(help: "Fewest samples a row needs in both runs for its time to be judged.")
    var minSamples: Int = 5

    @Option(help: "Peak heap or allocation increase that fails, as a fraction or percentage.")
    var memoryThreshold: String = "1%"

    @Option(help: "Peak heap increase in bytes that never fails.")
    var memorySlack: Int = 1_024

    @Option(help: "Output format: md, text or json.")
    var format: String = "text"

    @Option(help: "Write the report to this file (atomically) and print only the verdict line.")
    var output: String?

    @Option(help: "Folder of the named baselines.")
    var baselinesDir: String = Baselines.defaultDirectory

    func run() throws {
        guard let reportFormat = ReportFormat(rawValue: format) else {
            throw CLIFailure.badInput("--format: unknown value '\(format)' (md, text, json)")
        }
        guard let timing = CompareThresholds.parseFraction(threshold) else {
            throw CLIFailure.badInput("--threshold: '\(threshold)' is not a positive fraction or percentage")
        }
        guard let memory = CompareThresholds.parseFraction(memoryThreshold) else {
            throw CLIFailure.badInput("--memory-threshold: '\(memoryThreshold)' is not a positive fraction or percentage")
        }
        guard noiseK >= 0, minSamples >= 1, memorySlack >= 0 else {
            throw CLIFailure.badInput("--noise-k and --memory-slack must not be negative, --min-samples at least 1")
        }
        let thresholds = CompareThresholds(
            timing: timing, noiseK: noiseK, minSamples: minSamples, memoryFraction: memory, memorySlackBytes: memorySlack)
        let report: ComparisonReport
        do {
            let baselinePath = try Baselines.resolve(baseline, in: baselinesDir)
            let baselineDocument = try read(baselinePath)
            let currentDocument = try read(current)
            let comparator = Comparator(thresholds: thresholds)
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
        if let output {
            do {
                let folder = (output as NSString).deletingLastPathComponent
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                try ResultsStore.writeAtomically(text, to: output)
            } catch {
                throw CLIFailure.badInput("\(output): cannot write the report: \(error)")
            }
            print(report.headline)
            print("report: \(output)")
        } else {
            print(text, terminator: "")
        }
        if report.failsCI {
            throw CLIFailure.checkFailed("regression: \(report.rows.filter { $0.verdict.failsCI }.count) row(s) failed the comparison")
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
