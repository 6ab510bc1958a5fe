import Foundation
import Testing

@testable import DiffBenchKit

/// An engine the project does not ship, registered from this one place: the
/// "reload everything" baseline (every old row deleted, every new row
/// inserted). Nothing else in the project is edited for it to be run,
/// verified, batch-checked, charted, compared, and named in help and errors.
struct ReloadEverything: DiffEngine {
    static let name: EngineName = "reload-all"

    func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        Changeset(deletes: Array(old.indices), inserts: Array(new.indices))
    }
}

@Suite(.serialized) struct ExtraEngineTests {
    static let colour = "#ABCDEF"
    static let registry = EngineRegistry.builtIns.adding(
        EngineDescriptor(ReloadEverything(), summary: "reload everything: a baseline for list UIs", colour: colour, symbol: 5))

    /// Runs `diffbench ARGUMENTS` in this process with the extra engine registered.
    func diffbench(_ arguments: [String]) throws {
        try DiffBench.run(arguments, with: Self.registry)
    }

    @Test("the unknown-engine message names the registry the command runs with, not the process's")
    func namedInErrors() throws {
        // The process's engines (help texts) are the built-ins: a registry
        // passed to one command is seen by that command alone.
        #expect(!DiffBench.helpMessage(for: RunCommand.self).contains("reload-all"))
        #expect(DiffBench.helpMessage(for: RunCommand.self).contains("histogram"))
        do {
            try diffbench(["diff", "--engine", "nope", "--chars", "ab", "ba"])
            Issue.record("an unknown engine was accepted")
        } catch {
            // Bad input: exit 2, the unknown name and the registry's engines in the message.
            #expect(DiffBench.exitStatus(for: error) == 2)
            let message = DiffBench.message(for: error)
            #expect(message.contains("unknown engine 'nope'") && message.contains("reload-all"), "\(message)")
        }
        do {
            try diffbench(["run", "--engines", "heckel,nope", "--sizes", "10", "--output", NSTemporaryDirectory()])
            Issue.record("an unknown engine was accepted")
        } catch {
            #expect(DiffBench.exitStatus(for: error) == 2 && DiffBench.message(for: error).contains("reload-all"))
        }
    }

    @Test("run, chart and compare treat the registered engine like a built-in", .timeLimit(.minutes(10)))
    func runChartCompare() throws {
        let scratch = ScratchFolder()
        let output = scratch.path
        try diffbench([
            "run", "--engines", "heckel,reload-all", "--workloads", "mixed,sectioned", "--sizes", "60",
            "--output", output, "--name", "extra", "--quiet", "--repetitions", "2", "--min-time", "0",
            "--memo", "", "--datasets-dir", "", "--in-process",
        ])
        let document = try ResultsStore.read(output + "/extra")
        let rows = document.rows.filter { $0.engine == "reload-all" }
        #expect(rows.count == 2)
        for row in rows {
            #expect(row.status == .ok && row.verified && row.batchVerified == true, "\(row.workload): \(row.reason)")
            #expect(row.deletes == row.sizeOld && row.inserts == row.sizeNew && row.medianNs != nil)
            #expect(row.peakHeapBytes != nil)
        }
        let info = try #require(document.engines?.first { $0.name == "reload-all" })
        #expect(info.colour == Self.colour && info.summary.hasPrefix("reload everything"))

        // The charts' palette reads the run's record of the engine.
        try diffbench(["chart", output + "/extra"])
        let page = try String(contentsOfFile: output + "/extra/index.html", encoding: .utf8)
        #expect(page.contains("reload-all") && page.contains(Self.colour))
        let timeData = try String(contentsOfFile: output + "/extra/charts/time-mixed.dat", encoding: .utf8)
        #expect(timeData.contains("reload-all"))
        let script = try String(contentsOfFile: output + "/extra/charts/time-mixed.gp", encoding: .utf8)
        #expect(script.contains(Self.colour))

        // compare pairs its rows like any engine's.
        try diffbench([
            "compare", output + "/extra", output + "/extra", "--format", "json", "--to", output + "/compare.json",
        ])
        let report = try String(contentsOfFile: output + "/compare.json", encoding: .utf8)
        #expect(report.contains("\"reload-all\""))
    }
}

/// A temporary folder removed with the value.
final class ScratchFolder {
    let path = NSTemporaryDirectory() + "diffbench-kit-" + UUID().uuidString
    init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// An engine that prints while it diffs, as engines being written do.
struct ChattyEngine: DiffEngine {
    static let name: EngineName = "chatty"

    func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        print("chatty engine: diffing \(old.count) → \(new.count)")
        return Changeset(deletes: Array(old.indices), inserts: Array(new.indices))
    }
}

@Suite(.serialized) struct EngineOutputTests {
    /// What `body` writes to file descriptor 1, through a temporary file.
    static func standardOutput(of body: () throws -> Void) throws -> String {
        let path = NSTemporaryDirectory() + "diffbench-stdout-" + UUID().uuidString
        defer { unlink(path) }
        fflush(nil)
        let saved = dup(STDOUT_FILENO)
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        dup2(file, STDOUT_FILENO)
        close(file)
        do {
            try body()
        } catch {
            fflush(nil)
            dup2(saved, STDOUT_FILENO)
            close(saved)
            throw error
        }
        fflush(nil)
        dup2(saved, STDOUT_FILENO)
        close(saved)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// In process (`--in-process`): the test binary is no diffbench a worker
    /// could be started from, and a worker's own output is a pipe anyway.
    @Test(arguments: ["json", "batch-json"])
    func whatAnEngineCalledByDiffPrintsStaysOutOfItsMachineReadableOutput(format: String) throws {
        let registry = EngineRegistry.builtIns.adding(
            EngineDescriptor(ChattyEngine(), summary: "prints while it diffs", colour: "#123456", symbol: 6))
        let output = try Self.standardOutput {
            try DiffBench.run(["diff", "--engine", "chatty", "--in-process", "--format", format, "--chars", "abc", "abd"], with: registry)
        }
        #expect(!output.contains("chatty engine"), "\(output)")
        // What is left holds the one JSON document. The capture is of the whole
        // process's standard output, which the test runner and the other tests
        // running in this process share (their event lines, their own commands'
        // output): the document is the run of lines, from one starting with "{"
        // to one ending with "}", that parses and names the engine.
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var object: [String: Any]?
        search: for start in lines.indices where lines[start].hasPrefix("{") {
            for end in lines.indices[start...] where lines[end].hasSuffix("}") {
                let text = lines[start...end].joined(separator: "\n")
                if let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], parsed["engine"] as? String == "chatty" {
                    object = parsed
                    break search
                }
            }
        }
        #expect(object?["engine"] as? String == "chatty", "\(output)")
    }
}
