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
struct MemoryWatch {
    let pid: Int32
    /// The largest address space read so far, in bytes.
    private(set) var addressPeakBytes = 0
    private var lastLook: UInt64 = 0

    /// Nanoseconds between two readings of a running child.
    static let interval: UInt64 = 50_000_000

    init(pid: Int32) { self.pid = pid }

    /// Reads the child's status when ``interval`` has passed since the
    /// last reading, and continues a child that stopped itself (SIGCONT)
    /// after its address space is read. O(1): one read of a small file.
    mutating func look(now: UInt64) {
        guard now >= lastLook + Self.interval || lastLook == 0 else {
            return
        }
        lastLook = now
        var peakKiB = addressPeakBytes / 1024
        let stopped = diffbench_memory_status(pid, &peakKiB)
        addressPeakBytes = max(addressPeakBytes, peakKiB * 1024)
        if stopped == 1 { kill(pid, SIGCONT) }
    }
}
