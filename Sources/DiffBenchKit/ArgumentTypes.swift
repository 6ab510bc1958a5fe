import ArgumentParser
import Compare
import DiffEngines
import FileSupport
import InputFiles
import Harness
import RunResults
import Workloads

/// A value a command-line list can hold: parsed from one item, named back
/// for help texts and messages. The known names come from the registries
/// (engines, workloads, element kinds), so an engine another package
/// registers is a valid `--engines` item like the built-ins.
protocol ListItem: Hashable {
    /// The item `text` names, or nil when it names none.
    init?(item text: String)
    /// The name the item is written as.
    var itemName: String { get }
    /// Every valid name, for help and for the message on an unknown one.
    static var knownNames: [String] { get }
    /// What one item is called in messages ("engine", "workload").
    static var itemNoun: String { get }
    /// The message for a text that names no item.
    static func refusal(_ text: String) -> String
}

extension ListItem {
    static func refusal(_ text: String) -> String {
        "unknown \(itemNoun) '\(text)'; known: \(knownNames.joined(separator: ", "))"
    }
}

/// A comma-separated option (`--workloads mixed,feed`): every item known
/// (engine names are checked later, in the registry the command runs with:
/// ``EngineSelection``), none given twice (it would give two rows per case), at least one.
/// Parsed through `transform: CommaList.parse`, so that an unknown item is
/// named in the message with the known ones; the `ExpressibleByArgument`
/// conformance gives defaults their help text.
struct CommaList<Item: ListItem>: ExpressibleByArgument, Hashable {
    var items: [Item]

    init(_ items: [Item]) { self.items = items }

    init?(argument: String) {
        guard let list = try? CommaList.parse(argument) else { return nil }
        self = list
    }

    var defaultValueDescription: String { items.map(\.itemName).joined(separator: ",") }

    /// Splits, trims and checks `text`. O(items · known names).
    @Sendable static func parse(_ text: String) throws -> CommaList {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.contains(where: { !$0.isEmpty }) else { throw ListError("the list is empty") }
        var seen = Set<Item>()
        var items: [Item] = []
        for part in parts where !part.isEmpty {
            guard let item = Item(item: part) else {
                throw ListError(Item.refusal(TerminalText.visible(part)))
            }
            guard seen.insert(item).inserted else { throw ListError("'\(part)' is given twice") }
            items.append(item)
        }
        return CommaList(items)
    }
}

/// `--engines`: `all`, or a comma-separated list of names. Parsing checks
/// only the list's form (no empty item, none twice); which names exist is
/// the registry's to say when the command runs (``resolve(in:option:)``),
/// so a caller with engines of its own needs no global. One meaning of
/// `--engines` for `run`, `diff` and `hunks`.
enum EngineSelection: ExpressibleByArgument, Hashable {
    case all
    case named(CommaList<EngineName>)

    init?(argument: String) {
        guard let selection = try? EngineSelection.parse(argument) else { return nil }
        self = selection
    }

    @Sendable static func parse(_ text: String) throws -> EngineSelection {
        if text.trimmingCharacters(in: .whitespaces) == EngineRegistry.everyEngineWord { return .all }
        return .named(try CommaList<EngineName>.parse(text))
    }

    var defaultValueDescription: String {
        switch self {
        case .all: EngineRegistry.everyEngineWord
        case let .named(list): list.defaultValueDescription
        }
    }

    /// The engines selected, in the order given (`all`: registry order).
    /// A name the registry lacks is bad input (exit 2), named with `option`
    /// and every registered name. O(names · engines).
    func resolve(in registry: EngineRegistry, option: String) throws(CLIFailure) -> [EngineDescriptor] {
        switch self {
        case .all: return registry.descriptors
        case let .named(list):
            var descriptors: [EngineDescriptor] = []
            for name in list.items {
                descriptors.append(try EngineChoice(name: name).resolve(in: registry, option: option))
            }
            return descriptors
        }
    }
}

extension CommaList where Item == WorkloadName {
    /// Workload names and family names (`pathological`), comma-separated:
    /// a family stands for its workloads in catalog order. A workload given
    /// twice, by name or through its family, is refused as `parse` refuses
    /// any repeat. O(items · workloads).
    @Sendable static func parseWithFamilies(_ text: String) throws -> CommaList {
        let families = Set(WorkloadCatalog.families)
        var expanded: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            if families.contains(name) {
                expanded += WorkloadCatalog.members(of: name).map(\.rawValue)
            } else {
                expanded.append(name)
            }
        }
        return try parse(expanded.joined(separator: ","))
    }
}

/// Why a list option was refused; ArgumentParser prints it after the value.
struct ListError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension EngineName: ListItem {
    /// Any name: whether it is registered is checked when the command runs
    /// (``EngineSelection/resolve(in:option:)``).
    init?(item text: String) { self.init(text) }
    var itemName: String { rawValue }
    /// The process's engines, for help texts.
    static var knownNames: [String] { DiffBench.engines.names.map(\.rawValue) }
    static var itemNoun: String { "engine" }
}

extension WorkloadName: ListItem {
    init?(item text: String) { self.init(registered: text) }
    var itemName: String { rawValue }
    /// The workloads, then the families (`run --workloads` takes both).
    static var knownNames: [String] { allCases.map(\.rawValue) + WorkloadCatalog.families }
    static var itemNoun: String { "workload" }
}

extension ElementKind: ListItem {
    init?(item text: String) { self.init(registered: text) }
    var itemName: String { rawValue }
    static var knownNames: [String] { allCases.map(\.rawValue) }
    static var itemNoun: String { "element kind" }
}

/// A dataset size in a `--sizes` list: 0 up to the largest generated size.
struct DatasetSize: ListItem {
    var value: Int
    init?(item text: String) {
        guard let value = Int(text), value >= 0, value <= WorkloadName.maximumSize else { return nil }
        self.value = value
    }
    var itemName: String { String(value) }
    static var knownNames: [String] { ["0 to \(WorkloadName.maximumSize)"] }
    static var itemNoun: String { "size" }
    static func refusal(_ text: String) -> String {
        "'\(text)' is not a size from 0 to \(Formatting.grouped(WorkloadName.maximumSize))"
    }
}

/// `--engine NAME`: kept as written, and looked up in the registry the
/// command runs with (``resolve(in:option:)``); an unknown name is bad
/// input listing the registered ones.
struct EngineChoice: ExpressibleByArgument, Hashable {
    var name: EngineName

    init(name: EngineName) { self.name = name }

    init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        name = EngineName(argument)
    }

    /// The engine `name` names in `registry`, or bad input (exit 2) naming
    /// `option`, the name as written and every registered name.
    func resolve(in registry: EngineRegistry, option: String) throws(CLIFailure) -> EngineDescriptor {
        guard let descriptor = registry.descriptor(named: name) else {
            throw CLIFailure.badInput(
                "\(option): unknown engine '\(TerminalText.visible(name.rawValue))'; known: \(registry.names.map(\.rawValue).joined(separator: ", "))")
        }
        return descriptor
    }

    var defaultValueDescription: String { name.rawValue }
    static var allValueStrings: [String] { DiffBench.engines.names.map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// A fraction given as `0.05` or `5%`: positive, finite.
struct Fraction: ExpressibleByArgument, Hashable {
    var value: Double
    init(_ value: Double) { self.value = value }
    init?(argument: String) {
        guard let value = CompareThresholds.parseFraction(argument) else { return nil }
        self.value = value
    }
    var defaultValueDescription: String { CompareThresholds.percentText(value) }
}

/// A memory budget in MiB, the one unit every budget option takes; at most
/// what shifts to bytes without overflow.
struct Mebibytes: ExpressibleByArgument, Hashable {
    var value: Int
    var bytes: Int { value << 20 }
    init(bytes: Int) { value = bytes >> 20 }
    /// A plain number is MiB (as it always was); with a unit it is read as
    /// ``ByteCount`` reads it (`1G` is 1024 MiB) and must be whole MiB.
    init?(argument: String) {
        if let value = Int(argument) {
            guard value > 0, value <= Int.max >> 20 else { return nil }
            self.value = value
            return
        }
        guard let size = ByteCount(argument: argument), size.bytes >= 1 << 20, size.bytes % (1 << 20) == 0 else { return nil }
        value = size.bytes >> 20
    }
    var defaultValueDescription: String { "\(value)" }
}

/// The folder of named baselines, shared by `baseline` and `compare`.
struct BaselineFolderOption: ParsableArguments {
    @Option(name: .customLong("baselines-dir"), help: "Folder of the named baselines.")
    var path: String = Baselines.defaultDirectory
}

/// How list files are read, shared by every command that reads a user's
/// pair (`diff`, `teach`, `table`, `run --old/--new`): one meaning per
/// option name. See ``ListReading`` for the rules.
struct ListFileOptions: ParsableArguments {
    @Flag(help: "Read the files as text, one element per line, as git and GNU diff read them (a line ends after a LF and is its bytes with its ending, a byte order mark included; an empty file is 0 lines).")
    var lines = false

    @Option(name: .customLong("id"), help: ArgumentHelp("The id of an object in a JSON list: a key, or a dotted path such as user.id.", valueName: "keypath"))
    var idPath = "id"

    @Option(
        name: .customLong("content"),
        help: ArgumentHelp(
            "Keys (or dotted paths) whose values are an object's content, comma-separated. Default: the whole object minus the id, so any changed field is an update.",
            valueName: "keys"))
    var contentKeys: String?

    /// The reading rules these options give.
    var reading: ListReading {
        ListReading(
            id: idPath,
            contentKeys: contentKeys.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } })
    }

    func validate() throws {
        guard !idPath.isEmpty else { throw ValidationError("--id must name a key") }
        if let contentKeys {
            let keys = contentKeys.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard !keys.contains(where: \.isEmpty) else { throw ValidationError("--content: empty key in '\(contentKeys)'") }
            guard Set(keys).count == keys.count else { throw ValidationError("--content names a key twice") }
            guard !keys.contains(idPath) else { throw ValidationError("--content names the id key \(idPath); the id is never content") }
        }
        if lines, idPath != "id" || contentKeys != nil {
            throw ValidationError("--id and --content read objects of JSON lists; --lines reads text, which has neither")
        }
    }
}

/// The two lists `diff` and `teach` compare: two JSON files, two text
/// files with `--lines`, or two literal strings with `--chars`.
struct TwoListsArguments: ParsableArguments {
    @Flag(name: .long, help: "Treat OLD and NEW as literal strings; each character is an element.")
    var chars = false

    @OptionGroup var files: ListFileOptions

    @Argument(help: "The old list (a JSON file, a text file with --lines, or a string with --chars).")
    var old: String

    @Argument(help: "The new list (a JSON file, a text file with --lines, or a string with --chars).")
    var new: String

    func validate() throws {
        if chars, files.lines { throw ValidationError("--chars (literal strings) and --lines (text files) exclude each other") }
        if chars, files.idPath != "id" || files.contentKeys != nil {
            throw ValidationError("--id and --content read objects of JSON lists; --chars takes literal strings")
        }
    }
}

/// A file's history in a git repository as datasets of lines, for
/// `generate --from-git` and `run --from-git`: one meaning per option.
struct GitImportOptions: ParsableArguments {
    @Option(name: .customLong("from-git"), help: ArgumentHelp("A git repository whose history of --file becomes datasets.", valueName: "repo"))
    var fromGit: String?

    @Option(name: .long, help: ArgumentHelp("With --from-git: the file, as a path inside the repository (taken literally: * is a file named *).", valueName: "path"))
    var file: String?

    @Option(name: .long, help: ArgumentHelp("With --from-git, instead of --file: every text file changed between two commits (added, deleted and binary files are left out with a note).", valueName: "A..B"))
    var range: String?

    @Option(
        name: .customLong("rev"),
        help: ArgumentHelp(
            "With --from-git --file, repeated: the file at these revisions (tags, branches or commits, in this order; they need no history in common), each consecutive two a dataset, instead of its last --versions commits.",
            valueName: "revision"))
    var revisions: [String] = []

    @Option(name: .long, help: "With --from-git: how many of the newest commits that changed the file to take (datasets: one fewer).")
    var versions: Int = 10

    @Option(
        name: .customLong("max-bytes"),
        help: ArgumentHelp("With --from-git: the largest version read, in bytes or with a unit (64M); a bigger one is refused with its size.", valueName: "size"))
    var maxBytes = ByteCount(bytes: GitHistory.defaultMaxBytes)

    func validate() throws {
        guard fromGit != nil else {
            if file != nil { throw ValidationError("--file names a file of a --from-git repository; give --from-git REPO too") }
            if range != nil { throw ValidationError("--range names commits of a --from-git repository; give --from-git REPO too") }
            if !revisions.isEmpty { throw ValidationError("--rev names revisions of a --from-git repository; give --from-git REPO --file PATH too") }
            return
        }
        guard (file == nil) != (range == nil) else {
            throw ValidationError(
                "--from-git needs either --file PATH (one file's history, or the file at --rev A --rev B) or --range A..B (every file changed between two commits)")
        }
        if !revisions.isEmpty {
            guard file != nil else { throw ValidationError("--rev names revisions of one --file PATH; --range A..B takes its two commits itself") }
            guard revisions.count >= 2 else {
                throw ValidationError("--rev \(revisions[0]) alone: give at least two revisions to compare (e.g. --rev 1.0 --rev 1.1)")
            }
        }
        guard versions >= 2 else { throw ValidationError("--versions must be at least 2") }
    }

    /// The datasets of the history (nil without `--from-git`); what was
    /// skipped is noted on standard error. Every problem is exit 2.
    func datasets() throws(CLIFailure) -> [Dataset]? {
        guard let fromGit else { return nil }
        do {
            let history: GitHistory.Import
            if let range {
                history = try GitHistory.datasets(repository: fromGit, range: range, maxBytes: maxBytes.bytes)
            } else if !revisions.isEmpty {
                history = try GitHistory.datasets(repository: fromGit, file: file ?? "", revisions: revisions, maxBytes: maxBytes.bytes)
            } else {
                history = try GitHistory.datasets(repository: fromGit, file: file ?? "", limit: versions, maxBytes: maxBytes.bytes)
            }
            for note in history.notes { StandardError.note(TerminalText.visible(note)) }
            return history.datasets
        } catch {
            throw CLIFailure.badInput(TerminalText.visible(error.description))
        }
    }
}

/// `--sliders none|down|indent` (diff and run): one option, one meaning.
extension SliderPolicy: ExpressibleByArgument {
    /// The help line both commands show.
    static let help = ArgumentHelp(
        "Where runs of deletes or inserts that could slide over equal elements are placed: none (where the engine put them), "
            + "down (GNU diff's placement) or indent (git's indent heuristic, for text lines). The step count never changes.",
        valueName: "policy")
}

extension SliderPolicy: ListItem {
    init?(item text: String) { self.init(rawValue: text) }
    var itemName: String { rawValue }
    static var knownNames: [String] { allCases.map(\.rawValue) }
    static var itemNoun: String { "slider policy" }
}

extension EngineRegistry {
    /// The engines (not the references) for which `applies` holds, in words
    /// ("lcs, myers and anchor"): help texts and messages read option rules
    /// from the engines' own claims instead of naming engines by hand.
    func names(where applies: (EngineDescriptor) -> Bool) -> String {
        Formatting.list(descriptors.filter { applies($0) && !$0.info.isReference }.map(\.name.rawValue))
    }

    /// The engines that take lists with repeated ids (they do not claim
    /// ``EngineClaims/uniqueIDsOnly``): named where `set` refuses a list.
    var repeatedIDNames: String { names { !$0.info.requiresUniqueIDs } }

    /// The engines that take `--deadline` (they claim ``EngineClaims/honoursBounds``).
    var boundedNames: String { names(where: \.honoursBounds) }

    /// The engines that can grow faster than the lists and take no deadline.
    var unboundedNames: String {
        names { $0.info.cost != .linear && !$0.honoursBounds }
    }
}

/// `--deadline`'s help, one text for `diff` and `run`: the engines it
/// bounds are read from the process's engines' claims.
enum DeadlineHelp {
    static var head: String {
        "Seconds each engine call may search (\(DiffBench.engines.boundedNames)): past them it answers with a valid, "
            + "possibly longer changeset, marked approximate; 0 stops at the first check."
    }

    /// `diff --deadline`.
    static var diff: ArgumentHelp {
        let unbounded = DiffBench.engines.unboundedNames
        return ArgumentHelp(
            head + (unbounded.isEmpty ? "" : " --time-budget then refuses only engines that take no deadline (\(unbounded))."),
            valueName: "seconds")
    }

    /// `run --deadline`.
    static var run: ArgumentHelp {
        ArgumentHelp(head + " An answer cut short is verified and marked in the approximate column.", valueName: "seconds")
    }
}
