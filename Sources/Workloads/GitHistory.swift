import FileSupport
import Foundation
import InputFiles

/// Datasets from the history of one file in a git repository: every pair
/// of consecutive versions becomes a dataset of lines (plain values whose
/// text is the line), the input of a real text diff.
///
/// git runs as a child process with an argument list (no shell), so a
/// repository path or file name cannot become a command.
public enum GitHistory {
    /// Why an import failed: git's own message, or what was missing.
    public struct ImportError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The largest version read by default (`--max-bytes`): a file's
    /// versions are held as bytes and lines at once, about three times the
    /// size, and a bigger file is rarely a text a person diffs.
    public static let defaultMaxBytes = 64 << 20

    /// What an import gives: the datasets, and notes on what it skipped.
    public struct Import: Sendable {
        public var datasets: [Dataset]
        /// One line per skipped stretch (the file deleted and later re-added).
        public var notes: [String]
    }

    /// Commits that changed `file`, oldest first (at most `limit`, the
    /// newest ones). The name is a literal path (`*` is a file called `*`,
    /// not a pattern). O(history) for git.
    public static func commits(repository: String, file: String, limit: Int) throws(ImportError) -> [String] {
        let output = try text(git(repository, ["log", "--format=%H", "-n", String(max(limit, 0)), "--", file]))
        return output.split(separator: "\n").map(String.init).reversed()
    }

    /// The blob of `file` at `commit` and its size in bytes, or nil when
    /// the commit has no such file (it was deleted there). A path that names
    /// a folder there (with or without a trailing `/`, which makes git list
    /// the folder's files) is refused, as is a submodule: `--file` takes one
    /// file. `shownAs` names the commit in messages (a tag as the user gave
    /// it). O(entries of the folder) for git.
    static func blob(
        repository: String, commit: String, file: String, shownAs: String? = nil
    ) throws(ImportError) -> (hash: String, bytes: Int)? {
        let revision = shownAs ?? String(commit.prefix(12))
        let wanted = file.hasSuffix("/") ? String(file.reversed().drop { $0 == "/" }.reversed()) : file
        // `ls-tree -l -z` prints "mode type hash size<TAB>path" NUL per entry: the path itself, or a folder's entries.
        let entries = try git(repository, ["ls-tree", "-l", "-z", commit, "--", file]).split(separator: 0)
        guard !entries.isEmpty else { return nil }
        for entry in entries {
            let parts = entry.split(separator: UInt8(ascii: "\t"), maxSplits: 1)
            guard parts.count == 2, text(Array(parts[1])) == wanted else { continue }
            let fields = text(Array(parts[0])).split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 4 else { break }
            if fields[1] == "blob", let size = Int(fields[3]) { return (String(fields[2]), size) }
            if fields[1] == "tree" { throw folderRefusal(repository, wanted, revision) }
            throw ImportError(description: "\(repository): \(wanted) at \(revision) is not a file (a \(fields[1] == "commit" ? "submodule" : String(fields[1])))")
        }
        // Entries other than the path itself: the folder's own files.
        throw folderRefusal(repository, wanted, revision)
    }

    /// The refusal of a folder given as `--file`.
    static func folderRefusal(_ repository: String, _ path: String, _ revision: String) -> ImportError {
        ImportError(
            description: "\(repository): \(path) at \(revision) is a folder; --file takes one file "
                + "(every file that changed between two revisions: --range A..B)")
    }

    /// The file's lines at `commit`, read by ``TextLines`` (the reader of
    /// `diff --lines`: a line ends after a LF and is its bytes with its
    /// ending, a BOM included; an empty version is 0 lines); nil when the file is absent there. A
    /// version over `maxBytes` is refused with its size. O(bytes).
    public static func lines(
        repository: String, commit: String, file: String, maxBytes: Int = defaultMaxBytes
    ) throws(ImportError) -> [String]? {
        try version(repository: repository, commit: commit, file: file, maxBytes: maxBytes)?.lines
    }

    /// ``lines(repository:commit:file:maxBytes:)`` with the blob's id.
    static func version(
        repository: String, commit: String, file: String, maxBytes: Int, shownAs: String? = nil
    ) throws(ImportError) -> (blob: String, lines: [String])? {
        guard let (hash, size) = try blob(repository: repository, commit: commit, file: file, shownAs: shownAs) else { return nil }
        let revision = shownAs ?? String(commit.prefix(12))
        guard size <= maxBytes else {
            throw ImportError(
                description: "\(file) at \(revision) is \(Formatting.bytes(size)) (\(Formatting.grouped(size)) bytes), "
                    + "over --max-bytes \(Formatting.grouped(maxBytes)); raise --max-bytes to read it")
        }
        let bytes = try git(repository, ["cat-file", "blob", hash])
        do {
            return (hash, try TextLines.split(bytes, source: "\(file) at \(revision)").strings())
        } catch {
            throw ImportError(description: error.description)
        }
    }

    /// One dataset per pair of consecutive versions among the newest
    /// `limit` commits that changed `file`. Workload `git`, size = the old
    /// version's line count, parameters: the file, both commits (12 hex
    /// digits) and `unit=lines`, with git's hunks for the pair
    /// (``Dataset/gitHunks``). Where the file was deleted, the stretch up
    /// to its re-adding is skipped with a note (no pair spans it). O(total lines).
    public static func datasets(
        repository: String, file: String, limit: Int, maxBytes: Int = defaultMaxBytes
    ) throws(ImportError) -> Import {
        let history = try commits(repository: repository, file: file, limit: limit)
        guard !history.isEmpty else {
            throw ImportError(
                description: "\(repository): no such file in the history of HEAD: \(file) (no commit changed it; "
                    + "check the path, or name the revisions that hold it with --rev A --rev B)")
        }
        var result = Import(datasets: [], notes: [])
        var previous: (commit: String, blob: String, lines: [String])?
        var deletedAt: String?
        for commit in history {
            guard let (currentBlob, current) = try version(repository: repository, commit: commit, file: file, maxBytes: maxBytes) else {
                if previous != nil || deletedAt == nil { deletedAt = commit }
                previous = nil
                continue
            }
            if let deleted = deletedAt {
                result.notes.append("\(file) was deleted at \(deleted.prefix(12)) and added again at \(commit.prefix(12)); no pair spans that stretch")
                deletedAt = nil
            }
            if let previous {
                var made = dataset(
                    old: previous.lines, new: current,
                    parameters: [
                        "file": file, "from": String(previous.commit.prefix(12)), "to": String(commit.prefix(12)), "unit": "lines",
                    ])
                made.gitHunks = try hunkHeaders(repository: repository, old: previous.blob, new: currentBlob)
                result.datasets.append(made)
            }
            previous = (commit, currentBlob, current)
        }
        if let deleted = deletedAt {
            result.notes.append("\(file) was deleted at \(deleted.prefix(12)) and not added again")
        }
        guard !result.datasets.isEmpty else {
            throw ImportError(
                description: "\(repository): \(file) has no two consecutive versions among its last \(history.count) commit(s) in git history; a dataset needs two"
                    + (result.notes.isEmpty ? "" : " (" + result.notes.joined(separator: "; ") + ")")
                    + ". To compare the file at named revisions (tags, branches or commits, also with no history in common), "
                    + "give --rev A --rev B; for every file changed between two revisions, --range A..B")
        }
        return result
    }

    /// Lines as plain values: each distinct line gets an id in order of
    /// first appearance (old version first), lines told apart by their bytes
    /// (``Interner/code(forLine:)``), and `symbols` holds its text.
    static func dataset(old: [String], new: [String], parameters: [String: String]) -> Dataset {
        var lines = Interner()
        let oldItems = old.map { FeedItem(id: lines.code(forLine: $0), content: 0) }
        let newItems = new.map { FeedItem(id: lines.code(forLine: $0), content: 0) }
        let symbols = lines.texts
        return Dataset(
            workload: "git", size: old.count, seed: 0, parameters: parameters, kind: .values, old: oldItems, new: newItems,
            symbols: symbols.isEmpty ? nil : symbols)
    }

    /// Standard output as UTF-8 text (commit hashes, tree entries).
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Runs git on `repository` with `arguments` and literal pathspecs (a
    /// file name is never a pattern) and returns its standard output.
    static func git(_ repository: String, _ arguments: [String]) throws(ImportError) -> [UInt8] {
        try git(["-C", repository, "--literal-pathspecs"] + arguments)
    }

    /// Runs git with `arguments` and returns its standard output.
    static func git(_ arguments: [String]) throws(ImportError) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ImportError(description: "cannot run git: \(error.localizedDescription)")
        }
        // Read both pipes to the end before waiting, so a large file cannot fill a pipe and stall git.
        final class Collected: @unchecked Sendable { var data = Data() }
        let collected = Collected()
        let done = DispatchSemaphore(value: 0)
        let errorHandle = errors.fileHandleForReading
        DispatchQueue.global().async {
            collected.data = errorHandle.readDataToEndOfFile()
            done.signal()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        done.wait()
        let errorData = collected.data
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw ImportError(description: "git \(arguments.dropFirst(3).joined(separator: " ")): \(message.isEmpty ? "exit status \(process.terminationStatus)" : message)")
        }
        return [UInt8](data)
    }
}
