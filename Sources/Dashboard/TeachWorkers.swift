import Foundation

/// Runs `diffbench teach` for the teach form: each submission in a child
/// process of the server's own executable (the same code, the same engines
/// a plug-in binary registers, the same messages), in a fresh folder under
/// one temporary root that is removed when the answer is read, and the root
/// itself when the server stops.
///
/// At most `parallel` children run at once; later submissions wait their
/// turn (up to `queueLimit` waiting, beyond that 503). A child running
/// longer than `timeLimit` seconds is killed. Workers start with an empty
/// PATH, so teach skips gnuplot: only stepper.html is kept, and the pictures
/// would be drawn and thrown away (about 0.5 s a pair).
package actor TeachWorkers {
    private let executable: String
    /// The temporary root: `$TMPDIR/diffbench-serve-PID-RANDOM`.
    package nonisolated let root: String
    private let parallel: Int
    private let queueLimit: Int
    private let timeLimit: Double
    private var running: [UUID: Process] = [:]
    private var active = 0
    private var waiting: [CheckedContinuation<Bool, Never>] = []
    private var stopped = false

    package init(executable: String, parallel: Int, queueLimit: Int = 512, timeLimit: Double = 20) throws(DashboardError) {
        self.executable = executable
        self.parallel = max(1, parallel)
        self.queueLimit = queueLimit
        self.timeLimit = timeLimit
        let base = FileManager.default.temporaryDirectory.path
        root = base + "/diffbench-serve-\(getpid())-\(UUID().uuidString.prefix(8))"
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DashboardError("cannot make the temporary folder \(root): \(error.localizedDescription)")
        }
    }

    /// The stepper page of `request`, or the refusal: 400 with teach's own
    /// message for bad input (exit 2), 500 for anything else.
    package func teach(_ request: TeachRequest) async throws(HTTPFailure) -> Data {
        guard try await takeTurn() else { throw HTTPFailure(503, "the server is stopping") }
        defer { endTurn() }
        let folder = root + "/" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try Data(request.lineFiles.old.utf8).write(to: URL(fileURLWithPath: folder + "/old.txt"))
            try Data(request.lineFiles.new.utf8).write(to: URL(fileURLWithPath: folder + "/new.txt"))
        } catch {
            throw HTTPFailure(500, "cannot write the temporary folder: \(error.localizedDescription)")
        }
        let arguments = request.arguments(output: folder + "/out", oldFile: folder + "/old.txt", newFile: folder + "/new.txt")
        let status = try await runChild(arguments, errors: folder + "/stderr.txt")
        let messages = TeachWorkers.messages(in: folder + "/stderr.txt", folder: folder)
        switch status {
        case 0:
            guard let page = FileManager.default.contents(atPath: folder + "/out/pair/stepper.html") else {
                throw HTTPFailure(500, "teach wrote no stepper page")
            }
            return page
        case 2: throw .badRequest(messages.isEmpty ? "teach refused the lists" : messages)
        default: throw HTTPFailure(500, "teach failed (status \(status)): \(messages)")
        }
    }

    /// Kills the running children, turns away the waiting ones, and removes the temporary root.
    package func stop() async {
        stopped = true
        waiting.forEach { $0.resume(returning: false) }
        waiting.removeAll()
        for process in running.values where process.isRunning { process.terminate() }
        for _ in 0..<200 where running.values.contains(where: \.isRunning) { try? await Task.sleep(for: .milliseconds(10)) }
        for process in running.values where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Waits for a free worker; false once the server stops.
    private func takeTurn() async throws(HTTPFailure) -> Bool {
        if stopped { return false }
        if active < parallel {
            active += 1
            return true
        }
        guard waiting.count < queueLimit else { throw HTTPFailure(503, "too many teach requests waiting; try again") }
        return await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the worker to the next waiting request, or frees it.
    private func endTurn() {
        if !waiting.isEmpty {
            waiting.removeFirst().resume(returning: true)
        } else {
            active -= 1
        }
    }

    /// Runs the executable with `arguments`, stderr into `errors`; its exit status (or 128 + signal).
    private func runChild(_ arguments: [String], errors: String) async throws(HTTPFailure) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = ""
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        guard FileManager.default.createFile(atPath: errors, contents: nil), let errorFile = FileHandle(forWritingAtPath: errors) else {
            throw HTTPFailure(500, "cannot open \(errors)")
        }
        defer { try? errorFile.close() }
        process.standardError = errorFile
        guard !stopped else { throw HTTPFailure(503, "the server is stopping") }
        let id = UUID()
        let limit = timeLimit
        let timer = Task.detached {
            try await Task.sleep(for: .seconds(limit))
            if process.isRunning { process.terminate() }
        }
        defer { timer.cancel() }
        let status: Int32 = await withCheckedContinuation { continuation in
            process.terminationHandler = { finished in
                continuation.resume(returning: finished.terminationReason == .uncaughtSignal ? 128 + finished.terminationStatus : finished.terminationStatus)
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: 127)
                return
            }
            running[id] = process
        }
        running[id] = nil
        return status
    }

    /// What teach wrote on stderr as its refusal: the `diffbench: ` lines
    /// that are not warnings, without that prefix, and with the temporary
    /// folder left out of file names.
    static func messages(in file: String, folder: String) -> String {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> String? in
            guard !line.contains(": warning: ") else { return nil }
            let trimmed = line.hasPrefix("diffbench: ") ? String(line.dropFirst("diffbench: ".count)) : String(line)
            return trimmed.replacingOccurrences(of: folder + "/", with: "")
        }.joined(separator: "\n")
    }
}
