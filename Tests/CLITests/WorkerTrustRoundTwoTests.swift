import DiffBenchKit
import Foundation
import Testing

/// Issue 37, round two: an engine that ignores the signals meant to end it
/// (or leaves a descendant that does), takes the worker's report
/// descriptor, holds memory in files its address space never shows, or
/// changes the process's mask, environment or locale costs only its own
/// rows and changes nothing the run writes. Each test runs the built
/// `diffbench` on the plan of ``WorkerTrustTests`` (heckel and set on
/// mixed@200 as int) with one engine made faulty through `DIFFBENCH_TEST_FAULT`.
@Suite(.serialized) struct WorkerTrustRoundTwoTests {
    /// An engine that ignores and blocks SIGTERM, SIGINT, SIGHUP and SIGQUIT
    /// and never returns is still ended at `--case-timeout`, and nothing of
    /// the run is left.
    @Test(.timeLimit(.minutes(10)))
    func anEngineDeafToTerminationIsEndedAtItsCaseLimit() throws {
        let dir = try CLI.temporaryDirectory()
        let marker = UUID().uuidString
        defer {
            for process in WorkerTrustTests.processes(marked: marker) { kill(process.pid, SIGKILL) }
            try? FileManager.default.removeItem(at: dir)
        }
        let (result, document) = try WorkerTrustTests.run(fault: "deaf:heckel", marker: marker, ["--case-timeout", "5"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(WorkerTrustTests.summary(document) == ["heckel timed-out", "set ok", "floor reference"], "\(result.stderr)")
        let left = WorkerTrustTests.processes(marked: marker)
        #expect(left.isEmpty, "left running: \(left)")
    }

    /// A run ended by SIGTERM or SIGINT while an engine's descendant that
    /// left the worker's group and session, and ignores every signal it
    /// can (as does its own child), is alive: the run kills every process
    /// it started, that descendant included, before it ends. The workers'
    /// `PR_SET_PDEATHSIG` does not reach a grandchild.
    @Test(.timeLimit(.minutes(10)), arguments: [SIGTERM, SIGINT])
    func aRunEndedBySignalLeavesNoDescendant(signal: Int32) throws {
        let dir = try CLI.temporaryDirectory()
        let marker = UUID().uuidString
        defer {
            for process in WorkerTrustTests.processes(marked: marker) { kill(process.pid, SIGKILL) }
            try? FileManager.default.removeItem(at: dir)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["DIFFBENCH_TEST_FAULT"] = "setsid-deaf:heckel:hang"
        environment["DIFFBENCH_TEST_MARKER"] = marker
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = WorkerTrustTests.arguments(dir, ["--case-timeout", "600"])
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The run, its worker, the engine's setsid child and that child's own.
        var sessions = Set<Int32>()
        for _ in 0..<6_000 where sessions.count < 2 {
            usleep(50_000)
            sessions = Set(WorkerTrustTests.processes(marked: marker).compactMap { Self.session(of: $0.pid) })
        }
        #expect(sessions.count >= 2, "the engine's descendant never left the run's session")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        let left = WorkerTrustTests.processes(marked: marker).filter { Self.session(of: $0.pid) != nil }
        #expect(left.isEmpty, "left running after the run ended: \(left)")
    }

    /// This process's file-mode mask, read from /proc/self/status (setting it to read it would race other tests).
    static func fileModeMask() -> mode_t {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { mode_t($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022
    }

    /// The session of a live process (field 6 of /proc/PID/stat); nil once it is gone or a zombie.
    static func session(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 3, fields[0] != "Z" else { return nil }
        return Int32(fields[3])
    }

    /// An engine that closes the worker's report descriptor, or puts another
    /// file over it (its stderr, /dev/null), gets its own `crashed` row
    /// with the `report-channel-lost` reason; the other engine is measured
    /// and no row comes from the engine's side. Closing the standard
    /// descriptors takes nothing from the report: every row is measured.
    @Test(.timeLimit(.minutes(10)), arguments: ["close-report:heckel", "dup2-report:set", "null-report:heckel", "close-stdio:heckel"])
    func anEngineThatTakesTheReportDescriptorLosesOnlyItsRows(fault: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (result, document) = try WorkerTrustTests.run(fault: fault, marker: UUID().uuidString, in: dir)
        let guilty = String(fault.split(separator: ":")[1])
        if fault.hasPrefix("close-stdio") {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(WorkerTrustTests.summary(document) == ["heckel ok", "set ok", "floor reference"], "\(result.stderr)")
            return
        }
        #expect(result.status == 1, "\(result.stderr)")
        for row in document.rows {
            if row.engine.name == guilty {
                #expect(row.status == .crashed && row.reasonCode == .lostReportChannel, "\(row.engine): \(row.status) \(row.reason)")
                #expect(row.reason.contains("report descriptor"), "\(row.reason)")
                #expect(row.medianNs == nil)
            } else {
                #expect(row.status.isMeasured && row.reasonCode == nil, "\(row.engine): \(row.status) \(row.reason)")
            }
        }
    }

    /// Memory held in files written with `write` and never mapped (memfds,
    /// /dev/shm files), which no address-space limit counts, counts against
    /// `--case-memory`: in many files the parent reads them and kills the
    /// worker, in one file its size is held to the limit (RLIMIT_FSIZE).
    /// The engine is `out-of-memory`, the other is measured.
    @Test(.timeLimit(.minutes(10)), arguments: ["memfd:heckel:120", "shm-file:heckel:120", "memfd-one:heckel:400"])
    func memoryInFilesCountsAgainstTheCaseMemory(fault: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (result, document) = try WorkerTrustTests.run(
            fault: fault, marker: UUID().uuidString, ["--case-memory", "256M"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(WorkerTrustTests.summary(document) == ["heckel out-of-memory", "set ok", "floor reference"], "\(result.stderr)")
        let reason = document.rows.first { $0.engine == "heckel" }?.reason ?? ""
        // One file may reach the parent's reading before its size limit: either names the memory.
        #expect(reason.contains("RLIMIT_FSIZE") || reason.contains("memory-backed files"), "\(reason)")
    }

    /// Whether this machine lets a process make a mount namespace (root, or
    /// CAP_SYS_ADMIN), as a worker does for its /dev/shm (``diffbench_confine_worker``).
    static let mountNamespacesAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--mount", "/bin/true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Memory held by processes an engine started, each under its own
    /// address-space limit (pages written by forked children, or memfds
    /// they hold open), counts against `--case-memory` as the worker's
    /// own: three children of 100 MiB each pass a 256 MiB case only
    /// together. The engine is `out-of-memory`, the other is measured.
    @Test(.timeLimit(.minutes(10)), arguments: [("child-memory:heckel:100:3", "processes it started"), ("child-files:heckel:100:3", "memory-backed files")])
    func memoryOfProcessesAnEngineStartedCounts(fault: String, named: String) throws {
        let dir = try CLI.temporaryDirectory()
        let marker = UUID().uuidString
        defer {
            for process in WorkerTrustTests.processes(marked: marker) { kill(process.pid, SIGKILL) }
            try? FileManager.default.removeItem(at: dir)
        }
        let (result, document) = try WorkerTrustTests.run(fault: fault, marker: marker, ["--case-memory", "256M", "--min-time", "0.5"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(WorkerTrustTests.summary(document) == ["heckel out-of-memory", "set ok", "floor reference"], "\(result.stderr)")
        let reason = document.rows.first { $0.engine == "heckel" }?.reason ?? ""
        #expect(reason.contains(named), "\(reason)")
    }

    /// A /dev/shm file an engine writes and closes is held by no process,
    /// yet takes memory: the worker's /dev/shm is its own, no larger than
    /// the case's memory, and counted whole, so 400 MiB of such files make
    /// the engine `out-of-memory` under a 256 MiB case, and nothing of them
    /// is left in the machine's /dev/shm after the run.
    @Test(.timeLimit(.minutes(10)), .enabled(if: Self.mountNamespacesAvailable, "needs mount namespaces (root)"))
    func sharedMemoryFilesLeftClosedCountAndGoWithTheWorker() throws {
        let dir = try CLI.temporaryDirectory()
        let marker = UUID().uuidString
        let left = { (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm"))?.filter { $0.contains(marker) } ?? [] }
        defer {
            for name in left() { try? FileManager.default.removeItem(atPath: "/dev/shm/" + name) }
            try? FileManager.default.removeItem(at: dir)
        }
        let (result, document) = try WorkerTrustTests.run(fault: "shm-left:heckel:400", marker: marker, ["--case-memory", "256M", "--min-time", "0.5"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(WorkerTrustTests.summary(document) == ["heckel out-of-memory", "set ok", "floor reference"], "\(result.stderr)")
        #expect(left().isEmpty, "left in /dev/shm: \(left())")
    }

    /// Whether this process may make memory cgroups where most machines
    /// mount cgroup v1's memory controller (root, with that controller):
    /// where it may, every worker runs in a memory cgroup of its own.
    static let memoryCgroupsAvailable: Bool = {
        guard let table = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8),
              let line = table.split(separator: "\n").first(where: { $0.split(separator: ":").dropFirst().first?.split(separator: ",").contains("memory") == true })
        else { return false }
        let own = "/sys/fs/cgroup/memory" + line.split(separator: ":", maxSplits: 2).last.map(String.init)!
        let probe = own + "/diffbench-probe-\(UUID().uuidString)"
        guard mkdir(probe, 0o755) == 0 else { return false }
        rmdir(probe)
        return true
    }()

    /// Memory no reading of the parent's sees whole counts in the worker's
    /// memory cgroup, where the kernel holds it to the case's memory at
    /// every page: three processes of 100 MiB each whose parent (a process
    /// the engine forked) has ended, so they are below no worker, and
    /// 400 MiB of files written and closed in /dev (a memory-backed folder
    /// other than /dev/shm, which the worker shares with the machine). The
    /// engine is `out-of-memory`, the other is measured, and no process of
    /// the engine's outlives the run.
    @Test(
        .timeLimit(.minutes(10)), .enabled(if: Self.memoryCgroupsAvailable, "needs the cgroup v1 memory controller and the right to make cgroups (root)"),
        arguments: ["orphan-memory:heckel:100:3", "escaped-orphans:heckel:100:3", "left-files:heckel:400:/dev"])
    func memoryNoReadingSeesCountsInTheWorkersCgroup(fault: String) throws {
        let dir = try CLI.temporaryDirectory()
        let marker = UUID().uuidString
        let left = { (try? FileManager.default.contentsOfDirectory(atPath: "/dev"))?.filter { $0.contains(marker) } ?? [] }
        defer {
            for process in WorkerTrustTests.processes(marked: marker) { kill(process.pid, SIGKILL) }
            for name in left() { try? FileManager.default.removeItem(atPath: "/dev/" + name) }
            try? FileManager.default.removeItem(at: dir)
        }
        let (result, document) = try WorkerTrustTests.run(fault: fault, marker: marker, ["--case-memory", "256M"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(WorkerTrustTests.summary(document) == ["heckel out-of-memory", "set ok", "floor reference"], "\(result.stderr)")
        let reason = document.rows.first { $0.engine == "heckel" }?.reason ?? ""
        #expect(reason.contains("memory cgroup"), "\(reason)")
        #expect(WorkerTrustTests.processes(marked: marker).isEmpty, "processes of the engine outlived the run")
    }

    /// An engine that changes the file-mode mask, `PATH`, `TZ`, `LANG`,
    /// `LC_ALL`, a `DIFFBENCH_*` variable and the locale changes nothing
    /// the run writes: in a worker and in process (`--in-process`, where
    /// the engine runs in the run's own process), the results files and the
    /// history store have the modes the user's mask gives, and no variable
    /// the engine set reaches the run's later work.
    @Test(.timeLimit(.minutes(10)), arguments: [false, true])
    func anEngineThatChangesTheProcessSettingsChangesNoOutput(inProcess: Bool) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mask = Self.fileModeMask()
        let (result, document) = try WorkerTrustTests.run(
            fault: "environ:heckel", marker: UUID().uuidString, ["--history", dir.path + "/runs.sqlite"] + (inProcess ? ["--in-process"] : []),
            in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(WorkerTrustTests.summary(document) == ["heckel ok", "set ok", "floor reference"], "\(result.stderr)")
        for file in ["Reports/trust/results.json", "Reports/trust/results.csv", "runs.sqlite"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: dir.path + "/" + file)
            let mode = (attributes[.posixPermissions] as? Int) ?? -1
            #expect(mode == Int(0o666 & ~mask), "\(file): mode \(String(mode, radix: 8)), the user's mask gives \(String(Int(0o666 & ~mask), radix: 8))")
        }
        #expect(!result.stderr.contains("nonexistent-diffbench-test-path") && !result.stdout.contains("an-engine-set-this"), "\(result.stderr)")
    }
}
