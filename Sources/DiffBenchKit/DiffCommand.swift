import ArgumentParser
import DiffEngines
import Foundation
import Harness
import FileSupport
import InputFiles

struct DiffCommand: EngineCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "diff",
        abstract: "Diff two lists with one engine and print the changeset.",
        discussion: """
            OLD and NEW are paths to JSON files holding an array of strings, of numbers, \
            or of {"id": string|number, "content": any JSON} objects; with --chars they are \
            literal strings whose characters are the elements.

            Indices are those of a UIKit batch update: deletes and update.old are old \
            indices, inserts and update.new new indices, moves go from an old to a new index.

            JSON output: {"engine", "deletes": [i], "inserts": [j], "moves": [{"from","to"}], \
            "updates": [{"old","new"}]}.

            With --lines they are text files whose lines are the elements, as git and GNU \
            diff read them: a line ends after a LF and is its bytes with its ending (a CRLF \
            line differs from its LF copy, a last line without a newline from the same line \
            with one, and a byte order mark is part of the first line); an empty file is 0 \
            lines. --format unified prints a unified \
            diff that `patch` applies to OLD to give NEW (--sliders indent places its runs by git's indent heuristic, \
            --sliders down as GNU diff does). In a JSON list of objects the id is \
            --id (default "id", or a dotted path such as user.id) and the content is the whole \
            object minus the id, unless --content names the keys that count.

            --engines all (or a comma-separated list) prints one line per engine instead of a \
            changeset: its steps, moves, whether its edit script is the shortest, and the time \
            of one call.

            --format batch prints the change as UIKit batch updates (performBatchUpdates \
            calls, in order), --format batch-json as a batch file for `diffbench validate`. \
            With these formats OLD and NEW may also hold sections: [{"id", "rows": [list]}].

            Exit status: 0 on success; 1 when an engine's answer fails its check (a changeset \
            that does not turn OLD into NEW, batch updates the UIKit model refuses) or a plug-in \
            engine fails in its worker (timed-out, crashed, out-of-memory); 2 on bad input \
            (unknown engine, unreadable or malformed file, duplicate ids for the set engine, \
            a call predicted over --time-budget).
            """
        )
    }

    @Option(name: .long, help: ArgumentHelp("Engine: \(DiffBench.engines.namesInWords). Default: \(DiffCommand.defaultEngine.rawValue).", valueName: "engine"))
    var engine = EngineChoice(name: DiffCommand.defaultEngine)

    /// The engine `diff` uses when none is named.
    static let defaultEngine = EngineName.myers

    @Option(
        help: ArgumentHelp("Compare engines on this pair, one line each: all, or a comma-separated list.", valueName: "engines"),
        transform: EngineSelection.parse)
    var engines: EngineSelection?

    @OptionGroup var printing: FormatOption<DiffOutputFormat>

    @Flag(name: .long, help: "Report the fewest possible moves (re-partitions the engine's matches).")
    var minimizeMoves = false

    @Flag(name: .long, help: "Keep moves as a delete plus an insert (\(DiffBench.engines.names { $0.info.infersMoves }); refused for the others, which find moves as part of their matching).")
    var noMoves = false

    @Option(help: SliderPolicy.help)
    var sliders: SliderPolicy = .none

    @OptionGroup var budget: TimeBudgetOption
    /// Seconds one engine may take on one input; 0 for no limit (``TimeBudgetOption``).
    var timeBudget: Double { budget.seconds }

    @Option(help: DeadlineHelp.diff)
    var deadline: Double?

    @OptionGroup var lists: TwoListsArguments
    @OptionGroup var pluginLimits: PluginLimitsOptions
    var old: String { lists.old }
    var new: String { lists.new }
    var chars: Bool { lists.chars }

    func validate() throws {
        if printing.format == .unified, !lists.files.lines {
            throw ValidationError("--format unified writes a diff of text lines; add --lines")
        }
        if engines != nil, printing.format != .text {
            throw ValidationError("--engines prints one line per engine as text; leave out --format, or use --engine")
        }
        if sliders != .none, engines != nil || printing.format == .batch || printing.format == .batchJSON {
            throw ValidationError(
                "--sliders places one changeset's runs for reading (text, json or unified); leave it out with \(engines != nil ? "--engines" : "--format \(printing.format.rawValue)")")
        }
        if let deadline, !(deadline >= 0 && deadline.isFinite) {
            throw ValidationError("--deadline must be a number of seconds, 0 or more")
        }
    }

    func run(with registry: EngineRegistry) throws {
        let descriptor = try engine.resolve(in: registry, option: "--engine")
        if noMoves, !descriptor.info.infersMoves {
            throw CLIFailure.badInput(
                "--no-moves applies to \(registry.names { $0.info.infersMoves }), which pair moves after an edit script; "
                    + "\(descriptor.name.rawValue) finds moves as part of its matching and cannot leave them out")
        }
        let engineName = descriptor.name
        if printing.format == .batch || printing.format == .batchJSON {
            return try runBatch(descriptor: descriptor, options: options)
        }
        let pair = try UserListPair.load(lists)
        if let engines {
            return try compare(try engines.resolve(in: registry, option: "--engines"), on: pair, options: options, registry: registry)
        }
        let predicted = try prediction(of: descriptor) { try pluginLimits.predictedSeconds(descriptor, lists: pair.lists, timeBudget: timeBudget) }
        // A prediction alone never refuses an engine that honours bounds: one call cut off at the budget decides.
        let probe = timeBudget > 0 && !deadlineBounds(descriptor) && descriptor.honoursBounds && (predicted ?? 0) > timeBudget
        if !probe { try checkBudget(descriptor, seconds: predicted, counts: pair.lists.counts) }
        var callOptions = options
        if probe { callOptions.deadline = .seconds(timeBudget) }
        var changeset: Changeset
        // What the engine prints goes to stderr: stdout is the changeset (`--format json` is read by programs).
        let ticker = ProgressTicker(
            "diff: \(descriptor.name.rawValue) on \(Formatting.grouped(pair.lists.counts.old)) → "
                + "\(Formatting.grouped(pair.lists.counts.new)) elements", predictedSeconds: predicted)
        let outcome = try pluginLimits.call(descriptor, EngineCall.Lists(pair.lists), options: callOptions, timeBudget: timeBudget) {
            StandardOutput.divertedToStandardError {
                Result { () throws(DiffError) -> Changeset in try descriptor.diff(pair.lists, options: callOptions) }
            }
        }
        ticker.stop()
        guard case let .answered(answer) = outcome else {
            if case let .failed(fault) = outcome { throw PluginLimitsOptions.failure(descriptor.name, fault) }
            return
        }
        do {
            changeset = try answer.get()
        } catch {
            throw CLIFailure.badInput(pair.describe(error))
        }
        if probe, changeset.isApproximate {
            throw CLIFailure.badInput(
                String(
                    format: "%@ is predicted to take about %.0f s on these lists (%d → %d elements), and a call cut off at the "
                        + "%g s time budget did not finish; use --time-budget %.0f (or 0 for no limit) to run it anyway, "
                        + "--deadline %g for a coarser answer within it, or a linear engine (heckel)",
                    descriptor.name.rawValue, predicted ?? 0, pair.lists.counts.old, pair.lists.counts.new, timeBudget,
                    ((predicted ?? 0) * 2).rounded(.up), timeBudget))
        }
        if let problem = pair.verify(changeset) {
            throw CLIFailure.checkFailed("the \(engineName.rawValue) changeset is wrong: \(problem)")
        }
        if changeset.isApproximate { StandardError.note(approximationNote(changeset, on: pair, registry: registry)) }
        if sliders != .none {
            changeset = pair.placingSliders(sliders, changeset)
            if let problem = pair.verify(changeset) {
                throw CLIFailure.checkFailed("the \(engineName.rawValue) changeset is wrong after --sliders \(sliders.rawValue): \(problem)")
            }
        }
        switch printing.format {
        case .json:
            print(ChangesetJSON.render(changeset, engine: engineName.rawValue))
        case .unified:
            guard let text = pair.text else { throw CLIFailure.badInput("--format unified needs --lines") }
            print(UnifiedDiff.render(changeset, old: text.old, new: text.new, oldName: old, newName: new), terminator: "")
        case .text, .batch, .batchJSON:
            let counts = pair.lists.counts
            print(
                ChangesetText.render(
                    changeset, oldCount: counts.old, newCount: counts.new, engine: engineName.rawValue,
                    label: pair.label))
        }
    }
}

extension DiffCommand {
    /// The engine options the flags ask for.
    var options: DiffOptions {
        DiffOptions(inferMoves: !noMoves, minimizeMoves: minimizeMoves, deadline: deadline.map { Duration.seconds($0) })
    }

    /// What an answer cut short at `--deadline` costs: its steps, and how
    /// many more than myers' (a shortest edit script, moves paired after,
    /// with the same flags) when myers is predicted to take under a second
    /// on the pair.
    func approximationNote(_ changeset: Changeset, on pair: UserListPair, registry: EngineRegistry) -> String {
        let steps = Formatting.counted(changeset.stepCount, "step")
        let head = "approximate (stopped at the \(deadline.map { String(format: "%g", $0) } ?? "") s deadline): \(steps)"
        guard let myers = registry.descriptor(named: .myers),
            ((try? CallPrediction.seconds(myers, lists: pair.lists, in: nil)) ?? 0) < 1,
            let minimal = try? myers.diff(pair.lists, options: DiffOptions(inferMoves: !noMoves, minimizeMoves: minimizeMoves))
        else { return head + " (the minimum is too costly to compute here)" }
        return head + ", \(changeset.stepCount - minimal.stepCount) more than the minimum (myers: \(minimal.stepCount))"
    }

    /// Whether `--deadline` bounds this engine's call (it claims
    /// `honoursBounds`), so that `--time-budget` need not refuse it.
    func deadlineBounds(_ descriptor: EngineDescriptor) -> Bool {
        deadline != nil && descriptor.honoursBounds
    }

    /// Refuses a call predicted to take longer than `--time-budget` (as
    /// `run` skips such a case), naming the flag that allows it.
    /// A plug-in's calibration is made in its worker, whose fault ends the command (exit 1).
    func checkBudget(_ descriptor: EngineDescriptor, old: [FeedItem], new: [FeedItem]) throws {
        guard timeBudget > 0, !deadlineBounds(descriptor) else { return }
        let seconds = try prediction(of: descriptor) { try pluginLimits.predictedSeconds(descriptor, old: old, new: new, timeBudget: timeBudget) }
        try checkBudget(descriptor, seconds: seconds, counts: (old.count, new.count))
    }

    /// `predict` of `descriptor`'s call, where a fault of a plug-in's
    /// calibration (made in its worker) ends the command: exit 1, as a
    /// fault of its call does (``PluginLimitsOptions/failure(_:_:)``).
    func prediction(of descriptor: EngineDescriptor, _ predict: () throws -> Double?) throws -> Double? {
        do {
            return try predict()
        } catch let fault as EngineCall.Fault {
            throw PluginLimitsOptions.failure(descriptor.name, fault)
        }
    }

    /// Refuses a call whose predicted `seconds` (nil: a linear engine) are over `--time-budget`.
    func checkBudget(_ descriptor: EngineDescriptor, seconds: Double?, counts: (old: Int, new: Int)) throws(CLIFailure) {
        guard timeBudget > 0, !deadlineBounds(descriptor), let seconds, seconds > timeBudget else { return }
        throw CLIFailure.badInput(
            String(
                format: "%@ is predicted to take about %.0f s on these lists (%d → %d elements), over the %g s time budget; "
                    + "use --time-budget %.0f (or 0 for no limit) to run it anyway, or a linear engine (heckel, set)",
                descriptor.name.rawValue, seconds, counts.old, counts.new, timeBudget, (seconds * 2).rounded(.up)))
    }
}

/// The two lists `diff` compares, as the files hold them (no interning).
struct UserListPair {
    var lists: UserLists
    var oldSource: String
    var newSource: String
    /// The two texts with their line endings, when read with `--lines`.
    var text: (old: TextLines, new: TextLines)?

    static func load(_ arguments: TwoListsArguments) throws(CLIFailure) -> UserListPair {
        let old = arguments.old, new = arguments.new
        if arguments.chars {
            return UserListPair(lists: UserListReader.characters(old: old, new: new), oldSource: "OLD", newSource: "NEW")
        }
        do {
            if arguments.files.lines {
                let oldText = try TextLines.read(path: old), newText = try TextLines.read(path: new)
                for (path, text) in [(old, oldText), (new, newText)] where text.missingFinalNewline {
                    StandardError.note("\(TerminalText.visible(path)): no newline at end of file")
                }
                return UserListPair(
                    lists: .lines(oldText.strings(), newText.strings()), oldSource: old, newSource: new, text: (oldText, newText))
            }
            var reader = UserListReader(reading: arguments.files.reading)
            return UserListPair(lists: try reader.read(old: old, new: new), oldSource: old, newSource: new)
        } catch {
            throw CLIFailure.badInput(error.hintingLines().description)
        }
    }

    /// What element `index` of one side is called in listings: a line as
    /// ``TextLines/label(_:)`` shows it (its CR, byte order mark or missing
    /// line break marked), else as ``UserLists/label(_:_:)``. O(1) but a line's length.
    func label(_ side: DiffError.Side, _ index: Int) -> String {
        if let text { return (side == .old ? text.old : text.new).label(index) }
        return lists.label(side, index)
    }

    /// The changeset checked against the lists (nil when it is right). O(N + M).
    func verify(_ changeset: Changeset) -> VerificationFailure? {
        switch lists {
        case let .values(old, new): return changeset.verify(oldValues: old, newValues: new)
        case let .lines(old, new): return changeset.verify(old: old, new: new, identity: TextLineElements())
        case let .items(old, new): return changeset.verify(old: old, new: new)
        }
    }

    /// `changeset` with its sliders placed by `policy`; plain values (and
    /// lines) are their own text for the indent score. O(N + M + slides).
    func placingSliders(_ policy: SliderPolicy, _ changeset: Changeset) -> Changeset {
        switch lists {
        case let .values(old, new):
            return changeset.placingSliders(policy, old: old, new: new, identity: ValueElements<String>(), text: (old, new))
        case let .lines(old, new): return changeset.placingSliders(policy, oldLines: old, newLines: new)
        case let .items(old, new): return changeset.placingSliders(policy, old: old, new: new, identity: IdentifiedElements<UserItem>())
        }
    }

    /// An engine error in the user's terms (file and element position).
    func describe(_ error: DiffError) -> String {
        if case let .duplicateID(_, side, first, second) = error {
            let source = side == .old ? oldSource : newSource
            return "\(source): duplicate id \"\(ChangesetText.visible(label(side, first)))\" at elements \(first) and \(second); "
                + "the set engine needs unique ids (\(DiffBench.engines.repeatedIDNames) accept repeated ids)"
        }
        return error.description
    }
}

/// The two lists a command compares as integer codes, read with one
/// interner (teaching pictures and `table`, which draw codes).
struct ListPair {
    var old: LoadedList
    var new: LoadedList
    var oldSource: String
    var newSource: String

    static func load(old: String, new: String, chars: Bool, files: ListFileOptions? = nil) throws -> ListPair {
        var reader = ListReader(reading: files?.reading ?? .standard)
        if chars {
            return ListPair(
                old: reader.read(characters: old), new: reader.read(characters: new), oldSource: "OLD", newSource: "NEW")
        }
        do {
            if files?.lines == true {
                let oldList = reader.read(text: try TextLines.read(path: old))
                let newList = reader.read(text: try TextLines.read(path: new))
                return ListPair(old: oldList, new: newList, oldSource: old, newSource: new)
            }
            let oldList = try reader.read(path: old)
            let newList = try reader.read(path: new)
            try reader.finish()
            if oldList.kind != newList.kind, !oldList.items.isEmpty, !newList.items.isEmpty {
                throw InputError(
                    source: new,
                    problem: "holds \(newList.kind == .values ? "plain values" : "objects") but \(old) holds \(oldList.kind == .values ? "plain values" : "objects")")
            }
            return ListPair(old: oldList, new: newList, oldSource: old, newSource: new)
        } catch let error as InputError {
            throw CLIFailure.badInput(error.hintingLines().description)
        }
    }

    /// An engine error in the user's terms (file and element position).
    func describe(_ error: DiffError) -> String {
        if case let .duplicateID(_, side, first, second) = error {
            let list = side == .old ? old : new
            let source = side == .old ? oldSource : newSource
            return "\(source): duplicate id \"\(list.labels[first])\" at elements \(first) and \(second); "
                + "the set engine needs unique ids (\(DiffBench.engines.repeatedIDNames) accept repeated ids)"
        }
        return error.description
    }
}

/// The `diff --format text` listing: one step a line, for people.
enum ChangesetText {
    /// A label as a terminal shows it safely (see ``TerminalText/visible(_:)``).
    static func visible(_ label: String) -> String { TerminalText.visible(label) }

    /// The listing: a summary line, then one line per step with the
    /// element's label (`label(side, index)`, made visible). Only the
    /// labels of changed elements are read. O(N + M + steps).
    static func render(
        _ changeset: Changeset, oldCount: Int, newCount: Int, engine: String, label: (DiffError.Side, Int) -> String
    ) -> String {
        let count = Formatting.counted
        var lines = [
            "\(engine): \(oldCount) → \(newCount) elements, \(count(changeset.stepCount, "step")) "
                + "(\(count(changeset.deletes.count, "delete")), \(count(changeset.inserts.count, "insert")), "
                + "\(count(changeset.moves.count, "move")), \(count(changeset.updates.count, "update")))"
        ]
        func old(_ i: Int) -> String { visible(label(.old, i)) }
        func new(_ j: Int) -> String { visible(label(.new, j)) }
        for i in changeset.deletes { lines.append("delete  old[\(i)]  \(old(i))") }
        for j in changeset.inserts { lines.append("insert  new[\(j)]  \(new(j))") }
        for move in changeset.moves { lines.append("move    old[\(move.from)] → new[\(move.to)]  \(old(move.from))") }
        for update in changeset.updates {
            lines.append("update  old[\(update.old)] → new[\(update.new)]  \(new(update.new))")
        }
        return lines.joined(separator: "\n")
    }
}
