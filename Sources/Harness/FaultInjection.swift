#if DEBUG
import CCallgrind
import DiffEngines
import RunResults
import Foundation
import Synchronization
import Workloads

/// A test-only fault, set with the environment variable
/// `DIFFBENCH_TEST_FAULT`: `wrong:ENGINE` makes the engine's changeset wrong
/// (one delete dropped or added), `slow:ENGINE:FACTOR` makes each call run
/// the engine FACTOR times, and `work:ENGINE:PERCENT` adds about PERCENT %
/// more work to each call: after the real call the engine runs again on a
/// prefix of both lists, of the length that makes the extra call cost that
/// share of the full one (``workPrefix(count:percent:cost:)``). The extra
/// work is deterministic, so it shows in instruction counts, which is how
/// the CI gate is shown to catch a regression of a few percent. It is at
/// least PERCENT %: the extra call's fixed costs (copying the prefixes, its
/// own allocations) come on top, so `work:heckel:3` measured +6–8 % at
/// 10,000 items and more on small lists (+22 % on `same` at 1,000). It exists
/// so that the tests and the CI gate can prove a wrong or slower engine is
/// caught; nothing else reads it. The whole type is compiled into debug
/// builds only (the tests' build): a release build (what `make bench`,
/// `make install` and CI's gate run) has neither the hook nor the variable's name.
///
/// The faults of a misbehaving engine, for the isolation tests (each on
/// lists of more than MIN elements, old or new, MIN 0 when absent):
/// `trap:ENGINE[:MIN]` calls `fatalError`, `hang:ENGINE[:MIN]` sleeps and never
/// returns, `hog:ENGINE[:MIN]` allocates 16 MiB after 16 MiB, without
/// touching them, until an allocation is refused (only a memory limit stops
/// it), `oom-words:ENGINE[:MIN]` writes an allocation failure's words on
/// stderr and aborts, holding little memory (a forged out-of-memory),
/// `drift:ENGINE` answers right on its first call in
/// a process and with an empty changeset after, and `chatter:ENGINE` prints
/// a line to standard output on every call.
///
/// The faults of an engine that leaves something running after its first
/// call in a process (each then answers right): `spawn:ENGINE` starts
/// `/bin/sleep 1000` with posix_spawn (it inherits the process's
/// descriptors), `fork:ENGINE` forks a child that waits for a signal,
/// `setsid:ENGINE` forks one that leaves the worker's process group and
/// session (`setsid`) and waits, `spin-child:ENGINE` forks one that burns
/// a core until it is killed,
/// `linger:ENGINE` starts a thread that never ends, and `late-trap:ENGINE`
/// starts a thread that traps MS milliseconds later (`late-trap:ENGINE:MS`,
/// 300 when absent), while other engines run; `late-kill:ENGINE[:MS]`
/// forks a child that sends its worker SIGSEGV MS milliseconds later (a
/// crash no thread count sees). `shm:ENGINE:MIB` maps MIB
/// MiB of shared anonymous memory on every call, 16 MiB at a time, and
/// touches each page (an allocation outside the data segment), ending as an
/// engine that checks its allocation would when a mapping is refused.
/// `raise-limit:ENGINE:MIB` first raises its own address-space limit to
/// none (`setrlimit`, which a process running as root may do past its hard
/// limit), then does what `shm` does.
///
/// The faults of an engine that misbehaves only when the instruction pass
/// counts it under callgrind (answering right when timed):
/// `hang-counted:ENGINE` sleeps and never returns, `hog-counted:ENGINE`
/// allocates as `hog` does until an allocation is refused.
///
/// The faults of an engine that games the measurement:
/// `cache:ENGINE` keeps its last answer keyed on the identity (buffer
/// addresses) of the lists it was given and answers a call on the same
/// arrays from it (counted in ``cacheHits``); `approx-drift:ENGINE` marks
/// its answers approximate and, from its second call in a process,
/// alternates its own answer with another valid one (every old item
/// deleted, every new one inserted); `forge:ENGINE` writes, on its first
/// call, a report of rows (itself at 1 ns) to every pipe it holds beyond
/// its standard ones, then exits with status 0; `kill-during:ENGINE:VICTIM`
/// forks, on its first call, a child that sends its worker SIGSEGV as soon
/// as VICTIM, or the engine itself, is called next in the same process
/// (that call waits for it): the crash lands in another engine's calls
/// when both share a worker, in its own when it runs alone.
///
/// The faults of an engine that fights the signals that would end it:
/// `deaf:ENGINE` ignores and blocks SIGTERM, SIGINT, SIGHUP and SIGQUIT,
/// then never returns; `setsid-deaf:ENGINE[:hang]` forks, on its first
/// call, a child that leaves the worker's process group and session
/// (`setsid`), ignores every signal it can and forks a grandchild that does
/// the same, both waiting forever; the engine then answers right (with
/// `:hang`, it never returns instead, so the run is still in its case).
///
/// The faults of an engine that takes the worker's report descriptor
/// (each then answers right): `close-report:ENGINE` closes every pipe among
/// descriptors 3–1023, `dup2-report:ENGINE` puts its standard error over
/// each of them (`dup2`), `null-report:ENGINE` puts `/dev/null` over each,
/// and `close-stdio:ENGINE` closes descriptors 0, 1 and 2.
///
/// The faults of an engine that holds memory in files, not in its address
/// space, on every call (SIGXFSZ ignored, the files kept open): `memfd:ENGINE:MIB`
/// writes MIB MiB into a new memfd, 16 MiB to a memfd, with `write`, never
/// mapping them; `shm-file:ENGINE:MIB` does the same into files in
/// /dev/shm it removes once open; `memfd-one:ENGINE:MIB` writes MIB MiB
/// into one memfd with SIGXFSZ left to its default.
///
/// The faults of an engine whose memory is held where neither its own
/// address space nor its open files show it, on its first call in the
/// process (then it answers right): `child-memory:ENGINE:MIB:N` starts N
/// processes (fork) that each write MIB MiB of their own and wait forever,
/// `child-files:ENGINE:MIB:N` the same into memfds each holds open,
/// `orphan-memory:ENGINE:MIB:N` the same in processes whose parent (a
/// process the engine forked) has ended, so they are no longer below the
/// worker, `escaped-orphans:ENGINE:MIB:N` the same after the engine
/// has tried to move itself out of its memory cgroup (into its parent's
/// and the root's), `shm-left:ENGINE:MIB` writes MIB MiB into /dev/shm files, 16 MiB
/// each, named after `DIFFBENCH_TEST_MARKER`, and closes them, and
/// `left-files:ENGINE:MIB:FOLDER` the same in FOLDER. The call returns
/// once all of it is written.
///
/// The fault of an engine that changes the process's settings on every
/// call, then answers right: `environ:ENGINE` sets the file-mode mask to
/// 077, `PATH` to a folder that does not exist, `TZ`, `LANG`, `LC_ALL`
/// and `DIFFBENCH_BRANCH` to values of its own, and the C locale from them.
///
/// The fault of an engine that moves the process: `chdir:ENGINE:FOLDER`
/// makes FOLDER the process's working folder on every call, then answers
/// right (under `run --in-process` that is the run's own process, whose
/// relative output paths must not follow it).
public struct FaultInjection: Hashable, Sendable {
    /// Where a `child-memory`-like fault's processes hold their memory.
    public enum ChildMemory: String, Hashable, Sendable {
        /// Pages of their own.
        case pages = "child-memory"
        /// Memfds they hold open.
        case files = "child-files"
        /// Pages of their own, in processes whose parent has ended.
        case orphans = "orphan-memory"
        /// As ``orphans``, after the engine tried to leave its memory cgroup.
        case escapedOrphans = "escaped-orphans"
    }

    public enum Kind: Hashable, Sendable {
        case wrong
        case slow(Int)
        /// Extra work as a percentage of one call.
        case work(Double)
        case trap(over: Int)
        case hang(over: Int)
        case hog(over: Int)
        case oomWords(over: Int)
        case drift
        case chatter
        case spawn
        case fork
        case setsid
        case spinChild
        case linger
        case lateTrap(milliseconds: Int)
        case lateKill(milliseconds: Int)
        case sharedMemory(mebibytes: Int)
        case raiseLimit(mebibytes: Int)
        case hangCounted
        case hogCounted
        case cache
        case approximateDrift
        case forge
        case killDuring(victim: EngineName)
        case changeDirectory(String)
        case deaf
        case setsidDeaf(hang: Bool)
        case closeReport
        case replaceReport(withNull: Bool)
        case closeStandardDescriptors
        case memoryFiles(mebibytes: Int, shm: Bool)
        case childMemory(mebibytes: Int, children: Int, how: ChildMemory)
        case leftFiles(mebibytes: Int, folder: String)
        case oneMemoryFile(mebibytes: Int)
        case changeSettings
    }
    public var engine: EngineName
    public var kind: Kind

    /// The fault in force: a test's own for the calls made inside
    /// ``scoped``'s `withValue` (a task-local, so tests that run at the same
    /// time in one process do not see each other's), else the environment's.
    static var active: FaultInjection? { scoped ?? environment }

    /// A test's fault for the calls it makes in process, inside
    /// `FaultInjection.$scoped.withValue(fault) { … }`.
    @TaskLocal static var scoped: FaultInjection?

    /// The fault this process's environment asks for, read once (a worker
    /// or a forked case inherits the variable with the rest).
    static let environment: FaultInjection? = {
        guard let text = ProcessInfo.processInfo.environment["DIFFBENCH_TEST_FAULT"], !text.isEmpty else { return nil }
        return parse(text)
    }()

    /// `wrong:ENGINE`, `slow:ENGINE:FACTOR` or `work:ENGINE:PERCENT` (0 < PERCENT ≤ 100); nil otherwise.
    public static func parse(_ text: String) -> FaultInjection? {
        let parts = text.split(separator: ":").map(String.init)
        guard parts.count >= 2 else { return nil }
        let engine = EngineName(parts[1])
        switch parts[0] {
        case "wrong": return FaultInjection(engine: engine, kind: .wrong)
        case "slow": return FaultInjection(engine: engine, kind: .slow(max(1, Int(parts.count > 2 ? parts[2] : "2") ?? 2)))
        case "work":
            guard parts.count > 2, let percent = Double(parts[2]), percent > 0, percent <= 100 else { return nil }
            return FaultInjection(engine: engine, kind: .work(percent))
        case "trap", "hang", "hog", "oom-words":
            let over = parts.count > 2 ? Int(parts[2]) ?? 0 : 0
            let kinds: [String: Kind] = ["trap": .trap(over: over), "hang": .hang(over: over), "hog": .hog(over: over), "oom-words": .oomWords(over: over)]
            return kinds[parts[0]].map { FaultInjection(engine: engine, kind: $0) }
        case "drift": return FaultInjection(engine: engine, kind: .drift)
        case "chatter": return FaultInjection(engine: engine, kind: .chatter)
        case "spawn": return FaultInjection(engine: engine, kind: .spawn)
        case "fork": return FaultInjection(engine: engine, kind: .fork)
        case "setsid": return FaultInjection(engine: engine, kind: .setsid)
        case "spin-child": return FaultInjection(engine: engine, kind: .spinChild)
        case "linger": return FaultInjection(engine: engine, kind: .linger)
        case "late-trap": return FaultInjection(engine: engine, kind: .lateTrap(milliseconds: parts.count > 2 ? Int(parts[2]) ?? 300 : 300))
        case "late-kill": return FaultInjection(engine: engine, kind: .lateKill(milliseconds: parts.count > 2 ? Int(parts[2]) ?? 300 : 300))
        case "cache": return FaultInjection(engine: engine, kind: .cache)
        case "approx-drift": return FaultInjection(engine: engine, kind: .approximateDrift)
        case "forge": return FaultInjection(engine: engine, kind: .forge)
        case "kill-during":
            guard parts.count > 2 else { return nil }
            return FaultInjection(engine: engine, kind: .killDuring(victim: EngineName(parts[2])))
        case "shm", "raise-limit":
            guard parts.count > 2, let mebibytes = Int(parts[2]), mebibytes > 0 else { return nil }
            return FaultInjection(engine: engine, kind: parts[0] == "shm" ? .sharedMemory(mebibytes: mebibytes) : .raiseLimit(mebibytes: mebibytes))
        case "chdir":
            guard parts.count > 2 else { return nil }
            return FaultInjection(engine: engine, kind: .changeDirectory(parts[2...].joined(separator: ":")))
        case "deaf": return FaultInjection(engine: engine, kind: .deaf)
        case "setsid-deaf": return FaultInjection(engine: engine, kind: .setsidDeaf(hang: parts.count > 2 && parts[2] == "hang"))
        case "close-report": return FaultInjection(engine: engine, kind: .closeReport)
        case "dup2-report", "null-report": return FaultInjection(engine: engine, kind: .replaceReport(withNull: parts[0] == "null-report"))
        case "close-stdio": return FaultInjection(engine: engine, kind: .closeStandardDescriptors)
        case "memfd", "shm-file", "memfd-one":
            guard parts.count > 2, let mebibytes = Int(parts[2]), mebibytes > 0 else { return nil }
            if parts[0] == "memfd-one" { return FaultInjection(engine: engine, kind: .oneMemoryFile(mebibytes: mebibytes)) }
            return FaultInjection(engine: engine, kind: .memoryFiles(mebibytes: mebibytes, shm: parts[0] == "shm-file"))
        case "child-memory", "child-files", "orphan-memory", "escaped-orphans":
            guard parts.count > 3, let mebibytes = Int(parts[2]), let children = Int(parts[3]), mebibytes > 0, children > 0,
                  let how = ChildMemory(rawValue: String(parts[0]))
            else { return nil }
            return FaultInjection(engine: engine, kind: .childMemory(mebibytes: mebibytes, children: children, how: how))
        case "shm-left", "left-files":
            guard parts.count > 2, let mebibytes = Int(parts[2]), mebibytes > 0 else { return nil }
            let folder = parts[0] == "shm-left" ? "/dev/shm" : parts.count > 3 ? parts[3...].joined(separator: ":") : ""
            guard !folder.isEmpty else { return nil }
            return FaultInjection(engine: engine, kind: .leftFiles(mebibytes: mebibytes, folder: folder))
        case "environ": return FaultInjection(engine: engine, kind: .changeSettings)
        case "hang-counted": return FaultInjection(engine: engine, kind: .hangCounted)
        case "hog-counted": return FaultInjection(engine: engine, kind: .hogCounted)
        default: return nil
        }
    }

    /// Calls of a `drift` engine in this process.
    static let calls = Atomic<Int>(0)
    /// Whether a `spawn`, `fork`, `linger`, `late-trap` or `late-kill` engine has left its process or thread.
    static let leftBehind = Atomic<Bool>(false)

    /// What a `spawn`, `fork`, `linger`, `late-trap` or `late-kill` engine leaves running
    /// after its first call in the process; nothing on later calls.
    static func leaveSomethingRunning(_ kind: Kind) {
        guard !leftBehind.exchange(true, ordering: .relaxed) else { return }
        switch kind {
        case .spawn:
            var child = pid_t()
            let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sleep", "1000"].map { (word: String) in strdup(word) } + [nil]
            defer { arguments.forEach { free($0) } }
            _ = posix_spawn(&child, "/bin/sleep", nil, nil, arguments, environ)
        case .fork:
            if diffbench_fork() == 0 {
                while true { pause() }
            }
        case .setsid:
            if diffbench_fork() == 0 {
                _ = Glibc.setsid()
                while true { pause() }
            }
        case .setsidDeaf:
            if diffbench_fork() == 0 {
                _ = Glibc.setsid()
                ignoreEverySignal()
                _ = diffbench_fork()
                while true { pause() }
            }
        case .spinChild:
            if diffbench_fork() == 0 {
                while true { blackHole(monotonicNanoseconds()) }
            }
        case .linger:
            Thread.detachNewThread {
                while true { sleep(1) }
            }
        case let .lateKill(milliseconds):
            if diffbench_fork() == 0 {
                usleep(useconds_t(milliseconds) * 1_000)
                kill(getppid(), SIGSEGV)
                diffbench_exit(0)
            }
        case let .lateTrap(milliseconds):
            Thread.detachNewThread {
                usleep(useconds_t(milliseconds) * 1_000)
                fatalError("test fault: a background thread traps \(milliseconds) ms after its engine's first call")
            }
        default:
            break
        }
    }

    /// A `shm` engine's call: maps `mebibytes` MiB shared and anonymous,
    /// writes a byte on each page, unmaps; traps naming the error when the
    /// mapping is refused.
    static func touchSharedMemory(mebibytes: Int) {
        let piece = 16 << 20
        var pieces: [UnsafeMutableRawPointer] = []
        for _ in 0..<((mebibytes << 20) + piece - 1) / piece {
            guard let mapped = mmap(nil, piece, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0), mapped != MAP_FAILED else {
                fatalError("test fault: mmap of \(mebibytes) MiB shared: \(String(cString: strerror(errno)))")
            }
            for page in stride(from: 0, to: piece, by: 4096) { mapped.storeBytes(of: 1, toByteOffset: page, as: UInt8.self) }
            pieces.append(mapped)
        }
        for mapped in pieces { munmap(mapped, piece) }
    }

    /// A `hang` engine's call: sleeps until a signal ends the process, so
    /// the case limit that stops it is proved without burning the core the
    /// other tests share (a spinning hang is timed out the same way).
    static func sleepForever() -> Never {
        while true { pause() }
    }

    /// A `hog` engine's call: 16 MiB blocks, untouched, kept until one is
    /// refused (the runtime then traps); never returns.
    static func growUntilRefused() -> Never {
        var blocks: [UnsafeMutableRawPointer] = []
        blocks.reserveCapacity(1 << 16)
        while true {
            blocks.append(UnsafeMutableRawPointer.allocate(byteCount: 16 << 20, alignment: 16))
            blackHole(blocks.count)
        }
    }

    /// An `oom-words` engine's call: the words a failed allocation writes,
    /// then an abort, with no memory taken.
    static func claimOutOfMemory() -> Never {
        let words = "Fatal error: failed to allocate 68719476736 bytes of memory with alignment 16 (out of memory)\n"
        _ = words.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        abort()
    }

    /// The prefix length whose call costs `percent` % of a call on `count`
    /// items: the share itself for a linear engine; its square root for the
    /// engines whose work grows with the square of the lengths (table cells,
    /// D² when the differences grow with the lists), since a prefix of
    /// √p·n then costs p of the whole. At least one item. O(1).
    public static func workPrefix(count: Int, percent: Double, cost: EngineInfo.CostUnits) -> Int {
        let share = percent / 100
        let fraction = cost == .linear ? share : share.squareRoot()
        return min(count, max(1, Int((Double(count) * fraction).rounded())))
    }

    /// `call` on `lists` with this fault: the engine's real call, changed
    /// or surrounded as the fault's kind says (some kinds never return).
    func apply(to call: SubjectCall, _ lists: ProjectedLists) throws(DiffError) -> Changeset {
        let (oldCount, newCount) = lists.counts
        switch kind {
        case let .trap(over) where max(oldCount, newCount) > over:
            fatalError("test fault: \(engine) traps on lists over \(over) elements")
        case let .hang(over) where max(oldCount, newCount) > over:
            Self.sleepForever()
        case let .hog(over) where max(oldCount, newCount) > over:
            Self.growUntilRefused()
        case let .oomWords(over) where max(oldCount, newCount) > over:
            Self.claimOutOfMemory()
        case .drift:
            Self.calls.add(1, ordering: .relaxed)
            if Self.calls.load(ordering: .relaxed) > 1 { return Changeset() }
        case .chatter:
            print("test fault: \(engine) prints this to standard output")
        case .spawn, .fork, .setsid, .spinChild, .linger, .lateTrap, .lateKill:
            Self.leaveSomethingRunning(kind)
        case let .setsidDeaf(hang):
            Self.leaveSomethingRunning(kind)
            if hang {
                Self.ignoreEverySignal()
                Self.sleepForever()
            }
        case .deaf:
            Self.ignoreEverySignal()
            Self.sleepForever()
        case .closeReport, .replaceReport, .closeStandardDescriptors:
            Self.takeDescriptors(kind)
        case let .memoryFiles(mebibytes, shm):
            Self.holdMemoryFiles(mebibytes: mebibytes, piece: 16, shm: shm)
        case let .oneMemoryFile(mebibytes):
            Self.holdMemoryFiles(mebibytes: mebibytes, piece: mebibytes, shm: false)
        case let .childMemory(mebibytes, children, how) where !Self.leftBehind.exchange(true, ordering: .relaxed):
            Self.holdMemoryInChildren(mebibytes: mebibytes, children: children, how: how)
        case let .leftFiles(mebibytes, folder) where !Self.leftBehind.exchange(true, ordering: .relaxed):
            Self.leaveMemoryFiles(mebibytes: mebibytes, in: folder)
        case .changeSettings:
            Self.changeSettings()
        case let .sharedMemory(mebibytes):
            Self.touchSharedMemory(mebibytes: mebibytes)
        case let .raiseLimit(mebibytes):
            var none = rlimit(rlim_cur: rlim_t.max, rlim_max: rlim_t.max)
            setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &none)
            Self.touchSharedMemory(mebibytes: mebibytes)
        case .hangCounted where diffbench_callgrind_running() != 0:
            Self.sleepForever()
        case .hogCounted where diffbench_callgrind_running() != 0:
            Self.growUntilRefused()
        case .cache:
            return try Self.cachedAnswer(lists) { () throws(DiffError) in try call.diff(lists) }
        case .approximateDrift:
            let number = Self.calls.add(1, ordering: .relaxed).newValue
            return Self.driftingApproximation(try call.diff(lists), call: number, counts: lists.counts)
        case .forge:
            Self.forgeReport(engine: engine, counts: lists.counts)
        case let .changeDirectory(folder):
            guard chdir(folder) == 0 else { fatalError("test fault: chdir \(folder): \(String(cString: strerror(errno)))") }
        case .killDuring:
            if call.subject == .engine(engine), !Self.leftBehind.exchange(true, ordering: .relaxed) {
                Self.armKillDuringVictim()
            } else {
                Self.awaitKillAsVictim()
                return try call.diff(lists)
            }
        default:
            break
        }
        var repeats = 1
        if case let .slow(factor) = kind { repeats = factor }
        var result = Changeset()
        for _ in 0..<repeats { result = try call.diff(lists) }
        if case let .work(percent) = kind {
            let oldPrefix = Self.workPrefix(count: oldCount, percent: percent, cost: call.cost)
            let newPrefix = Self.workPrefix(count: newCount, percent: percent, cost: call.cost)
            blackHole(try? call.diff(lists.prefixes(old: oldPrefix, new: newPrefix)))
        }
        if kind == .wrong {
            if result.deletes.isEmpty { result.deletes = [0] } else { result.deletes.removeLast() }
        }
        return result
    }
}
#endif
