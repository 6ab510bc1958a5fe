import Foundation
import Formats

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

    /// Commits that changed `file`, oldest first (at most `limit` versions,
    /// the newest ones). O(history) for git.
    public static func commits(repository: String, file: String, limit: Int) throws(ImportError) -> [String] {
        let output = try git(["-C", repository, "log", "--format=%H", "-n", String(max(limit, 0)), "--", file])
        return output.split(separator: "\n").map(String.init).reversed()
    }

    /// The file's lines at `commit` (a final newline ends the last line,
    /// it does not start an empty one — as `diff` counts lines).
    public static func lines(repository: String, commit: String, file: String) throws(ImportError) -> [String] {
        let text = try git(["-C", repository, "show", "\(commit):\(file)"])
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// One dataset per pair of consecutive versions among the newest
    /// `limit` versions of `file`. Workload `git`, size = the old version's
    /// line count, parameters: the file and both commits (12 hex digits).
    /// O(total lines).
    public static func datasets(repository: String, file: String, limit: Int) throws(ImportError) -> [Dataset] {
        let history = try commits(repository: repository, file: file, limit: limit)
        guard history.count >= 2 else {
            throw ImportError(
                description: "\(repository): \(file) has \(history.count) version(s) in git history; a dataset needs two")
        }
        var datasets: [Dataset] = []
        var previous = try lines(repository: repository, commit: history[0], file: file)
        for index in 1..<history.count {
            let current = try lines(repository: repository, commit: history[index], file: file)
            datasets.append(
                dataset(
                    old: previous, new: current,
                    parameters: ["file": file, "from": String(history[index - 1].prefix(12)), "to": String(history[index].prefix(12))]))
            previous = current
        }
        return datasets
    }

    /// Lines as plain values: each distinct line gets an id in order of
    /// first appearance (old version first), and `symbols` holds its text.
    static func dataset(old: [String], new: [String], parameters: [String: String]) -> Dataset {
        var ids: [String: Int] = [:]
        var symbols: [String] = []
        func item(_ line: String) -> FeedItem {
            if let id = ids[line] { return FeedItem(id: id, content: 0) }
            ids[line] = symbols.count
            symbols.append(line)
            return FeedItem(id: symbols.count - 1, content: 0)
        }
        let oldItems = old.map(item)
        let newItems = new.map(item)
        return Dataset(
            workload: "git", size: old.count, seed: 0, parameters: parameters, kind: .values, old: oldItems, new: newItems,
            symbols: symbols.isEmpty ? nil : symbols)
    }

    /// Runs git with `arguments` and returns its standard output.
    static func git(_ arguments: [String]) throws(ImportError) -> String {
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
            throw ImportError(description: "git \(arguments.dropFirst(2).joined(separator: " ")): \(message.isEmpty ? "exit status \(process.terminationStatus)" : message)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportError(description: "git \(arguments.dropFirst(2).joined(separator: " ")): the file is not UTF-8 text")
        }
        return text
    }
}
