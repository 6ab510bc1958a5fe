import Foundation
import InputFiles
import ListUpdates
import Testing

@testable import DiffBenchKit

/// `diffbench diff --lines` made in the test's own process, through the
/// functions ``DiffCommand`` calls for each format (the text listing, the
/// changeset JSON, the unified diff, the batch file), on the built-in
/// engines, for the tests that try many pairs: a debug `diffbench` costs
/// a process start and a dynamic link per call (half a second on a loaded
/// 2-core machine), which made such tests take minutes. The tests that use
/// it still send a few of their pairs through the built binary and require
/// its bytes to equal these (``checked(_:throughBinary:)``), so the command
/// cannot drift from what is tested here unnoticed.
enum DiffInProcess {
    /// What `diffbench diff ARGUMENTS` prints on standard output, for the
    /// `--lines` formats text, json, unified and batch-json (with
    /// `--engine`, `--sliders` and the move flags as given); a wrong
    /// changeset or batch is thrown as the command's exit-1 failure.
    /// O(the engine's call on the pair).
    static func output(_ arguments: [String]) throws -> String {
        let command = try parsed(arguments)
        try #require(command.lists.files.lines && command.engines == nil, "only diff --lines with one engine is made in process")
        let descriptor = try command.engine.resolve(in: EngineRegistry.builtIns, option: "--engine")
        let engine = descriptor.name.rawValue
        let options = command.options
        switch command.printing.format {
        case .batchJSON:
            let pair = try StatePair.load(old: command.old, new: command.new, chars: false, lines: true)
            let oldRows = pair.old.state.sections[0].rows, newRows = pair.new.state.sections[0].rows
            let changeset = try descriptor.engine.diff(from: oldRows, to: newRows, identity: IdentifiedElements<ListRow>(), options: options)
            if let problem = changeset.verify(old: oldRows, new: newRows) { throw CLIFailure.checkFailed("\(engine): \(problem)") }
            let staged = try StagedBatches.make(from: changeset, oldCount: oldRows.count, newCount: newRows.count)
            _ = try ListViewState.stageStates(staged, from: pair.old.state, expecting: pair.new.state)
            return BatchFile.render(staged, engine: engine) + "\n"
        case .text, .json, .unified:
            // UserListPair.load without its note on standard error (a missing final newline), which would fill the test log.
            let oldText = try TextLines.read(path: command.old), newText = try TextLines.read(path: command.new)
            let pair = UserListPair(
                lists: .lines(oldText.strings(), newText.strings()), oldSource: command.old, newSource: command.new, text: (oldText, newText))
            var changeset = try descriptor.diff(pair.lists, options: options)
            if let problem = pair.verify(changeset) { throw CLIFailure.checkFailed("\(engine): \(problem)") }
            if command.sliders != .none {
                changeset = pair.placingSliders(command.sliders, changeset)
                if let problem = pair.verify(changeset) { throw CLIFailure.checkFailed("\(engine) after --sliders: \(problem)") }
            }
            switch command.printing.format {
            case .json: return ChangesetJSON.render(changeset, engine: engine) + "\n"
            case .unified: return UnifiedDiff.render(changeset, old: oldText, new: newText, oldName: command.old, newName: command.new)
            default:
                return ChangesetText.render(
                    changeset, oldCount: pair.lists.counts.old, newCount: pair.lists.counts.new, engine: engine, label: pair.label) + "\n"
            }
        case .batch:
            throw CLIFailure.badInput("--format batch is not made in process")
        }
    }

    /// `diff ARGUMENTS` parsed as the command parses it. ArgumentParser
    /// takes some 50 ms a parse in a debug build, most of a pair's time in
    /// process, so the flags (all but the last two arguments, OLD and NEW)
    /// are parsed once per set of flags and the pair's paths put in after.
    /// O(1) after the first parse of the flags.
    static func parsed(_ arguments: [String]) throws -> DiffCommand {
        let flags = Array(arguments.dropLast(2)), paths = arguments.suffix(2)
        try #require(paths.count == 2 && paths.allSatisfy { !$0.hasPrefix("-") }, "OLD and NEW come last: \(arguments)")
        lock.lock()
        defer { lock.unlock() }
        var command = try commands[flags] ?? DiffCommand.parse(flags + ["OLD", "NEW"])
        commands[flags] = command
        command.lists.old = paths[paths.startIndex]
        command.lists.new = paths[paths.startIndex + 1]
        return command
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var commands: [[String]: DiffCommand] = [:]

    /// ``output(_:)`` of `diff ARGUMENTS`; when `throughBinary`, the built
    /// `diffbench` is run with the same arguments too and must exit 0 with
    /// the same bytes on standard output.
    static func checked(_ arguments: [String], throughBinary: Bool) throws -> String {
        let made = try output(arguments)
        if throughBinary {
            let result = try CLI.run(["diff"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(Array(result.stdout.utf8) == Array(made.utf8), "\(arguments): the binary printed\n\(result.stdout)\nin process:\n\(made)")
        }
        return made
    }
}
