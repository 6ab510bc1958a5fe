import CCallgrind
import DiffBenchTestSupport
import Foundation
import Testing

@testable import Harness

/// A worker's memory cgroup (``MemoryCgroup``) on the machine's own
/// cgroup v1 memory controller: the kernel holds its members to the limit
/// and counts the kills, and what is left in it ends with it. Skipped where
/// no memory cgroup can be made (no such controller, or not root).
@Suite(.serialized, .tags(.process)) struct MemoryCgroupTests {
    static let available: Bool = MemoryCgroup.make(limit: 1 << 30).map { $0.end() >= 0 } ?? false

    /// `/bin/sh` that moves itself into the cgroup at `folder`, then runs `command`.
    static func member(of folder: String, _ command: String, log: String) throws -> ChildProcess {
        try ChildProcess("/bin/sh", ["-c", "echo $$ > \"$1/cgroup.procs\" && exec " + command, "sh", folder], output: .log(log))
    }

    /// The pids `folder`/cgroup.procs lists, once it lists any (at most 5 s).
    static func members(of folder: String) -> [String] {
        for _ in 0..<500 {
            let listed = ((try? String(contentsOfFile: folder + "/cgroup.procs", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if !listed.isEmpty { return listed }
            usleep(10_000)
        }
        return []
    }

    /// A member that grows without end (`tail /dev/zero` keeps one endless
    /// line) is ended by the kernel near the limit, and the cgroup counts
    /// the kill; a member left sleeping is killed by ``MemoryCgroup/end()``,
    /// which removes the cgroup.
    @Test(.timeLimit(.minutes(10)), .enabled(if: Self.available, "needs a memory cgroup (root, cgroup v1 memory controller)"))
    func theKernelHoldsMembersToTheLimitAndEndKillsWhatIsLeft() throws {
        let log = NSTemporaryDirectory() + "/diffbench-cgroup-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        // `tail` read once outside the cgroup, so its program's pages are
        // charged elsewhere: under the limit the kernel would otherwise
        // evict and read them again for a long while before it kills.
        _ = try ChildProcess("/usr/bin/tail", ["--version"], output: .log(log)).wait()
        let cgroup = try #require(MemoryCgroup.make(limit: 64 << 20))
        #expect(cgroup.outOfMemoryKills == 0)
        let grower = try Self.member(of: cgroup.folder, "tail /dev/zero", log: log)
        #expect(grower.wait() == .signalled(SIGKILL))
        #expect(cgroup.outOfMemoryKills == 1)
        #expect(cgroup.peakBytes >= 48 << 20 && cgroup.peakBytes <= 64 << 20, "peak \(cgroup.peakBytes)")

        let sleeper = try Self.member(of: cgroup.folder, "sleep 60", log: log)
        #expect(Self.members(of: cgroup.folder) == ["\(sleeper.pid)"])
        #expect(cgroup.end() == 1)
        #expect(sleeper.wait() == .signalled(SIGKILL))
        #expect(!FileManager.default.fileExists(atPath: cgroup.folder))
    }

    /// A cgroup named after a run that no longer exists (one killed with
    /// SIGKILL, whose workers' descendants live on) is ended by the next
    /// sweep, its members with it; one named after a live process is not.
    @Test(.timeLimit(.minutes(10)), .enabled(if: Self.available, "needs a memory cgroup (root, cgroup v1 memory controller)"))
    func aSweepEndsTheCgroupsOfRunsThatAreGone() throws {
        let log = NSTemporaryDirectory() + "/diffbench-cgroup-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let gone = try ChildProcess("/bin/true", [], output: .log(log))
        _ = gone.wait()
        let prefix = "diffbench-sweep-test-"
        var path = [CChar](repeating: 0, count: 4352)
        #expect(diffbench_cgroup_make("\(prefix)\(gone.pid)-1", 1 << 30, &path, UInt(path.count)) == 0)
        let stale = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(diffbench_cgroup_make("\(prefix)\(getpid())-1", 1 << 30, &path, UInt(path.count)) == 0)
        let live = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { _ = diffbench_cgroup_end(live) }
        let leftover = try Self.member(of: stale, "sleep 60", log: log)
        #expect(Self.members(of: stale) == ["\(leftover.pid)"])

        #expect(diffbench_cgroup_sweep(prefix) == 1)
        #expect(leftover.wait() == .signalled(SIGKILL))
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
    }
}
