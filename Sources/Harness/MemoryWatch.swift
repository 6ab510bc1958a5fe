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
/// Memory the address space never shows is read too: the memory-backed
/// files the child holds open (a memfd or a /dev/shm file written with
/// `write`, never mapped; ``diffbench_memory_file_bytes``). With a `limit`,
/// a reading whose address space now and those files together reach it is
/// over the limit (``overLimit``): the parent then kills the child. A
/// mapped memory file counts twice (in both), which errs on the side of the
/// limit.
struct MemoryWatch {
    let pid: Int32
    /// The bytes the child may hold in all, or nil for no limit.
    let limit: Int?
    /// The largest address space read so far, in bytes.
    private(set) var addressPeakBytes = 0
    /// The most the child's memory-backed open files held at one reading, in bytes.
    private(set) var fileBytes = 0
    /// The address space and memory files of the first reading that reached ``limit``, in bytes.
    private(set) var overLimit: (address: Int, files: Int)?
    private var lastLook: UInt64 = 0

    /// Nanoseconds between two readings of a running child.
    static let interval: UInt64 = 50_000_000

    init(pid: Int32, limit: Int? = nil) {
        self.pid = pid
        self.limit = limit
    }

    /// Reads the child's status when ``interval`` has passed since the
    /// last reading, and continues a child that stopped itself (SIGCONT)
    /// after its address space is read. O(descriptors): a small file, and
    /// a stat of each open descriptor.
    mutating func look(now: UInt64) {
        guard now >= lastLook + Self.interval || lastLook == 0 else {
            return
        }
        lastLook = now
        var peakKiB = addressPeakBytes / 1024
        var nowKiB = 0
        let stopped = diffbench_memory_status(pid, &peakKiB, &nowKiB)
        addressPeakBytes = max(addressPeakBytes, peakKiB * 1024)
        let files = max(0, diffbench_memory_file_bytes(pid))
        fileBytes = max(fileBytes, files)
        if let limit, overLimit == nil, files > 0, nowKiB * 1024 + files >= limit { overLimit = (nowKiB * 1024, files) }
        if stopped == 1 { kill(pid, SIGCONT) }
    }
}
