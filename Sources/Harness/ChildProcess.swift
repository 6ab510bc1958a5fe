import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process of the harness: the one way `run` starts the processes
/// that call engines — the measuring workers (``CaseSupervisor``) and the
/// instruction-count child under valgrind (``InstructionCounter``). It
/// spawns with an argument array (no shell), hands out the child's output
/// as pipes or sends it to a log file, waits, and kills.
final class ChildProcess {
    /// Where the child's standard output and error go.
    enum Output {
        /// Both into one file (the instruction pass's log).
        case log(String)
        /// Each through its own pipe, read by the parent (``pipes``).
        case pipes
    }

    /// How the child ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    private let process = Process()
    private var logHandle: FileHandle?
    /// The read ends of the child's standard output and error (with ``Output/pipes``).
    private(set) var pipes: (output: Int32, error: Int32)?

    /// Starts `tool` with `arguments` (and `environment`, when given).
    init(_ tool: String, _ arguments: [String], environment: [String: String]? = nil, output: Output) throws(ChildProcessError) {
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if let environment { process.environment = environment }
        switch output {
        case let .log(path):
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            guard let handle = FileHandle(forWritingAtPath: path) else { throw ChildProcessError("cannot write \(path)") }
            logHandle = handle
            process.standardOutput = handle
            process.standardError = handle
        case .pipes:
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            pipes = (out.fileHandleForReading.fileDescriptor, err.fileHandleForReading.fileDescriptor)
        }
        do {
            try process.run()
        } catch {
            throw ChildProcessError("cannot start \(tool): \(error)")
        }
    }

    deinit { try? logHandle?.close() }

    var pid: Int32 { process.processIdentifier }

    /// Kills the child at once (SIGKILL: a looping engine does not get to
    /// handle it).
    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits for the child to end.
    func wait() -> Ending {
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    }

    /// Runs `tool` to its end with its output in `log`; fails with the log's
    /// last lines when it does not exit 0.
    static func runToEnd(_ tool: String, _ arguments: [String], environment: [String: String]? = nil, log: String)
        throws(ChildProcessError)
    {
        let child = try ChildProcess(tool, arguments, environment: environment, output: .log(log))
        let ending = child.wait()
        guard ending != .exited(0) else { return }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let tail = text.split(separator: "\n").suffix(12).joined(separator: "\n")
        let how: String
        switch ending {
        case let .exited(status): how = "exited with status \(status)"
        case let .signalled(signal): how = "was killed by \(ChildProcess.signalName(signal))"
        }
        throw ChildProcessError("\((tool as NSString).lastPathComponent) \(arguments.joined(separator: " ")) \(how):\n\(tail)")
    }

    /// Reads the child's two pipes until both close, handing each whole line of
    /// standard output to `line` and keeping the last `keep` bytes of
    /// standard error; kills the child when `deadline()` (a monotonic
    /// nanosecond time, read again after every line) has passed. Polls, then
    /// pauses `batch` milliseconds before reading again, so a child that
    /// writes many short lines wakes the parent a few times a second, not
    /// once a line. Returns how the child ended, whether it was killed for
    /// its deadline, and the end of its standard error.
    func follow(keep: Int = 4096, batch: Int32 = 5, deadline: () -> UInt64, line: (Substring) -> Void)
        -> (ending: Ending, killedAtDeadline: Bool, errorTail: String)
    {
        guard let pipes else { return (wait(), false, "") }
        var descriptors = [pollfd(fd: pipes.output, events: Int16(POLLIN), revents: 0), pollfd(fd: pipes.error, events: Int16(POLLIN), revents: 0)]
        var open = [true, true]
        var pending = Data(), errorTail = Data()
        var killed = false
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while open.contains(true) {
            let now = monotonicNanoseconds()
            let end = deadline()
            if now >= end {
                kill()
                killed = true
                break
            }
            let waitMilliseconds = Int32(min(1_000, (end - now) / 1_000_000 + 1))
            for index in descriptors.indices { descriptors[index].fd = open[index] ? [pipes.output, pipes.error][index] : -1 }
            if poll(&descriptors, nfds_t(descriptors.count), waitMilliseconds) < 0 && errno != EINTR { break }
            for index in descriptors.indices where open[index] && descriptors[index].revents != 0 {
                let count = read(descriptors[index].fd, &buffer, buffer.count)
                if count <= 0 {
                    if count == 0 || (errno != EINTR && errno != EAGAIN) { open[index] = false }
                    continue
                }
                if index == 0 {
                    pending.append(contentsOf: buffer[0..<count])
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        line(Substring(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                        pending.removeSubrange(pending.startIndex...newline)
                    }
                } else {
                    errorTail.append(contentsOf: buffer[0..<count])
                    if errorTail.count > keep { errorTail.removeFirst(errorTail.count - keep) }
                }
            }
            if batch > 0 { usleep(useconds_t(batch) * 1_000) }
        }
        let ending = wait()
        return (ending, killed, String(decoding: errorTail, as: UTF8.self))
    }

    /// "SIGILL (illegal instruction)": a signal's name and meaning.
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL",
            SIGSEGV: "SIGSEGV", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGPIPE: "SIGPIPE", SIGXCPU: "SIGXCPU",
        ]
        let meaning = strsignal(signal).map { String(cString: $0).lowercased() } ?? "signal \(signal)"
        return names[signal].map { "\($0) (\(meaning))" } ?? "signal \(signal) (\(meaning))"
    }
}

/// A child process that could not be started or did not end well.
struct ChildProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
