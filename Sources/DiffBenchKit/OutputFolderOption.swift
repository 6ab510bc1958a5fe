import ArgumentParser
import FileSupport
import Foundation

/// What one command's `--output` folder holds, and where it goes when the
/// option is not given (nil: the command needs it, or needs it only in one mode).
protocol OutputFolderRole {
    /// What is written into the folder, for the help ("the run folders, `latest` and the history store").
    static var holds: String { get }
    /// The folder without `--output`; nil when the user must name one.
    static var defaultFolder: String? { get }
}

/// `--output FOLDER`, declared once for every command that writes into a
/// folder (`run`, `teach`, `merge`, `generate --from-git`): one spelling,
/// one help sentence, one set of checks, and one way to resolve it. A file
/// a command writes is always `--to FILE`; `compare` and `targets`, which
/// write one file, refuse `--output` with that hint (``OutputIsAFolder``).
///
/// Why one group: the folder is checked and resolved the same way in every
/// command — trailing slashes dropped (so no `Reports//run` is printed), an
/// existing file refused before anything runs, and made absolute once
/// (``resolved``) before any engine is called in this process, which may
/// change the working folder.
struct OutputFolderOption<Role: OutputFolderRole>: ParsableArguments {
    @Option(name: .customLong("output"), help: ArgumentHelp(Self.help, valueName: "folder"))
    var given: String?

    static var help: String {
        "The folder \(Role.holds) go into (made if missing)"
            + (Role.defaultFolder.map { ". Default: \($0)." } ?? ".")
    }

    /// The folder as the user spelled it (or the default), without trailing
    /// slashes: what printed lines show. Nil when neither names one.
    var shown: String? {
        if let given { return Self.trimmed(given) }
        guard let folder = Role.defaultFolder else { return nil }
        return Self.trimmed(folder)
    }

    /// ``shown`` made absolute, links and `..` of its existing part followed
    /// (``InputGuard/resolved(_:)``). O(path length) and a few `realpath` calls.
    var resolved: String? { shown.map(InputGuard.resolved) }

    func validate() throws {
        guard let given else { return }
        guard !given.isEmpty else { throw ValidationError("--output names a folder; it is empty") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ValidationError("--output \(TerminalText.visible(given)) is a file; --output names a folder in every command (a file a command writes is --to FILE)")
        }
    }

    /// `path` without trailing slashes ("/" stays "/").
    static func trimmed(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}

extension OutputFolderOption where Role: DefaultedOutputFolderRole {
    /// The folder as shown: `--output`, or the role's default.
    var folder: String { shown ?? Role.folder }
}

/// A role whose folder has a default.
protocol DefaultedOutputFolderRole: OutputFolderRole {
    static var folder: String { get }
}

extension DefaultedOutputFolderRole {
    static var defaultFolder: String? { folder }
}

/// `--output` in a command that writes one file (`compare`, `targets`):
/// refused, with the spelling that works. Hidden from the help.
struct OutputIsAFolder: ParsableArguments {
    @Option(name: .customLong("output"), help: .hidden)
    var given: String?

    func validate() throws {
        guard given != nil else { return }
        throw ValidationError("this command writes one file: give --to FILE (--output names a folder in every command)")
    }
}

/// `run`'s reports folder.
enum ReportsFolder: DefaultedOutputFolderRole {
    static let holds = "the run folders, `latest` and the history store (history.sqlite)"
    static let folder = "Reports"
}

/// `teach`'s pictures.
enum TeachingFolder: DefaultedOutputFolderRole {
    static let holds = "the teaching folders (one per pair, named by --name)"
    static let folder = "Reports/teach"
}

/// `merge`'s merged run.
enum MergedRunFolder: OutputFolderRole {
    static let holds = "the merged run's results.csv and results.json (required)"
    static let defaultFolder: String? = nil
}

/// `generate --from-git`'s datasets.
enum GitDatasetsFolder: OutputFolderRole {
    static let holds = "the datasets of --from-git (one file per pair of versions)"
    static let defaultFolder: String? = nil
}
