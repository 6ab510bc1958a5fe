import DiffBenchKit
import Foundation
import Testing

/// Issue 37: `diff` and `teach` call a plug-in engine (one not built in) in
/// a worker with `run`'s limits, so a plug-in that stalls or grows without
/// bound costs only its own answer, with a message naming the fault. The
/// plug-in is the debug build's `faulty-plugin` (`DIFFBENCH_TEST_PLUGIN`).
@Suite(.serialized) struct PluginCallTests {
    /// `diffbench ARGUMENTS` with the test plug-in behaving as `behaviour`,
    /// every process it starts marked with `marker`.
    static func run(_ arguments: [String], plugin behaviour: String, marker: String) throws -> CLIResult {
        var environment = ProcessInfo.processInfo.environment
        environment["DIFFBENCH_TEST_PLUGIN"] = behaviour
        environment["DIFFBENCH_TEST_MARKER"] = marker
        return try CLI.run(arguments, environment: environment)
    }

    /// Kills what is left with `marker` and says whether anything was.
    static func leftRunning(_ marker: String) -> [Int32] {
        let left = WorkerTrustTests.processes(marked: marker).map(\.pid)
        for pid in left { kill(pid, SIGKILL) }
        return left
    }

    @Test(.timeLimit(.minutes(10)), arguments: [("hang", "timed-out", ["--case-timeout", "1"]), ("grow", "out-of-memory", ["--case-memory", "256M"])])
    func diffEnginesAllCostsAFaultyPluginOnlyItsOwnLine(behaviour: String, label: String, limit: [String]) throws {
        let marker = UUID().uuidString
        let result = try Self.run(["diff", "--engines", "all", "--chars", "ABCDEFG", "BCAXEGF"] + limit, plugin: behaviour, marker: marker)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("faulty-plugin  \(label)") }, "\(result.stdout)")
        for engine in CatalogEngines.all {
            #expect(lines.contains { $0.hasPrefix(engine + " ") && $0.contains("steps") }, "\(engine) missing: \(result.stdout)")
        }
        #expect(result.stderr.contains("faulty-plugin: \(label)"), "\(result.stderr)")
        #expect(Self.leftRunning(marker).isEmpty)
    }

    @Test(.timeLimit(.minutes(10)))
    func diffOfOnePluginAnswersThroughItsWorker() throws {
        let marker = UUID().uuidString
        let plugin = try Self.run(["diff", "--engine", "faulty-plugin", "--chars", "ABCABBA", "CBABAC", "--format", "json"], plugin: "answer", marker: marker)
        let myers = try Self.run(["diff", "--engine", "myers", "--chars", "ABCABBA", "CBABAC", "--format", "json"], plugin: "answer", marker: marker)
        #expect(plugin.status == 0, "\(plugin.stderr)")
        // The plug-in answers as myers does: the changeset survived the worker's channel intact.
        #expect(plugin.stdout.replacingOccurrences(of: "faulty-plugin", with: "myers") == myers.stdout)
        let hung = try Self.run(["diff", "--engine", "faulty-plugin", "--chars", "AB", "BA", "--case-timeout", "1"], plugin: "hang", marker: marker)
        #expect(hung.status == 1)
        #expect(hung.stderr.contains("timed-out") && hung.stderr.contains("--case-timeout"), "\(hung.stderr)")
        #expect(Self.leftRunning(marker).isEmpty)
    }

    @Test(.timeLimit(.minutes(10)))
    func teachWritesItsReportWhenAPluginHangs() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let marker = UUID().uuidString
        let result = try Self.run(
            ["teach", "--chars", "ABCABBA", "CBABAC", "--output", dir.path, "--name", "pair", "--case-timeout", "1"], plugin: "hang",
            marker: marker)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("faulty-plugin (a plug-in, called in a worker) failed: timed-out"), "\(result.stderr)")
        let index = try String(contentsOfFile: dir.path + "/pair/index.md", encoding: .utf8)
        for engine in CatalogEngines.all { #expect(index.contains("| \(engine) |"), "\(engine) missing from the index") }
        #expect(!index.contains("faulty-plugin"))
        let storyboard = try Self.run(
            ["teach", "--chars", "AB", "BA", "--output", dir.path, "--name", "story", "--engine", "faulty-plugin", "--case-timeout", "2"],
            plugin: "trap", marker: marker)
        #expect(storyboard.status == 1)
        #expect(storyboard.stderr.contains("the storyboard engine faulty-plugin") && storyboard.stderr.contains("crashed"), "\(storyboard.stderr)")
        #expect(Self.leftRunning(marker).isEmpty)
    }

    /// A plug-in whose grandchild leaves the worker's process group and
    /// session (`setsid`, after its parent exited) does not outlive `diff`:
    /// the answer comes, and no process of the command is left.
    @Test(.timeLimit(.minutes(10)))
    func aPluginsGrandchildInASessionOfItsOwnDoesNotOutliveDiff() throws {
        let marker = UUID().uuidString
        let result = try Self.run(["diff", "--engine", "faulty-plugin", "--chars", "ABCABBA", "CBABAC"], plugin: "setsid", marker: marker)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.leftRunning(marker).isEmpty)
    }
}
