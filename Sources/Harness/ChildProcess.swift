import CCallgrind
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process of the harness: the one way `run` starts the processes
/// that call engines — the measuring workers (``CaseSupervisor``) and the
/// instruction-count child under valgrind (``InstructionCounter``). It
/// spawns with an argument array (no shell), hands out the child's output
/// as pipes or sends it to a log file, waits, and kills.
///
/// A worker leads a process group of its own, and whatever it starts
/// (an engine that forks or spawns) is in that group unless it leaves it.
/// The parent watches the child's pid itself, never the end of its pipes
/// (a grandchild holds them open as long as it lives), and when the child
/// ends, or is killed at its deadline, the whole group is killed before
/// the child is reaped: while it is an unreaped zombie its pid, which is
/// the group's id, cannot be reused, so the kill reaches no stranger.
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

    /// What following a child (``follow(keep:batch:drainSeconds:memoryLimit:cgroup:deadline:line:)``)
    /// saw of it, kept whole by the attempt that started it (``CaseSupervisor/Attempt``).
    struct Followed {
        var ending: Ending = .exited(0)
        /// Whether the parent killed it at its deadline.
        var killedAtDeadline = false
        /// The end of its standard error.
        var errorTail = ""
        /// Its peak resident size (its `ru_maxrss`).
        var peakBytes = 0
        /// The peak of its address space, as the parent read it
        /// (``MemoryWatch``): at its fault, when it stopped on one.
        var addressPeakBytes = 0
        /// The parent's reading of its memory (``MemoryWatch``) that
        /// reached the memory limit, when it was killed for it.
        var overMemory: MemoryReading?
        /// How many of its memory cgroup's processes the kernel's
        /// out-of-memory killer ended (``MemoryCgroup``): more than 0 means
        /// the cgroup reached the memory limit, and it was killed for it.
        var cgroupKills = 0

        /// Whether it exited 0 and its memory cgroup never reached the limit:
        /// only then is what it reported kept.
        var completed: Bool { ending == .exited(0) && cgroupKills == 0 }
    }

    let pid: Int32
    /// Whether the child leads a process group of its own (a worker); the
    /// instruction-count child under valgrind stays in the parent's group,
    /// so an interrupt at the terminal reaches it too.
    let leadsGroup: Bool
    private var ended: (ending: Ending, peakBytes: Int)?
    /// The read ends of the child's standard output and error (with ``Output/pipes``).
    private(set) var pipes: (output: Int32, error: Int32)?

    /// Starts `tool` with `arguments` (and `environment`, when given; the
    /// parent's otherwise); with ``Output/pipes`` as the leader of a new
    /// process group.
    init(_ tool: String, _ arguments: [String], environment: [String: String]? = nil, output: Output) throws(ChildProcessError) {
        // A worker (its output through pipes) leads a group; the
        // instruction child (its output in a log) does not.
        let leadsGroup: Bool
        if case .pipes = output { leadsGroup = true } else { leadsGroup = false }
        self.leadsGroup = leadsGroup
        var outputs: (write: Int32, error: Int32)
        switch output {
        case let .log(path):
            let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard file >= 0 else { throw ChildProcessError("cannot write \(path): \(String(cString: strerror(errno)))") }
            outputs = (file, file)
        case .pipes:
            var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
            guard diffbench_pipe(&out) == 0 else { throw ChildProcessError("cannot make a pipe: \(String(cString: strerror(errno)))") }
            guard diffbench_pipe(&err) == 0 else {
                close(out[0]); close(out[1])
                throw ChildProcessError("cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            pipes = (out[0], err[0])
            outputs = (out[1], err[1])
        }
        let environmentLines = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let spawned = Self.withCStrings([tool] + arguments) { argv in
            Self.withCStrings(environmentLines) { envp in diffbench_spawn_group(tool, argv, envp, outputs.write, outputs.error, leadsGroup ? 1 : 0) }
        }
        close(outputs.write)
        if outputs.error != outputs.write { close(outputs.error) }
        guard spawned > 0 else {
            if let pipes { close(pipes.output); close(pipes.error) }
            throw ChildProcessError("cannot start \(tool): \(String(cString: strerror(-spawned)))")
        }
        pid = spawned
    }

    deinit {
        if ended == nil { _ = wait() }
        if let pipes { close(pipes.output); close(pipes.error) }
    }

    /// `strings` as a NULL-terminated C array for the duration of `body`.
    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let copies = strings.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        return body(copies)
    }

    /// Kills the child and its whole process group at once (SIGKILL: a
    /// looping engine does not get to handle it). Safe after the child
    /// ended, until it is reaped.
    func kill() {
        guard ended == nil else { return }
        if leadsGroup { Glibc.kill(-pid, SIGKILL) }
        Glibc.kill(pid, SIGKILL)
    }

    /// Whether the child has ended (it is not reaped: ``wait()`` does that).
    var hasEnded: Bool { ended != nil || diffbench_has_ended(pid) != 0 }

    /// Waits for the child to end, kills what is left of its process group
    /// (descendants it left behind), and reaps it.
    func wait() -> Ending {
        waitReportingPeak().ending
    }

    /// ``wait()`` with the child's peak resident size in bytes (`ru_maxrss`).
    func waitReportingPeak() -> (ending: Ending, peakBytes: Int) {
        if let ended { return ended }
        while diffbench_has_ended(pid) == 0 { usleep(2_000) }
        if leadsGroup { Glibc.kill(-pid, SIGKILL) }
        var signal: Int32 = 0
        var peakKiB = 0
        let status = diffbench_reap(pid, &signal, &peakKiB)
        let ending: Ending = status == -1 ? .signalled(signal) : .exited(max(status, 0) == status ? status : 127)
        ended = (ending, peakKiB * 1024)
        return (ending, peakKiB * 1024)
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

    /// Reads the child's two pipes while it runs, handing each whole line of
    /// standard output to `line` and keeping the last `keep` bytes of
    /// standard error; kills the child's group when `deadline()` (a
    /// monotonic nanosecond time, read again after every line) has passed.
    /// The child's end is its own exit, not its pipes' end (a descendant
    /// may hold them): once it has ended, its group is killed and what the
    /// pipes still hold is read (for at most `drainSeconds`, should a
    /// descendant that left the group keep them open). Polls, then pauses
    /// `batch` milliseconds before reading again, so a child that writes
    /// many short lines wakes the parent a few times a second, not once a
    /// line. While the child runs, its address space is read
    /// (``MemoryWatch``): every 50 ms, and when it has stopped itself on a
    /// fatal signal (a worker does, ``CaseWorker``), once then before it is
    /// continued. With `memoryLimit`, the child is killed once its address
    /// space, the memory-backed files of its process tree and what the
    /// processes it started hold alone reach it (memory its own `RLIMIT_AS`
    /// never counts), and, with `cgroup`, once the kernel's out-of-memory
    /// killer has ended a process of the child's memory cgroup. Returns
    /// what it saw (``Followed``).
    func follow(
        keep: Int = 4096, batch: Int32 = 5, drainSeconds: Double = 2, memoryLimit: Int? = nil, cgroup: MemoryCgroup? = nil,
        deadline: () -> UInt64,
        line: (Substring) -> Void
    ) -> Followed {
        guard let pipes else {
            let (ending, peak) = waitReportingPeak()
            return Followed(ending: ending, peakBytes: peak)
        }
        var reader = PipeReader(descriptors: [pipes.output, pipes.error], keep: keep)
        var killed = false
        var drainEnd: UInt64?
        var memory = MemoryWatch(pid: pid, limit: memoryLimit, cgroup: cgroup)
        while true {
            let now = monotonicNanoseconds()
            if drainEnd == nil {
                memory.look(now: now)
                if memory.overLimit != nil || memory.cgroupKills > 0 {
                    kill()
                    break
                }
            }
            if let drainEnd {
                if now >= drainEnd || !reader.anyOpen { break }
            } else if hasEnded {
                kill()
                drainEnd = now + UInt64(drainSeconds * 1e9)
            } else if now >= deadline() {
                kill()
                killed = true
                break
            }
            // Wake at least every 50 ms to see whether the child has ended.
            let until = drainEnd ?? deadline()
            let waitMilliseconds = Int32(min(50, (until > now ? until - now : 0) / 1_000_000 + 1))
            if reader.anyOpen {
                guard reader.readAvailable(waitMilliseconds: waitMilliseconds, line: line) else { break }
                if batch > 0 && drainEnd == nil { usleep(useconds_t(batch) * 1_000) }
            } else {
                usleep(useconds_t(min(waitMilliseconds, 2)) * 1_000)
            }
        }
        let (ending, peak) = waitReportingPeak()
        _ = memory.readCgroup()
        return Followed(
            ending: ending, killedAtDeadline: killed, errorTail: reader.errorTail, peakBytes: peak,
            addressPeakBytes: memory.addressPeakBytes, overMemory: memory.overLimit, cgroupKills: memory.cgroupKills)
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
