import ArgumentParser
import DiffEngines
import Foundation
import Rendering
import FileSupport
import Harness
import InputFiles
import Teaching

struct TeachCommand: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "teach",
        abstract: "Draw how the algorithms diff two small lists: LCS memo table, Myers edit graph, Heckel passes, batch-update storyboard.",
        discussion: """
            OLD and NEW are read as by `diff`: JSON files (an array of strings, numbers or \
            {"id", "content"} objects), or literal strings with --chars. Up to \(TeachingPair.maximumCount) \
            elements per side; `diffbench table` draws the memo table of larger lists.

            Writes into DIR/NAME/ (default Reports/teach/NAME/): lcs-table.txt, lcs-table.tsv, \
            lcs-table.png, myers-trace.txt, myers-graph.png, myers-middle-snake.png, work.png, \
            heckel-passes.txt, heckel.png, engine-path.png (the --engine's changeset as a path on the \
            edit graph), storyboard.png, stepper.html (an offline page that steps \
            through each algorithm; with --quiz it opens in its quiz mode), index.md and index.html, with the \
            gnuplot data (.dat) and scripts (.gp) next to each picture (rerun one with \
            `gnuplot name.gp` inside the folder). Pictures need gnuplot with the pngcairo terminal; \
            without it the text files, data and scripts are still written and a warning says how \
            to install gnuplot.

            Exit status: 0 on success (also when gnuplot is missing: the warning lists the \
            pictures not drawn), 1 when an engine's changeset fails verification or gnuplot \
            fails on a script, 2 on bad input (unreadable or malformed file, both lists empty, \
            more than \(TeachingPair.maximumCount) elements on a side, labels over \
            \(TeachingPair.maximumLabelBytes) bytes in all, a bad --name, an output \
            folder that cannot be written).
            """
    )

    @Option(name: .long, help: "Folder name under the output directory (default: made from the inputs).")
    var name: String?

    @OptionGroup var outputFolder: OutputFolderOption<TeachingFolder>

    /// The output folder as the user spelled it (``OutputFolderOption``).
    var output: String { outputFolder.folder }

    @Option(
        name: .long,
        help: "Engine whose changeset the storyboard plays and engine-path.png draws on the edit graph: any registered engine (\(DiffBench.engines.namesInWords))."
    )
    var engine = EngineChoice(name: .myers)

    @Flag(
        name: .long,
        help: "Open stepper.html in its quiz mode: the student picks each Myers move and each Heckel pass's links before the page shows them, and gets a score (the page has a toggle either way)."
    )
    var quiz = false

    @OptionGroup var lists: TwoListsArguments
    @OptionGroup var pluginLimits: PluginLimitsOptions
    var old: String { lists.old }
    var new: String { lists.new }
    var chars: Bool { lists.chars }

    func run(with registry: EngineRegistry) throws {
        let engineName = try engine.resolve(in: registry, option: "--engine").name
        let folder = try TeachCommand.folderName(explicit: name, old: old, new: new, chars: chars)
        try TeachCommand.suggestChars(old: old, new: new, chars: chars)
        let pair = try ListPair.load(old: old, new: new, chars: chars, files: lists.files)
        let title = chars
            ? "\(old) → \(new)"
            : TeachCommand.title(pair.old.labels, file: old) + " → " + TeachCommand.title(pair.new.labels, file: new)
        let directory = output + "/" + folder
        // Teach writes dozens of files there: the folder must hold none of the lists read.
        if !chars {
            _ = try InputGuard([old, new], role: "the input lists").checkedFolder(directory, option: "--output", writing: [], clearing: true)
        }
        // Resolved once, before any engine is called in this process (one may change the working
        // folder); only the printed lines name it as the user did.
        let resolvedDirectory = InputGuard.resolved(output) + "/" + folder
        let gnuplot = GnuplotProcess.executable()
        let plugins = try pluginAnswers(registry, old: pair.old.items, new: pair.new.items)
        let engines = registry.descriptors.filter { plugins.failed[$0.name] == nil }.map(\.engine)
        if let failure = plugins.failed[engineName] {
            throw CLIFailure.checkFailed("the storyboard engine \(engineName.rawValue) (a plug-in, called in a worker) failed: \(failure)")
        }
        var summary: TeachingReport.Summary
        do {
            summary = try TeachingReport.write(
                old: pair.old.items, new: pair.new.items, identity: IdentifiedElements<FeedItem>(),
                oldLabels: pair.old.labels, newLabels: pair.new.labels, title: title, to: resolvedDirectory,
                storyboardEngine: engineName, engines: engines, gnuplot: gnuplot, startInQuiz: quiz, answered: plugins.answered)
        } catch {
            if case let .engineRefused(engine, engineError) = error {
                throw CLIFailure.badInput("the storyboard engine \(engine.rawValue) refused these lists: \(pair.describe(engineError))")
            }
            if case let .tooLarge(side, _, _) = error {
                throw CLIFailure.badInput("\(side == .old ? pair.oldSource : pair.newSource): \(error.description)")
            }
            throw CLIFailure.badInput(error.description)
        }
        summary.directory = directory
        print(TeachCommand.closingLines(summary).joined(separator: "\n"))
        if !summary.picturesWithoutGnuplot.isEmpty {
            FileHandle.standardError.write(
                Data(("diffbench: warning: gnuplot not found, so these pictures were not drawn: "
                    + summary.picturesWithoutGnuplot.joined(separator: ", ") + "; " + GnuplotProcess.installHint + "\n").utf8))
        }
        var failures = summary.gnuplotFailures
        failures += summary.engineProblems
        failures += plugins.failed.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) (a plug-in, called in a worker) failed: \($0.value)" }
        if !failures.isEmpty {
            throw CLIFailure.checkFailed(failures.joined(separator: "\n"))
        }
    }

    /// Every plug-in engine's answer on the pair, each made in a worker
    /// under `--case-timeout` and `--case-memory` (``EngineCall``): the
    /// answers, and the engines whose worker met a fault, with the fault in
    /// words. The built-ins are not called here (the report calls them in process).
    func pluginAnswers(_ registry: EngineRegistry, old: [FeedItem], new: [FeedItem]) throws
        -> (answered: [EngineName: Result<Changeset, DiffError>], failed: [EngineName: String])
    {
        var answered: [EngineName: Result<Changeset, DiffError>] = [:]
        var failed: [EngineName: String] = [:]
        for descriptor in registry.descriptors where EngineCall.needsWorker(descriptor) {
            let outcome = try pluginLimits.call(descriptor, EngineCall.Lists(items: old, new), options: .default, timeBudget: 0) {
                Result { () throws(DiffError) -> Changeset in try descriptor.diffItems(old, new, .default) }
            }
            switch outcome {
            case let .answered(result): answered[descriptor.name] = result
            case let .failed(fault): failed[descriptor.name] = "\(fault.code.rawValue): " + TerminalText.visible(fault.reason)
            }
        }
        return (answered, failed)
    }

    /// The output folder: `--name` when given (one path component, no dots
    /// only), else made from the inputs (`ADFGT-AFOXT`, or the file names).
    static func folderName(explicit: String?, old: String, new: String, chars: Bool) throws -> String {
        if let explicit {
            guard !explicit.isEmpty, !explicit.contains("/"), explicit != ".", explicit != ".." else {
                throw CLIFailure.badInput("--name \"\(explicit)\": give a plain folder name (no '/', not '.' or '..')")
            }
            return explicit
        }
        func safe(_ text: String) -> String {
            text.isEmpty ? "empty" : String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        }
        return chars ? safe(old) + "-" + safe(new) : safe(baseName(old)) + "-" + safe(baseName(new))
    }

    /// Two arguments that are neither of them a file were most likely meant
    /// as strings: say so, instead of only "no such file".
    static func suggestChars(old: String, new: String, chars: Bool) throws {
        let manager = FileManager.default
        guard !chars, !manager.fileExists(atPath: old), !manager.fileExists(atPath: new) else { return }
        throw CLIFailure.badInput(
            "\(TerminalText.visible(old)): no such file, nor is \(TerminalText.visible(new)); to compare the two strings "
                + "character by character, add --chars")
    }

    /// A list as titles show it: its elements when short, else its file name.
    static func title(_ labels: [String], file: String) -> String {
        let joined = "[" + labels.joined(separator: " ") + "]"
        return joined.count <= 32 ? joined : baseName(file)
    }

    /// A file name without folder and extension.
    static func baseName(_ path: String) -> String {
        let file = (path as NSString).lastPathComponent
        return (file as NSString).deletingPathExtension
    }

    /// What the command found and where: N, M, the LCS (labels as written,
    /// made safe for a terminal), D, and the two pages to open.
    static func closingLines(_ summary: TeachingReport.Summary) -> [String] {
        let lcs = summary.lcs.map(TerminalText.visible).joined(separator: " ")
        // The folder is the user's text (--output, --name): shown escaped, as run shows its folder.
        let folder = TerminalText.visible(summary.directory)
        return [
            "N = \(summary.oldCount) old, M = \(summary.newCount) new elements; "
                + "LCS (length \(summary.lcs.count)): \(lcs.isEmpty ? "(empty)" : lcs); D = \(summary.distance) (deletes + inserts)",
            "wrote \(summary.files.count) files into \(folder)/",
            "open \(folder)/index.html (every picture and engine) and \(folder)/stepper.html (step through each algorithm)",
        ]
    }
}
