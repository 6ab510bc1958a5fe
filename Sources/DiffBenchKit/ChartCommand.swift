import ArgumentParser
import Compare
import Foundation
import Harness
import RunReport
import RunResults

struct ChartCommand: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draw a run's charts (gnuplot) and write its report page from results.json.",
        discussion: """
            Reads RUN_DIR/results.json (a run folder written by `diffbench run`, possibly on \
            another machine) and writes RUN_DIR/charts/ (per chart NAME.png, NAME.dat with the \
            results rows it draws, NAME.gp to redraw it with `gnuplot NAME.gp` in that folder), \
            RUN_DIR/index.html (self-contained apart from the PNGs) and RUN_DIR/index.md.

            Charts: \(ReportCharts.help).

            gnuplot (with the pngcairo terminal) draws the PNGs. Without it the page, the .dat \
            and the .gp files are still written, a warning says how to install gnuplot \
            (apt-get install gnuplot-nox), and the exit status is 0.

            Exit status: 0 when the page is written (with or without gnuplot), 1 when gnuplot \
            failed on a chart (the message names the .gp file), 2 when RUN_DIR is missing, \
            holds no results.json, the file is not a diffbench results file of a supported \
            version, a row cannot be true (ok but unverified, steps that are not the sum of \
            the counts, a negative or non-finite figure; the message gives its line and \
            column), or the folder cannot be written.
            """
    )

    @Argument(help: "A run folder (Reports/NAME, Reports/latest) or its results.json.")
    var runDirectory: String

    @OptionGroup var printing: FormatOption<OutputFormat>

    @Flag(help: "Print one screen: which engine to use per data shape, the targets met and missed, where the page is (the full listing goes to RUN_DIR/report.txt).")
    var brief = false

    /// The files `chart` writes in the run folder (its charts folder, the
    /// pages, report.txt, targets.md) and every entry of an existing charts
    /// folder: none may be a symbolic link, which would carry the writes out
    /// of the run folder (``InputGuard/refuseLink(_:_:)``).
    func refusePlantedLinks() throws(CLIFailure) {
        guard let folder = RunFolder.named(runDirectory)?.path else { return }
        let written = [RunFolder.Entry.charts, .markdownPage, .htmlPage, .targetsPage].map(\.rawValue) + ["report.txt"]
        for name in written { try InputGuard.refuseLink(folder, name) }
        let charts = folder + "/" + RunFolder.Entry.charts.rawValue
        for name in (try? FileManager.default.contentsOfDirectory(atPath: charts)) ?? [] { try InputGuard.refuseLink(charts, name) }
    }

    func run(with registry: EngineRegistry) throws {
        try refusePlantedLinks()
        let summary: ReportSummary
        let (targets, targetsLine) = targetsSection()
        do {
            summary = try ReportBuilder.build(
                runDirectory: runDirectory, extraSections: targets,
                knownEngines: registry.descriptors.map(\.info) + [EngineRegistry.floor])
        } catch {
            throw CLIFailure.badInput(error.description)
        }
        if brief {
            try? ResultsStore.writeAtomically(summary.text + "\n", to: summary.runDirectory + "/report.txt")
            print(summary.brief)
            if let targetsLine { print(targetsLine) }
        } else {
            switch printing.format {
            case .text: print(summary.text)
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(summary), as: UTF8.self))
            }
        }
        if summary.gnuplotMissing {
            warn("gnuplot not found: wrote the page, .dat and .gp files but no PNGs; \(Gnuplot.installHint)")
        }
        for warning in summary.warnings {
            warn("gnuplot warned on \(warning.chart).gp: \(warning.message)")
        }
        if !summary.failures.isEmpty {
            let lines = summary.failures.map { "  \(summary.runDirectory)/charts/\($0.chart).gp: \($0.message)" }
            throw CLIFailure.checkFailed("gnuplot failed on \(summary.failures.count) chart(s):\n" + lines.joined(separator: "\n"))
        }
    }

    /// The performance targets of the run, written to targets.md and linked
    /// from the page (nothing when the results cannot be read: the builder
    /// reports that itself).
    /// Also returns one line for the brief summary ("targets: 29 of 36 met; 7 missed (…)").
    private func targetsSection() -> ([ReportSection], String?) {
        guard let document = try? ResultsStore.read(runDirectory) else { return ([], nil) }
        let page = RunFolder(runDirectory.hasSuffix(".json") ? (runDirectory as NSString).deletingLastPathComponent : runDirectory)
            .path(of: .targetsPage)
        let (targets, note) = PerformanceTargets.targets(of: document)
        let checks = PerformanceTargets.evaluate(document, targets: targets)
        guard (try? ResultsStore.writeAtomically(PerformanceTargets.markdown(checks, note: note) + "\n", to: page)) != nil else {
            return ([], nil)
        }
        let met = checks.filter { $0.met == true }.count
        let missed = checks.filter { $0.met == false }
        let unmeasured = checks.filter { $0.met == nil }.count
        var text = "\(met) of \(checks.count) performance targets met in this run (ratios within the run)"
        if !missed.isEmpty {
            text += "; missed: " + missed.map { "\($0.area) \($0.subject) (\($0.measured), goal \($0.target))" }.joined(separator: "; ")
        }
        if unmeasured > 0 { text += "; \(unmeasured) not measured by this plan" }
        // What a miss means, said where the count is: a goal for this project's engines, not a fault of the run.
        var line = "targets: \(met) of \(checks.count) met"
        line += missed.isEmpty ? "" : "; \(missed.count) missed (a speed goal not reached on this machine, not an error: the results stand)"
        if unmeasured > 0 { line += "; \(unmeasured) not measured by this plan" }
        line += ". Details: \(page)"
        let name = RunFolder.Entry.targetsPage.rawValue
        return ([ReportSection(title: "Performance targets", text: text + ".", links: [.init(label: name, path: name)])], line)
    }

    private func warn(_ message: String) {
        FileHandle.standardError.write(Data(("diffbench: warning: " + message + "\n").utf8))
    }
}
