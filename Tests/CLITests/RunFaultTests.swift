import Foundation
import Testing

/// Issue 15: `run` under bad names, absurd sizes, faults, interruptions and
/// a second run of the same name. Every refusal is exit 2 with the path
/// named, and nothing of an earlier run is lost or half-written.
@Suite(.serialized) struct RunFaultTests {
    /// The options of a tiny run, without its output folder and name.
    static func tinyPlan(sizes: String = "40") -> [String] {
        ["--engines", "heckel,set", "--workloads", "mixed", "--sizes", sizes, "--repetitions", "1", "--min-time", "0",
         "--time-budget", "1", "--datasets-dir", "", "--memo", "", "--no-memory", "--quiet"]
    }

    static func tinyArguments(_ dir: URL, name: String, sizes: String = "40") -> [String] {
        ["run"] + tinyPlan(sizes: sizes) + ["--output", dir.appendingPathComponent("Reports").path, "--name", name]
    }

    /// A finished tiny run named `earlier`, made once per test process and
    /// copied into the tests that need an earlier run beside theirs.
    static let earlier = SharedRun(name: "earlier", arguments: tinyPlan())

    /// Every file and folder under `dir`, relative to it.
    static func tree(_ dir: URL) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: dir.path)?.allObjects.compactMap { $0 as? String } ?? [])
    }

    // Item 3
    @Test(arguments: ["..", ".", "", "a/b", "/tmp/abs", "../up", "latest", ".hidden", "tab\tname", "new\nline"])
    func badNamesCreateNothing(name: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let work = dir.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let before = Self.tree(dir)
        let result = try CLI.run(Self.tinyArguments(work, name: name), in: work)
        #expect(result.status == 2, "\(name): \(result.stderr)")
        #expect(result.stderr.hasPrefix("diffbench: --name"), "\(result.stderr)")
        #expect(Self.tree(dir) == before, "\(name) created \(Self.tree(dir).subtracting(before))")
    }

    // Item 8
    @Test(arguments: ["99999999999", "10000001", "40,20000000", "99999999999999999999999"])
    func absurdSizesCreateNothing(sizes: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // An earlier run and the `latest` link to it, as `run` leaves them (the run is made once and copied).
        let reports = dir.appendingPathComponent("Reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        _ = try Self.earlier.copy(into: reports)
        try FileManager.default.createSymbolicLink(atPath: reports.path + "/latest", withDestinationPath: "earlier")
        let before = Self.tree(dir)
        let result = try CLI.run(Self.tinyArguments(dir, name: "absurd", sizes: sizes))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--sizes"), "\(result.stderr)")
        #expect(Self.tree(dir) == before)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/Reports/latest") == "earlier")
    }

    @Test func aNegativeSizeAsItsOwnArgumentIsNotAMissingValue() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let generate = try CLI.run(["generate", "--workload", "mixed", "--size", "-1", "--to", dir.path + "/x.json"])
        #expect(generate.status == 2)
        #expect(!generate.stderr.contains("Missing value"), "\(generate.stderr)")
        #expect(generate.stderr.contains("-1"), "\(generate.stderr)")
        let run = try CLI.run(Self.tinyArguments(dir, name: "neg", sizes: "-1"))
        #expect(run.status == 2 && !run.stderr.contains("Missing value"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/Reports"))
    }

    // Item 5
    @Test func outputUnderARegularFileExitsTwoNamingIt() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("x".utf8).write(to: dir.appendingPathComponent("Reports"))
        let result = try CLI.run(Self.tinyArguments(dir, name: "r"))
        #expect(result.status == 2, "\(result.stderr)")
        // Refused by the one --output option (OutputFolderOption) before anything runs.
        #expect(result.stderr.contains("--output " + dir.path + "/Reports is a file"), "\(result.stderr)")
    }

    @Test(.enabled(if: getuid() != 0, "root writes into a read-only folder anyway"))
    func aReadOnlyReportsFolderExitsTwoNamingIt() throws {
        let dir = try CLI.temporaryDirectory()
        defer {
            chmod(dir.path + "/Reports", 0o755)
            try? FileManager.default.removeItem(at: dir)
        }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Reports"), withIntermediateDirectories: true)
        chmod(dir.path + "/Reports", 0o555)
        let result = try CLI.run(Self.tinyArguments(dir, name: "r"))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("diffbench: " + dir.path + "/Reports"), "\(result.stderr)")
    }

    /// A full disk: a 128 KiB tmpfs (mounted only when the tests run as
    /// root and may mount; skipped otherwise). The run stops with exit 2 naming
    /// the file, and the pair it leaves agrees.
    @Test(.timeLimit(.minutes(10)), .enabled(if: canMountTmpfs, "needs root allowed to mount a tmpfs"))
    func aFullDiskExitsTwoAndLeavesAnAgreeingPair() throws {
        let dir = try CLI.temporaryDirectory()
        let tiny = dir.appendingPathComponent("tiny")
        try FileManager.default.createDirectory(at: tiny, withIntermediateDirectories: true)
        func tool(_ path: String, _ arguments: [String]) throws -> Int32 {
            try CLI.run(arguments, executable: URL(fileURLWithPath: path)).status
        }
        try #require(try tool("/bin/mount", ["-t", "tmpfs", "-o", "size=128k", "tmpfs", tiny.path]) == 0)
        defer {
            _ = try? tool("/bin/umount", [tiny.path])
            try? FileManager.default.removeItem(at: dir)
        }
        let result = try CLI.run(
            ["run", "--engines", "heckel,set", "--workloads", "mixed,feed", "--sizes", (1...40).map { "\($0 * 15)" }.joined(separator: ","),
             "--repetitions", "1", "--min-time", "0", "--output", tiny.path, "--name", "full", "--datasets-dir", "", "--memo", "",
             "--no-memory", "--quiet"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("diffbench: " + tiny.path + "/full/results."), "\(result.stderr)")
        #expect(result.stderr.contains("No space left"), "\(result.stderr)")
        let csvRows = try String(contentsOfFile: tiny.path + "/full/results.csv", encoding: .utf8).split(separator: "\n").count - 1
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: tiny.appendingPathComponent("full/results.json")))
        #expect(try #require((object as? [String: Any])?["rows"] as? [Any]).count == csvRows)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: tiny.path + "/full").filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
    func aFullStandardOutputExitsTwo() throws {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["generate", "--list"]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "\(message)")
        #expect(message.contains("standard output"), "\(message)")
    }

    // Item 4
    @Test(.timeLimit(.minutes(10))) func twoRunsOfOneNameDoNotLoseRows() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The first run holds the folder long enough (many small cases) for the second to start meanwhile.
        let first = Process()
        first.executableURL = CLI.executable
        first.arguments = Self.tinyArguments(dir, name: "same", sizes: (1...60).map { "\($0 * 10)" }.joined(separator: ","))
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        let json = dir.path + "/Reports/same/results.json"
        while !FileManager.default.fileExists(atPath: json), first.isRunning { usleep(5_000) }
        let second = try CLI.run(Self.tinyArguments(dir, name: "same", sizes: "30"))
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(second.status == 2, "\(second.stderr)")
        #expect(second.stderr.contains("another run"), "\(second.stderr)")
        let csv = try String(contentsOfFile: dir.path + "/Reports/same/results.csv", encoding: .utf8)
        // 60 sizes × (2 engines + floor) rows, none of them the second run's size 30.
        #expect(csv.split(separator: "\n").count == 1 + 60 * 3)
        // Afterwards the name is free again, and a finished run leaves no lock file behind.
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/Reports/same/.lock"))
        #expect(try CLI.run(Self.tinyArguments(dir, name: "same")).status == 0)
        #expect(Self.tree(dir.appendingPathComponent("Reports/same")).filter { $0.hasPrefix(".") }.isEmpty)
    }

    // Item 6
    @Test(.timeLimit(.minutes(10)), arguments: [SIGKILL, SIGTERM, SIGINT])
    func anInterruptedRunLeavesNoCSVAheadOfItsJSON(signal: Int32) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var random = SystemRandomNumberGenerator()
        for trial in 0..<6 {
            let process = Process()
            process.executableURL = CLI.executable
            // 60 cases: each runs in a worker process (some 70 ms apiece in a debug build), so the run
            // outlasts the longest wait below; 200 made the test take most of its time limit.
            process.arguments = Self.tinyArguments(dir, name: "cut\(trial)", sizes: (1...60).map { "\($0)" }.joined(separator: ","))
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let folder = dir.path + "/Reports/cut\(trial)"
            while !FileManager.default.fileExists(atPath: folder + "/results.csv"), process.isRunning { usleep(1_000) }
            usleep(UInt32.random(in: 20_000...400_000, using: &random))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let csvRows = try String(contentsOfFile: folder + "/results.csv", encoding: .utf8).split(separator: "\n").count - 1
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json")))
            let jsonRows = try #require((object as? [String: Any])?["rows"] as? [Any]).count
            if signal == SIGKILL {
                #expect(csvRows <= jsonRows, "trial \(trial): CSV \(csvRows) rows, JSON \(jsonRows)")
            } else {
                #expect(csvRows == jsonRows, "trial \(trial): CSV \(csvRows) rows, JSON \(jsonRows)")
            }
        }
    }

    // Item 11
    @Test func staleTemporariesOfAKilledWriterAreRemovedOnTheNextWrite() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLI.run(Self.tinyArguments(dir, name: "t")).status == 0)
        let folder = dir.path + "/Reports/t"
        // A process id that is not running: a child that has exited and been reaped.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let deadPID = gone.processIdentifier
        let stale = [".results.json.tmp-\(deadPID)-12345", ".results.csv.tmp-\(deadPID)-999"]
        for name in stale { try Data("half".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        // A live writer's temporary (this test process) is left alone.
        let live = ".results.csv.tmp-\(getpid())-1"
        try Data("busy".utf8).write(to: URL(fileURLWithPath: folder + "/" + live))
        #expect(try CLI.run(Self.tinyArguments(dir, name: "t")).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        for name in stale { #expect(!names.contains(name), "\(name) left behind") }
        #expect(names.contains(live))
    }

    // Item 14: reused names, a real `latest`, repeated engines, --quiet warnings.
    @Test func aReusedNameStartsWithoutTheOldCharts() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.path + "/Reports/again"
        try FileManager.default.createDirectory(atPath: folder + "/charts", withIntermediateDirectories: true)
        for name in ["charts/time-old.png", "charts/time-old.gp", "index.html", "index.md"] {
            try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        #expect(try CLI.run(Self.tinyArguments(dir, name: "again")).status == 0)
        let names = Self.tree(URL(fileURLWithPath: folder))
        #expect(!names.contains("charts/time-old.png") && !names.contains("index.html"), "\(names)")
        #expect(names.contains("results.json"))
    }

    @Test func aRealLatestFolderIsRefusedBeforeTheRun() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(atPath: dir.path + "/Reports/latest", withIntermediateDirectories: true)
        let result = try CLI.run(Self.tinyArguments(dir, name: "r"))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("Reports/latest"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/Reports/r"))
    }

    @Test(arguments: [["--engines", "heckel,set,heckel"], ["--workloads", "mixed,feed,mixed"]])
    func repeatedEnginesOrWorkloadsAreRefused(option: [String]) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var arguments = Self.tinyArguments(dir, name: "dup")
        let index = try #require(arguments.firstIndex(of: option[0]))
        arguments[index + 1] = option[1]
        let result = try CLI.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("given twice"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/Reports"))
    }

    @Test func quietStillWarnsWhenADatasetCannotBeSaved() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("x".utf8).write(to: dir.appendingPathComponent("blocked"))
        var arguments = Self.tinyArguments(dir, name: "q")
        let index = try #require(arguments.firstIndex(of: "--datasets-dir"))
        arguments[index + 1] = dir.path + "/blocked/datasets"
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("could not save"), "\(result.stderr)")
    }
}

/// Issue 15, item 13: a big file is read in one pass that keeps the bytes
/// and the items, not a tree of every element (about ten times the file).
@Suite(.serialized) struct BigInputMemoryTests {
    /// Peak resident memory of one diffbench run in bytes, measured by
    /// `/usr/bin/time` (nil when it is not installed).
    static func peakBytes(_ arguments: [String]) throws -> (bytes: Int, result: CLIResult)? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
        let result = try CLI.run(["-f", "peak-kb %M", CLI.executable.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/time"))
        guard let line = result.stderr.split(separator: "\n").last(where: { $0.hasPrefix("peak-kb ") }),
            let kilobytes = Int(line.dropFirst("peak-kb ".count))
        else { return nil }
        return (kilobytes * 1024, result)
    }

    @Test(.timeLimit(.minutes(10)), .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "needs GNU time"))
    func aBigDatasetPeaksBelowThreeTimesItsSize() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.path + "/big.json"
        #expect(try CLI.run(["generate", "--workload", "mixed", "--size", "600000", "--to", file]).status == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        // The lcs table of 600,000² cells is over the budget: the command reads the file, then refuses.
        let (peak, result) = try #require(try Self.peakBytes(["table", "--dataset", file, "--png", dir.path + "/t.png"]))
        #expect(result.status == 2, "\(result.stderr)")
        // The process itself (runtime, libraries) takes some 30 MB before it reads anything.
        #expect(peak < 3 * size + 40 << 20, "peak \(peak >> 20) MB for a \(size >> 20) MB file")
    }
}

/// Whether this process may mount a tmpfs (root with the capability to
/// mount, as on CI here): tried once on a scratch folder and unmounted.
private let canMountTmpfs: Bool = {
    guard getuid() == 0 else { return false }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-mount-probe-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func run(_ path: String, _ arguments: [String]) -> Int32 {
        (try? CLI.run(arguments, executable: URL(fileURLWithPath: path)).status) ?? -1
    }
    guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=128k", "tmpfs", folder.path]) == 0 else { return false }
    _ = run("/bin/umount", [folder.path])
    return true
}()
