import FileSupport
import Foundation
import RunResults

/// The one check every command that writes or clears an output (`--to`,
/// `--output`, `--force`, `chart`'s files) makes before it touches it: an
/// input it read is never written or removed, whatever spelling names
/// either (relative, `..`, a symbolic link, a folder that holds the input).
///
/// Paths are compared resolved: the longest part that exists through
/// `realpath` (links and `..` followed as the kernel would), the rest
/// appended. A run folder given as an input, or one of its results files,
/// protects the folder and both results files (`results.json`,
/// `results.csv`: a reader may read either). The guard is made once, at
/// the command's start, and its answers are resolved paths, so a link
/// planted or swapped later does not move the output. Each check is
/// O(inputs × path length).
struct InputGuard {
    /// What the inputs are, in messages: "the runs being merged".
    let role: String
    /// The inputs as given (for messages) and resolved.
    private(set) var inputs: [(given: String, resolved: String)] = []

    /// Protects `paths` (files, or run folders with their results files).
    init(_ paths: [String], role: String) {
        self.role = role
        for path in paths { protect(path) }
    }

    /// Adds `path` (and, for a run folder or a results file, the folder
    /// and its results files) to the inputs.
    mutating func protect(_ path: String) {
        let resolved = Self.resolved(path)
        inputs.append((path, resolved))
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder)
        let name = (resolved as NSString).lastPathComponent
        let folder: String
        if exists && isFolder.boolValue {
            folder = resolved
        } else if RunFolder.results.contains(where: { $0.rawValue == name }) {
            folder = (resolved as NSString).deletingLastPathComponent
            inputs.append((path, folder))
        } else {
            return
        }
        for entry in RunFolder.results { inputs.append((path, folder + "/" + entry.rawValue)) }
    }

    /// `path` made absolute with every link and `.`/`..` of its existing
    /// part resolved; the part that does not exist yet is appended as
    /// written (with `.` and `..` applied, since nothing there can be a link).
    static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var components = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var missing: [String] = []
        while true {
            let prefix = "/" + components.joined(separator: "/")
            if let real = realpath(prefix, nil) {
                defer { free(real) }
                var result = String(cString: real).split(separator: "/").map(String.init)
                for component in missing.reversed() {
                    switch component {
                    case ".": continue
                    case "..": if !result.isEmpty { result.removeLast() }
                    default: result.append(component)
                    }
                }
                return "/" + result.joined(separator: "/")
            }
            guard let last = components.popLast() else { return absolute }
            missing.append(last)
        }
    }

    /// The input that `resolved` is, or (with `under`) that lies inside the folder `resolved`.
    private func input(at resolved: String, under: Bool) -> String? {
        let prefix = resolved == "/" ? "/" : resolved + "/"
        return inputs.first { $0.resolved == resolved || (under && $0.resolved.hasPrefix(prefix)) }?.given
    }

    /// The file `path` (given with `option`) resolved, once it is known to
    /// be no input: what the command then writes. Exit 2 naming both paths
    /// otherwise.
    func checkedFile(_ path: String, option: String) throws(CLIFailure) -> String {
        let resolved = Self.resolved(path)
        if let input = input(at: resolved, under: false) {
            throw CLIFailure.badInput(
                "\(option) \(TerminalText.visible(path)) is one of \(role) (\(TerminalText.visible(input))); writing it would replace an input; choose another path")
        }
        return resolved
    }

    /// The folder `path` (given with `option`) resolved, once it is known
    /// to be no input, its `entries` (the files the command writes there)
    /// none either, and, when it is to be cleared (`clearing`), to hold no
    /// input at any depth. Exit 2 naming both paths otherwise.
    func checkedFolder(_ path: String, option: String, writing entries: [String], clearing: Bool) throws(CLIFailure) -> String {
        let resolved = Self.resolved(path)
        let written = [resolved] + entries.map { resolved + "/" + $0 }
        if let input = written.lazy.compactMap({ self.input(at: $0, under: false) }).first {
            throw CLIFailure.badInput(
                "\(option) \(TerminalText.visible(path)) is one of \(role) (\(TerminalText.visible(input))); choose a new folder")
        }
        if clearing, let input = input(at: resolved, under: true) {
            throw CLIFailure.badInput(
                "\(option) \(TerminalText.visible(path)) holds one of \(role) (\(TerminalText.visible(input))); clearing it would remove it; choose a new folder")
        }
        return resolved
    }

    /// Refuses an entry the command is about to write or remove inside a
    /// folder it writes (`folder/name`) when that entry is a symbolic
    /// link: a link planted there is never followed (nor replaced).
    static func refuseLink(_ folder: String, _ name: String) throws(CLIFailure) {
        let path = folder + "/" + name
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
            throw CLIFailure.badInput("\(TerminalText.visible(path)) is a symbolic link; diffbench does not write through a link planted in an output folder")
        }
    }
}
