import Foundation
import Testing

/// A real run made once per test process and copied into each test that
/// only reads it (or edits its own copy), instead of one `diffbench run`
/// per test: the copy is the same folder a run of those arguments writes,
/// so what the tests prove is unchanged, and the run is paid for once.
///
/// The master copy lives in its own temporary folder, removed when the
/// test process exits. Access is serialized by a lock, so suites running
/// in parallel wait for one build instead of starting two.
final class SharedRun: @unchecked Sendable {
    /// The arguments of `diffbench run` after `--output FOLDER --name NAME`.
    let arguments: [String]
    let name: String
    private let lock = NSLock()
    private var built: Result<URL, Error>?

    init(name: String, arguments: [String]) {
        self.name = name
        self.arguments = arguments
    }

    /// Copies the run folder into `directory` (as `directory/NAME`, or
    /// `directory/as` when given) and returns the copy; the first call
    /// makes the run.
    func copy(into directory: URL, as newName: String? = nil) throws -> URL {
        let master = try masterFolder()
        let copy = directory.appendingPathComponent(newName ?? name)
        try FileManager.default.copyItem(at: master, to: copy)
        return copy
    }

    private func masterFolder() throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if built == nil { built = Result { try make() } }
        return try built!.get()
    }

    private func make() throws -> URL {
        let parent = try CLI.temporaryDirectory()
        SharedRun.removeAtExit(parent.path)
        let result = try CLI.run(["run", "--output", parent.path, "--name", name] + arguments)
        guard result.status == 0 else {
            throw SharedRunFailure(message: "diffbench run for the shared '\(name)' run exited \(result.status): \(result.stderr)")
        }
        return parent.appendingPathComponent(name)
    }

    /// The folders the shared runs were made in, removed when the test process exits.
    nonisolated(unsafe) private static var scratch: [String] = []
    private static let scratchLock = NSLock()

    private static func removeAtExit(_ path: String) {
        scratchLock.lock()
        defer { scratchLock.unlock() }
        if scratch.isEmpty {
            atexit {
                for path in SharedRun.scratch { try? FileManager.default.removeItem(atPath: path) }
            }
        }
        scratch.append(path)
    }
}

struct SharedRunFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
