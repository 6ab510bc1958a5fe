import CCallgrind
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A worker's memory cgroup: where the machine has the cgroup v1 memory
/// controller and lets this process make cgroups (root), each worker runs
/// in a cgroup of its own held to the case's memory (``diffbench_cgroup_make``).
///
/// Why, beside the worker's address-space limit and the parent's 50 ms
/// readings (``MemoryWatch``): the kernel counts, at every page, what no
/// address space and no reading sees whole: memory-backed files written
/// and closed in any tmpfs, kernel buffers, System V segments, every
/// process the engine started (a grandchild whose parent ended included),
/// and growth that comes and goes between two readings. At the limit the
/// kernel's out-of-memory killer ends a member; the parent sees the count
/// rise (``outOfMemoryKills``), kills the worker and labels it
/// `out-of-memory`. When the worker has ended, ``end()`` kills whatever is
/// left in the cgroup (a `setsid` descendant included) and removes it.
/// Where there is no such controller (cgroup v2 alone, or no right to
/// make one), ``make(limit:)`` gives nil and the readings stand alone.
final class MemoryCgroup: Sendable {
    /// The cgroup's folder, e.g. /sys/fs/cgroup/memory/…/diffbench-812-3.
    let folder: String
    private static let made = Atomic<Int>(0)
    /// The first cgroup a process makes ends those its earlier runs, killed
    /// with SIGKILL, left behind (``diffbench_cgroup_sweep``).
    private static let swept: Bool = {
        _ = diffbench_cgroup_sweep(namePrefix)
        return true
    }()
    static let namePrefix = "diffbench-"

    private init(folder: String) {
        self.folder = folder
    }

    /// A new cgroup held to `limit` bytes, or nil where none can be made.
    static func make(limit: Int) -> MemoryCgroup? {
        _ = swept
        let name = "\(namePrefix)\(getpid())-\(made.add(1, ordering: .relaxed).newValue)"
        var path = [CChar](repeating: 0, count: 4352)
        guard diffbench_cgroup_make(name, limit, &path, UInt(path.count)) == 0 else { return nil }
        let length = path.firstIndex(of: 0) ?? path.count
        return MemoryCgroup(folder: String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Moves the calling process in (a worker, before any engine runs). Whether it could.
    static func join(_ folder: String) -> Bool {
        diffbench_cgroup_join(folder) == 0
    }

    /// How many members the kernel's out-of-memory killer has ended (0 when unreadable).
    var outOfMemoryKills: Int { max(0, diffbench_cgroup_oom_kills(folder)) }

    /// The most memory the cgroup has held, in bytes (0 when unreadable).
    var peakBytes: Int { max(0, diffbench_cgroup_peak(folder)) }

    /// Kills every process left in the cgroup and removes it; the number killed.
    @discardableResult
    func end() -> Int {
        Int(diffbench_cgroup_end(folder))
    }
}
