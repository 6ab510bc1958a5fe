import DiffBenchKit
import Foundation
import Testing

/// Issue 37, the low items: messages that say what is wrong, names that
/// cannot pass for a reserved folder, an input that is not a regular file,
/// and a run ended by SIGTERM that leaves no worker folder behind.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct TrustMessagesTests {
    static let quick = ["--engines", "heckel", "--workloads", "mixed", "--sizes", "20", "--repetitions", "1", "--min-time", "0",
                        "--time-budget", "2", "--quiet", "--datasets-dir", "", "--no-memory", "--memo", "", "--no-history"]

    @Test(arguments: [
        (["run", "--repetitions", "-3"], "--repetitions must be at least 1"),
        (["diff", "--chars", "ab", "ba", "--time-budget", "-1"], "--time-budget must be 0"),
        (["run", "--deadline", "-0.5"], "--deadline must be a number of seconds"),
    ])
    func aNegativeNumberIsNamedAsTheProblemNotAsAMissingValue(arguments: [String], expected: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
    }

    @Test(arguments: ["latest ", "Latest", " CI", "Teach"])
    func aNameThatDiffersFromAReservedOneOnlyByCaseOrSpacesIsRefused(name: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.run(["run", "--output", dir.path, "--name", name] + Self.quick)
        #expect(result.status == 2)
        #expect(result.stderr.contains("is a folder the reports layout uses"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/" + name))
    }

    @Test func reusingANameSaysTheEarlierRunIsReplaced() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try CLI.run(["run", "--output", dir.path, "--name", "again"] + Self.quick)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stderr.contains("earlier run"), "\(first.stderr)")
        let second = try CLI.run(["run", "--output", dir.path, "--name", "again"] + Self.quick)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("holds an earlier run of this --name: this run replaces"), "\(second.stderr)")
    }

    @Test func mergeIntoALockedFolderDoesNotSuggestANameMergeDoesNotTake() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for shard in ["1/2", "2/2"] {
            let made = try CLI.run(
                ["run", "--output", dir.path, "--name", "s" + shard.prefix(1), "--shard", shard, "--sizes", "20,30"]
                    + Self.quick.filter { $0 != "--sizes" && $0 != "20" })
            #expect(made.status == 0, "\(made.stderr)")
        }
        let target = dir.path + "/merged"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let descriptor = open(target + "/.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let result = try CLI.run(["merge", "--output", target, dir.path + "/s1", dir.path + "/s2"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("another run") && result.stderr.contains("another --output"), "\(result.stderr)")
        #expect(!result.stderr.contains("--name"), "\(result.stderr)")
    }

    @Test(.timeLimit(.minutes(10)))
    func aFIFOIsRefusedInsteadOfBlocking() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.path + "/old.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        try Data("[1, 2]".utf8).write(to: dir.appendingPathComponent("new.json"))
        let result = try CLI.run(["diff", fifo, dir.path + "/new.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(fifo): is not a regular file (a FIFO)"), "\(result.stderr)")
    }

    /// A run ended by SIGTERM while a worker runs (an engine that hangs)
    /// leaves no `.workers/` folder in its run folder.
    @Test func sigtermLeavesNoWorkerFolder() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["run", "--output", dir.path, "--name", "stopped", "--case-timeout", "120"] + Self.quick
        var environment = ProcessInfo.processInfo.environment
        environment["DIFFBENCH_TEST_FAULT"] = "hang:heckel"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let workers = dir.path + "/stopped/.workers"
        // Until the worker measuring heckel has its job (polls; no time is asserted).
        var seen = false
        for _ in 0..<1200 where !seen {
            usleep(100_000)
            seen = FileManager.default.fileExists(atPath: workers)
        }
        #expect(seen, "the run never started a worker")
        usleep(300_000)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(!FileManager.default.fileExists(atPath: workers), "left behind: \(workers)")
    }
}
