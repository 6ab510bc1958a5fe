import ArgumentParser
import DiffEngines
import Foundation
import FileSupport
import Harness
import InputFiles
import Workloads

/// `diffbench hunks`: how often each engine's hunks, with each slider
/// policy, are the ones `git diff --histogram --indent-heuristic` shows.
struct HunksCommand: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "hunks",
        abstract: "Compare each engine's unified-diff hunks with git's on every file changed between two commits.",
        discussion: """
            For every text file changed in --range A..B of the repository --from-git (renames \
            followed; added, deleted and binary files left out with a note), each engine diffs \
            the two versions as lines, each slider policy places the result, and the hunk \
            headers (@@ -a,b +c,d @@, three lines of context) are compared with those of \
            `git diff --histogram --indent-heuristic` on the same two blobs. A file agrees \
            when every header is the same: a reader sees the same hunks.

            Example:
              diffbench hunks --from-git . --range HEAD~20..HEAD --engines myers,histogram

            JSON output: {"range", "files", "cells": [{"engine", "sliders", "agreeing", \
            "files", "refused", "share", "failed"}]}; "failed" is null, or the fault of a \
            plug-in's worker (timed-out, crashed, out-of-memory), after which the plug-in \
            is called on no further file.

            A plug-in engine (one a package registers) is called in a worker of its own per \
            file, under --case-timeout and --case-memory, as by diff.

            Exit status: 0 on success, 1 when a plug-in's worker met a fault (the table is \
            written first), 2 on bad usage or when git cannot read the range.
            """
    )

    @Option(name: .customLong("from-git"), help: ArgumentHelp("The git repository (a work tree or a bare copy).", valueName: "repo"))
    var repository: String

    @Option(help: ArgumentHelp("The two commits (tags, branches or ids).", valueName: "A..B"))
    var range: String

    @Option(
        help: ArgumentHelp("Engines to measure: all, or a comma-separated list. Default: every engine but the references.", valueName: "engines"),
        transform: EngineSelection.parse)
    var engines: EngineSelection?

    @Option(help: ArgumentHelp("Slider policies to measure, comma-separated.", valueName: "policies"), transform: CommaList<SliderPolicy>.parse)
    var sliders = CommaList(SliderPolicy.allCases)

    @Option(name: .customLong("max-bytes"), help: ArgumentHelp("The largest version read, in bytes or with a unit (64M); bigger files are left out with a note.", valueName: "size"))
    var maxBytes = ByteCount(bytes: GitHistory.defaultMaxBytes)

    @OptionGroup var budget: TimeBudgetOption
    /// Seconds one engine may take on one input; 0 for no limit (``TimeBudgetOption``).
    var timeBudget: Double { budget.seconds }

    @OptionGroup var printing: FormatOption<OutputFormat>

    @Flag(help: "After the table, list the files whose hunks differ from git's, per engine and policy.")
    var details = false

    @Flag(help: "No progress on standard error.")
    var quiet = false

    @OptionGroup var pluginLimits: PluginLimitsOptions

    func run(with registry: EngineRegistry) throws {
        let descriptors = try engines?.resolve(in: registry, option: "--engines") ?? registry.descriptors.filter { !$0.info.isReference }
        let budget = timeBudget
        let result: HunkAgreement
        do {
            result = try StandardOutput.divertedToStandardError {
                () throws -> HunkAgreement in
                try HunkAgreement.measure(
                    repository: repository, range: range, maxBytes: maxBytes.bytes, engines: descriptors, policies: sliders.items,
                    call: { descriptor, lists in try call(descriptor, lists, budget: budget) },
                    progress: { done, total in
                        guard !quiet, done % 50 == 0 || done == total else { return }
                        StandardError.note("hunks: \(done) of \(total) files")
                    })
            }
        } catch let error as GitHistory.ImportError {
            throw CLIFailure.badInput(TerminalText.visible(error.description))
        }
        for note in result.notes { StandardError.note(TerminalText.visible(note)) }
        switch printing.format {
        case .text:
            print(Self.table(result, range: range))
            if details {
                for cell in result.cells where !cell.disagreeing.isEmpty {
                    print("\n\(cell.engine), sliders \(cell.policy.rawValue): \(cell.disagreeing.count) file(s) differ")
                    for file in cell.disagreeing { print("  " + TerminalText.visible(file)) }
                }
            }
        case .json: print(Self.json(result, range: range))
        }
        let failed = result.cells.reduce(into: [(String, HunkAgreement.Failure)]()) { list, cell in
            if let failure = cell.failure, !list.contains(where: { $0.0 == cell.engine }) { list.append((cell.engine, failure)) }
        }
        if !failed.isEmpty {
            throw CLIFailure.checkFailed(
                (["plug-ins that failed in their workers (not called on the files after):"]
                    + failed.map { "  \($0.0): \($0.1.fault.code.rawValue) on \(TerminalText.visible($0.1.file)): \(TerminalText.visible($0.1.fault.reason))" })
                    .joined(separator: "\n"))
        }
    }

    /// `descriptor`'s call on one file's lines, unless predicted over
    /// `budget`: a plug-in's (its calibration too) in a worker of its own
    /// (``PluginLimitsOptions``), whose fault is the answer.
    func call(_ descriptor: EngineDescriptor, _ lists: UserLists, budget: Double) throws -> HunkAgreement.Answer {
        do {
            if budget > 0, (try pluginLimits.predictedSeconds(descriptor, lists: lists, timeBudget: budget) ?? 0) > budget { return .refused }
            let outcome = try pluginLimits.call(descriptor, EngineCall.Lists(lists), options: DiffOptions(), timeBudget: budget) {
                Result { () throws(DiffError) -> Changeset in try descriptor.diff(lists, options: DiffOptions()) }
            }
            switch outcome {
            case let .answered(.success(changeset)): return .changeset(changeset)
            case .answered(.failure): return .refused
            case let .failed(fault): return .failed(fault)
            }
        } catch let fault as EngineCall.Fault {
            return .failed(fault)
        }
    }

    /// One row per engine, one column per policy: "97.1 % (573/590)".
    static func table(_ result: HunkAgreement, range: String) -> String {
        let policies = result.cells.reduce(into: [SliderPolicy]()) { if !$0.contains($1.policy) { $0.append($1.policy) } }
        let engines = result.cells.reduce(into: [String]()) { if !$0.contains($1.engine) { $0.append($1.engine) } }
        func text(_ cell: HunkAgreement.Cell) -> String {
            if let failure = cell.failure { return "\(failure.fault.code.rawValue) (a plug-in, in its worker)" }
            let share = cell.share.map { String(format: "%.1f %% (%d/%d)", $0 * 100, cell.agreeing, cell.files) } ?? "–"
            return share + (cell.refused > 0 ? ", \(cell.refused) refused" : "")
        }
        let rows = [["engine"] + policies.map { "sliders \($0.rawValue)" }] + engines.map { engine in
            [engine] + policies.map { policy in result.cells.first { $0.engine == engine && $0.policy == policy }.map(text) ?? "" }
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        return "files whose hunks equal git diff --histogram --indent-heuristic's, \(TerminalText.visible(range)) "
            + "(\(Formatting.grouped(result.files)) changed text files):\n" + lines.joined(separator: "\n")
    }

    static func json(_ result: HunkAgreement, range: String) -> String {
        let cells = result.cells.map { cell in
            "    {\"engine\": \(JSONValue.quoted(cell.engine)), \"sliders\": \(JSONValue.quoted(cell.policy.rawValue)), "
                + "\"agreeing\": \(cell.agreeing), \"files\": \(cell.files), \"refused\": \(cell.refused), "
                + "\"share\": \(cell.share.map { String(format: "%.4f", $0) } ?? "null"), "
                + "\"failed\": \(cell.failure.map { JSONValue.quoted($0.fault.code.rawValue) } ?? "null")}"
        }
        return "{\n  \"range\": \(JSONValue.quoted(range)),\n  \"files\": \(result.files),\n  \"cells\": [\n"
            + cells.joined(separator: ",\n") + "\n  ]\n}"
    }
}
