import ArgumentParser
import Compare
import Foundation
import RunResults

struct TargetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "targets",
        abstract: "Check a run against the project's performance targets (ratios within the run).",
        discussion: """
            Reads RUN_DIRECTORY/results.json (default Reports/latest) and prints, for each target, \
            the goal and the measured figure. The targets are data: a run records the list it was \
            made with (results.json `targets`), and this command evaluates that list; for a file \
            written before runs recorded them it says so in one line (a note under the count) \
            and uses this binary's own list. `--list` prints every target of this binary (id, measure, the rows \
            it reads, its limit), the measure kinds, and the `compare` gate's default thresholds.

            The targets: heckel, set and myers as ratios to the in-run stdlib median, lcs per \
            table cell against the floor per element and bytes per table cell, peak heap per \
            element on mixed@100000, the fitted scaling exponent of heckel and set, heckel over \
            the floor reference; anchor on the periodic workload against myers' steps and \
            heckel's time; with --deadline, each engine that honours bounds within twice it \
            (an engine that takes no deadline is "not measured"); on pairs imported with \
            --from-git, histogram's and patience's summed medians against myers' and, with \
            --sliders indent, the share of pairs whose hunks equal git's; and a missed check for \
            every failed row. The default `diffbench run` plan has every case the targets name, \
            except the string-id targets (heckel, set and anchor over the floor on uuid and \
            record lists, anchor on strings over anchor on ints, peak heap per element on uuid \
            lists), which `diffbench run --elements int,uuid,record --sizes 1000,10000` measures.

            Exit status: 0 (also when targets are missed, unless --strict), 1 with --strict \
            when a target is missed, 2 on a missing or malformed results file, or a row that \
            cannot be true (its line and column named).
            """
    )

    @Argument(help: "The run folder (or its results.json).")
    var runDirectory: String = "Reports/latest"

    @Flag(help: "Print every target, the measure kinds and the compare thresholds, and read no run.")
    var list = false

    @OptionGroup var printing: FormatOption<OutputFormat>

    @Flag(help: "Exit 1 when a measured target is missed.")
    var strict = false

    @Option(help: ArgumentHelp("Write the table to this file as well (markdown).", valueName: "FILE"))
    var to: String?

    @OptionGroup var outputIsAFolder: OutputIsAFolder

    func run() throws {
        if list {
            let catalog = PerformanceTargets.catalog
            print(printing.format == .json ? PerformanceTargets.listJSON(catalog) : PerformanceTargets.listMarkdown(catalog))
            return
        }
        let outputPath = try to.map { output in
            (output, try InputGuard([runDirectory], role: "the files read").checkedFile(output, option: "--to"))
        }
        let document: RunDocument
        do {
            document = try ResultsStore.read(runDirectory)
        } catch {
            throw CLIFailure.badInput(error.description)
        }
        let (targets, note) = PerformanceTargets.targets(of: document)
        let checks = PerformanceTargets.evaluate(document, targets: targets)
        let text = PerformanceTargets.markdown(checks, note: note)
        print(printing.format == .json ? PerformanceTargets.checksJSON(checks, note: note) : text)
        if let outputPath {
            do {
                try ResultsStore.writeAtomically(text + "\n", to: outputPath.1)
            } catch {
                throw CLIFailure.badInput("\(error)")
            }
        }
        if strict, checks.contains(where: { $0.met == false }) {
            throw CLIFailure.checkFailed("performance targets missed")
        }
    }
}
