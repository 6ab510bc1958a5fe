import Foundation
import FileSupport

/// The good count of `history bisect --good-commit REV`: the bisect script
/// itself, run with `--count` in a temporary worktree of REV, so the good
/// commit is built and counted exactly as the bisection will count the
/// others (the same build command, malloc settings and one-case run).
enum BisectReference {
    /// The series' instruction count at `revision`. Costs one build of that
    /// commit from scratch plus one callgrind run of one case.
    static func count(_ script: BisectScript, at revision: String) throws(CLIFailure) -> Int {
        guard let top = tool(["git", "rev-parse", "--show-toplevel"])?.trimmingCharacters(in: .whitespacesAndNewlines), !top.isEmpty else {
            throw CLIFailure.badInput("--good-commit: the current folder is not in a git repository")
        }
        guard let commit = tool(["git", "-C", top, "rev-parse", "--verify", "--quiet", revision + "^{commit}"])?
            .trimmingCharacters(in: .whitespacesAndNewlines), !commit.isEmpty
        else {
            throw CLIFailure.badInput("--good-commit: '\(TerminalText.visible(revision))' names no commit of \(top)")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-bisect-\(UUID().uuidString)").path
        let worktree = scratch + "/worktree", scriptPath = scratch + "/count.sh"
        defer {
            _ = tool(["git", "-C", top, "worktree", "remove", "--force", worktree])
            try? FileManager.default.removeItem(atPath: scratch)
        }
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            try AtomicFile.write(script.text, to: scriptPath)
        } catch {
            throw CLIFailure.badInput("cannot write the counting script in \(scratch): \(error)")
        }
        guard tool(["git", "-C", top, "worktree", "add", "--detach", "--quiet", worktree, commit]) != nil else {
            throw CLIFailure.checkFailed("--good-commit: cannot check \(commit) out into a temporary worktree")
        }
        StandardError.note("counting the good commit \(commit.prefix(12)): a build in a temporary worktree")
        guard let printed = tool(["bash", scriptPath, "--count"], in: worktree),
            let count = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw CLIFailure.checkFailed("--good-commit: \(commit.prefix(12)) could not be built or counted (the script's messages are above)")
        }
        return count
    }

    /// What a tool on PATH prints on stdout when it exits 0 (its stderr
    /// passes through to the user); nil when it fails or cannot start.
    private static func tool(_ arguments: [String], in directory: String? = nil) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
