import CCallgrind
#if canImport(Glibc)
import Glibc
#endif

/// The parent's own reading of a worker's address space, the evidence an
/// `out-of-memory` label rests on (``CaseSupervisor/fault(_:plan:)``): the
/// kernel's peak of the child's mapped memory (`VmPeak` in
/// `/proc/PID/status`), which the engine in the child cannot write.
///
/// It is read every ``interval`` while the child runs, and at once when the
/// child has stopped itself: a worker stops on a fatal signal
/// (`diffbench_stop_on_fatal_signals`), so an allocation refused at the
/// address-space limit is seen with all the memory the worker held, however
/// fast it died. The child is then continued, and ends by its signal.
///
/// Why not what the child says on stderr: an engine can write "out of
/// memory" and trap, and it then would be labelled out-of-memory (and in a
/// shared worker spared the re-runs that prove a crash's blame).
///
/// Memory the address space never shows is read too
/// (``diffbench_tree_memory``): the memory-backed files the child and its
/// descendants hold open (a memfd or a /dev/shm file written with `write`,
/// never mapped), all that the worker's own /dev/shm holds, open or closed
/// (``diffbench_confine_worker``), and each process below the child's
/// share of the memory it holds (each may grow to its own address-space limit). With a
/// `limit`, a reading whose address space now and those together reach it
/// is over the limit (``overLimit``): the parent then kills the child and
/// its group. A mapped memory file counts twice (in both), which errs on
/// the side of the limit. Where the child has a memory cgroup
/// (``MemoryCgroup``), the kernel holds it to the limit at every page, and
/// each reading also reads whether its out-of-memory killer has ended one
/// of the cgroup's processes (``cgroupKills``).
struct MemoryWatch {
    let pid: Int32
    /// The bytes the child may hold in all, or nil for no limit.
    let limit: Int?
    /// The largest address space read so far, in bytes.
    private(set) var addressPeakBytes = 0
    /// The most the memory-backed files of the child's tree held at one reading, in bytes.
    private(set) var fileBytes = 0
    /// The first reading that reached ``limit``.
    private(set) var overLimit: MemoryReading?
    /// The child's memory cgroup, where it has one (``MemoryCgroup``).
    let cgroup: MemoryCgroup?
    /// How many of the cgroup's processes the kernel's out-of-memory killer
    /// ended, as last read: more than 0 means the cgroup reached ``limit``.
    private(set) var cgroupKills = 0
    private var lastLook: UInt64 = 0

    /// Nanoseconds between two readings of a running child.
    static let interval: UInt64 = 50_000_000

    init(pid: Int32, limit: Int? = nil, cgroup: MemoryCgroup? = nil) {
        self.pid = pid
        self.limit = limit
        self.cgroup = cgroup
    }

    /// Whether the child's memory cgroup reached its limit: read now
    /// (each ``look(now:)`` reads it too), so a kill in the child's last
    /// moments is seen once it has ended. O(1).
    mutating func readCgroup() -> Bool {
        if let cgroup { cgroupKills = max(cgroupKills, cgroup.outOfMemoryKills) }
        return cgroupKills > 0
    }

    /// Reads the child's status when ``interval`` has passed since the
    /// last reading, and continues a child that stopped itself (SIGCONT)
    /// after its address space is read. O(processes): see ``diffbench_tree_memory``.
    mutating func look(now: UInt64) {
        guard now >= lastLook + Self.interval || lastLook == 0 else {
            return
        }
        lastLook = now
        var peakKiB = addressPeakBytes / 1024
        var nowKiB = 0
        let stopped = diffbench_memory_status(pid, &peakKiB, &nowKiB)
        addressPeakBytes = max(addressPeakBytes, peakKiB * 1024)
        var processes = 0, files = 0
        if diffbench_tree_memory(pid, &processes, &files) != 0 { (processes, files) = (0, 0) }
        fileBytes = max(fileBytes, files)
        if let limit, overLimit == nil, files + processes > 0, nowKiB * 1024 + files + processes >= limit {
            overLimit = MemoryReading(address: nowKiB * 1024, files: files, processes: processes)
        }
        _ = readCgroup()
        if stopped == 1 { kill(pid, SIGCONT) }
    }
}
