#if DEBUG
import CCallgrind
import DiffEngines
import Foundation
import RunResults
import Synchronization
import Workloads

/// The test faults of an engine that games the measurement or blames
/// another (``FaultInjection``: `cache`, `approx-drift`, `forge`,
/// `kill-during`). Compiled into debug builds only, as the type is.
extension FaultInjection {
    /// Calls a `cache` engine answered from its cache, in this process.
    static let cacheHits = Atomic<Int>(0)
    /// A `cache` engine's last input (its lists' buffer addresses) and answer.
    static let lastAnswer = Mutex<(key: [UInt], answer: Changeset)?>(nil)
    /// The page a `kill-during` engine's child watches (shared with it):
    /// nonzero once the victim is called. Nil until the engine's first call.
    nonisolated(unsafe) static var victimCalled: UnsafeMutablePointer<Int32>?

    /// The buffer addresses of both lists: their identity, not their contents.
    static func identity(_ lists: ProjectedLists) -> [UInt] {
        func address<Element>(_ list: [Element]) -> UInt { list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        switch lists {
        case let .items(old, new): return [address(old), address(new)]
        case let .uuids(old, new): return [address(old), address(new)]
        case let .records(old, new): return [address(old), address(new)]
        case let .strings(old, new): return [address(old), address(new)]
        }
    }

    /// A `cache` engine's call: the cached answer when `lists` are the very
    /// arrays of the call before, else `compute()`'s, remembered.
    static func cachedAnswer(_ lists: ProjectedLists, compute: () throws(DiffError) -> Changeset) throws(DiffError) -> Changeset {
        let key = identity(lists)
        if let hit = lastAnswer.withLock({ $0?.key == key ? $0?.answer : nil }) {
            cacheHits.add(1, ordering: .relaxed)
            return hit
        }
        let answer = try compute()
        lastAnswer.withLock { $0 = (key, answer) }
        return answer
    }

    /// An `approx-drift` engine's answer on its call number `call` in the
    /// process: `own`, marked approximate, on the first and every odd call;
    /// on even calls another valid changeset (delete every old item, insert
    /// every new one), marked approximate too.
    static func driftingApproximation(_ own: Changeset, call: Int, counts: (old: Int, new: Int)) -> Changeset {
        var answer = call > 1 && call % 2 == 0 ? Changeset(deletes: Array(0..<counts.old), inserts: Array(0..<counts.new)) : own
        answer.isApproximate = true
        return answer
    }

    /// A `forge` engine's call: a `rows` report claiming `engine` measured
    /// at 1 ns, written to every pipe among descriptors 3–1023 (the
    /// worker's report channel is one), under the job id of the worker's
    /// job file when that file can still be read; then the process exits
    /// with status 0, as a worker that has reported would.
    static func forgeReport(engine: EngineName, counts: (old: Int, new: Int)) -> Never {
        var row = ResultRow(engine: .engine(engine), workload: .mixed, size: counts.old, sizeOld: counts.old, sizeNew: counts.new, seed: 0, parameters: "")
        row.status = .ok
        row.verified = true
        row.samples = 5
        (row.medianNs, row.minNs, row.p90Ns, row.maxNs, row.spreadNs) = (1, 1, 1, 1, 0)
        let job = CommandLine.arguments.last.flatMap { FileManager.default.contents(atPath: $0) }
            .flatMap { try? JSONDecoder().decode(WorkerJob.self, from: $0) }
        let message = WorkerMessage.rows(job: job?.id ?? "forged", rows: [row])
        let line = Array(Data("\n".utf8) + ((try? JSONEncoder().encode(message)) ?? Data()) + Data("\n".utf8))
        for descriptor in Int32(3)..<1024 {
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { continue }
            _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
        diffbench_exit(0)
    }

    /// A `kill-during` engine's first call: maps a shared page and forks a
    /// child that polls it every millisecond and sends its parent SIGSEGV
    /// once the next call (the victim's, or the engine's own) has set it.
    static func armKillDuringVictim() {
        guard let page = mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0), page != MAP_FAILED else { return }
        let flag = page.bindMemory(to: Int32.self, capacity: 1)
        flag.pointee = 0
        victimCalled = flag
        guard diffbench_fork() == 0 else { return }
        while flag.pointee == 0 { usleep(1_000) }
        kill(getppid(), SIGSEGV)
        diffbench_exit(0)
    }

    /// The call after a `kill-during` engine's first (the victim's, or the
    /// engine's own), in a process where its child is armed: sets the page
    /// and waits (up to 5 s) for the kill, so it lands inside this call.
    static func awaitKillAsVictim() {
        guard let flag = victimCalled else { return }
        flag.pointee = 1
        for _ in 0..<5_000 { usleep(1_000) }
    }
}
#endif
#if DEBUG
import Foundation

/// The test faults of an engine that fights its signals, takes the
/// worker's descriptors, holds memory in files or changes the process's
/// settings (``FaultInjection``: `deaf`, `setsid-deaf`, `close-report`,
/// `dup2-report`, `null-report`, `close-stdio`, `memfd`, `shm-file`,
/// `memfd-one`, `environ`). Debug builds only, as the type is.
extension FaultInjection {
    /// The memory files a `memfd` or `shm-file` engine keeps open, so they hold their memory.
    nonisolated(unsafe) static var heldFiles: [Int32] = []

    /// Ignores every signal that can be ignored, and blocks the ones that end a process by request.
    static func ignoreEverySignal() {
        for number in 1..<Int32(32) where number != SIGKILL && number != SIGSTOP { signal(number, SIG_IGN) }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for number in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
    }

    /// A `close-report`, `dup2-report`, `null-report` or `close-stdio`
    /// engine's call: what it does to the worker's descriptors.
    static func takeDescriptors(_ kind: Kind) {
        if kind == .closeStandardDescriptors {
            for descriptor in Int32(0)...2 { close(descriptor) }
            return
        }
        let null = kind == .replaceReport(withNull: true) ? open("/dev/null", O_WRONLY) : -1
        for descriptor in Int32(3)..<1024 where descriptor != null {
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { continue }
            switch kind {
            case .closeReport: close(descriptor)
            case .replaceReport(withNull: true): dup2(null, descriptor)
            default: dup2(STDERR_FILENO, descriptor)
            }
        }
        if null >= 0 { close(null) }
    }

    /// A `memfd`, `shm-file` or `memfd-one` engine's call: `mebibytes`
    /// MiB written with `write` into new memory files of `piece` MiB each
    /// (memfds, or /dev/shm files removed once open), kept open. SIGXFSZ is
    /// ignored when the pieces are smaller than the whole (a refused write
    /// then ends that file), left to its default otherwise.
    static func holdMemoryFiles(mebibytes: Int, piece: Int, shm: Bool) {
        if piece < mebibytes { signal(SIGXFSZ, SIG_IGN) }
        var left = mebibytes
        var number = 0
        while left > 0 {
            let descriptor: Int32
            if shm {
                let path = "/dev/shm/diffbench-test-\(getpid())-\(heldFiles.count)-\(number)"
                descriptor = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
                unlink(path)
            } else {
                descriptor = diffbench_memfd()
            }
            number += 1
            guard descriptor >= 0 else { fatalError("test fault: cannot make a memory file: \(String(cString: strerror(errno)))") }
            heldFiles.append(descriptor)
            _ = writeMebibytes(min(piece, left), to: descriptor)
            left -= min(piece, left)
        }
    }

    /// A `child-memory`-like engine's first call (``ChildMemory``):
    /// `children` forked processes each write `mebibytes` MiB (into pages
    /// of their own, or into memfds they hold), say so on a pipe, and wait
    /// forever; orphans are each forked by a process that then ends, so
    /// they are nobody's below the worker. The call returns once every one
    /// has said so.
    static func holdMemoryInChildren(mebibytes: Int, children: Int, how: ChildMemory) {
        if how == .escapedOrphans { leaveMemoryCgroup() }
        var ends: [Int32] = [0, 0]
        guard diffbench_pipe(&ends) == 0 else { fatalError("test fault: pipe: \(String(cString: strerror(errno)))") }
        for _ in 0..<children where diffbench_fork() == 0 {
            if how == .orphans || how == .escapedOrphans {
                let middle = getpid()
                if diffbench_fork() != 0 { diffbench_exit(0) }
                // Once its parent has ended, it is the run's child (a subreaper's) or init's.
                while getppid() == middle { usleep(1_000) }
            }
            if how == .files {
                holdMemoryFiles(mebibytes: mebibytes, piece: 16, shm: false)
            } else {
                let bytes = mebibytes << 20
                let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 4096)
                for page in stride(from: 0, to: bytes, by: 4096) { memory.storeBytes(of: 1, toByteOffset: page, as: UInt8.self) }
            }
            var done: UInt8 = 1
            _ = write(ends[1], &done, 1)
            sleepForever()
        }
        var said: UInt8 = 0
        for _ in 0..<children { _ = read(ends[0], &said, 1) }
        close(ends[0])
        close(ends[1])
    }

    /// What an engine that wants its memory uncounted tries: writing its
    /// pid into the `cgroup.procs` of its memory cgroup's parent and of
    /// the hierarchy's root, where cgroup v1's memory controller is
    /// usually mounted (and mounting it again, should it be hidden).
    static func leaveMemoryCgroup() {
        let table = (try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? ""
        let own = table.split(separator: "\n").first { $0.contains(":memory:") }.map { String($0.split(separator: ":", maxSplits: 2)[2]) } ?? "/"
        let parent = (own as NSString).deletingLastPathComponent
        mkdir("/tmp/diffbench-test-cgroup-\(getpid())", 0o700)
        _ = mount("none", "/tmp/diffbench-test-cgroup-\(getpid())", "cgroup", 0, "memory")
        for root in ["/sys/fs/cgroup/memory", "/tmp/diffbench-test-cgroup-\(getpid())"] {
            for folder in [root + parent, root] {
                let descriptor = open(folder + "/cgroup.procs", O_WRONLY)
                guard descriptor >= 0 else { continue }
                _ = "\(getpid())".withCString { write(descriptor, $0, strlen($0)) }
                close(descriptor)
            }
        }
        umount2("/tmp/diffbench-test-cgroup-\(getpid())", Int32(MNT_DETACH))
        rmdir("/tmp/diffbench-test-cgroup-\(getpid())")
    }

    /// A `shm-left` or `left-files` engine's first call: `mebibytes` MiB
    /// into files of 16 MiB in `folder`, closed and left there (until the
    /// disk, the worker's own /dev/shm or its memory cgroup is full).
    static func leaveMemoryFiles(mebibytes: Int, in folder: String) {
        signal(SIGXFSZ, SIG_IGN)
        let marker = ProcessInfo.processInfo.environment["DIFFBENCH_TEST_MARKER"] ?? "unmarked"
        for number in 0..<(mebibytes + 15) / 16 {
            let descriptor = open("\(folder)/diffbench-test-\(marker)-\(number)", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            guard writeMebibytes(min(16, mebibytes - number * 16), to: descriptor) else { return }
        }
    }

    /// Writes `count` MiB into `descriptor`, a MiB a `write`; false at the
    /// first write refused (a full folder, or a file at its size limit).
    static func writeMebibytes(_ count: Int, to descriptor: Int32) -> Bool {
        let block = [UInt8](repeating: 7, count: 1 << 20)
        for _ in 0..<count {
            guard block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 else { return false }
        }
        return true
    }

    /// An `environ` engine's call: the mask, environment and locale changed.
    static func changeSettings() {
        umask(0o077)
        setenv("PATH", "/nonexistent-diffbench-test-path", 1)
        setenv("TZ", "XYZ+11", 1)
        setenv("LANG", "de_DE.UTF-8", 1)
        setenv("LC_ALL", "de_DE.UTF-8", 1)
        setenv("DIFFBENCH_BRANCH", "an-engine-set-this", 1)
        setlocale(LC_ALL, "")
    }
}
#endif
