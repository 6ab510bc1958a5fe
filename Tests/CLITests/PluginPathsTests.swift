import Foundation
import Testing

/// Issue 37, the paths `diff --engines` and `teach` left: `diff --format
/// batch` (flat and sectioned), `hunks`, and the calibration a command
/// makes to predict a call. Each makes a plug-in's calls in a worker with
/// `--case-timeout` and `--case-memory`, so the stand-in plug-in
/// (`faulty-plugin`) hanging or trapping costs only its own answer.
@Suite(.serialized) struct PluginPathsTests {
    static let faults = [("hang", "timed-out"), ("trap", "crashed")]

    /// Two files of sections, old and new, in `dir`: a section and a row move.
    static func sections(in dir: URL) throws -> (old: String, new: String) {
        let old = try CLI.write(#"[{"id": "a", "rows": ["x", "y"]}, {"id": "b", "rows": ["z"]}]"#, to: "old.json", in: dir)
        let new = try CLI.write(#"[{"id": "b", "rows": ["z", "y"]}, {"id": "a", "rows": ["x"]}]"#, to: "new.json", in: dir)
        return (old, new)
    }

    @Test(.timeLimit(.minutes(10)), arguments: faults)
    func diffFormatBatchReportsTheFaultOfAPluginsWorker(behaviour: String, label: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try Self.sections(in: dir)
        let marker = UUID().uuidString
        for pair in [["--chars", "ABC", "CAB"], [files.old, files.new]] {
            let result = try PluginCallTests.run(
                ["diff", "--engine", "faulty-plugin", "--format", "batch", "--case-timeout", "2"] + pair, plugin: behaviour, marker: marker)
            #expect(result.status == 1, "\(pair): \(result.stderr)")
            #expect(result.stderr.contains("faulty-plugin (a plug-in, called in a worker): \(label)"), "\(pair): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(result.stdout)")
        }
        #expect(PluginCallTests.leftRunning(marker).isEmpty)
    }

    @Test(.timeLimit(.minutes(10)))
    func diffFormatBatchOfAPluginAnswersThroughItsWorker() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try Self.sections(in: dir)
        let marker = UUID().uuidString
        for pair in [["--chars", "ABCABBA", "CBABAC"], [files.old, files.new]] {
            let plugin = try PluginCallTests.run(["diff", "--engine", "faulty-plugin", "--format", "batch-json"] + pair, plugin: "answer", marker: marker)
            let myers = try PluginCallTests.run(["diff", "--engine", "myers", "--format", "batch-json"] + pair, plugin: "answer", marker: marker)
            #expect(plugin.status == 0 && myers.status == 0, "\(plugin.stderr)")
            // The plug-in answers as myers does: the batches survived the worker's channel intact.
            #expect(plugin.stdout.replacingOccurrences(of: "faulty-plugin", with: "myers") == myers.stdout, "\(plugin.stdout)")
        }
        #expect(PluginCallTests.leftRunning(marker).isEmpty)
    }

    @Test(
        .timeLimit(.minutes(10)), .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"),
        arguments: faults)
    func hunksKeepsTheOtherEnginesCellsWhenAPluginFails(behaviour: String, label: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let repository = try SlidersCLITests.repository(in: dir)
        let marker = UUID().uuidString
        let result = try PluginCallTests.run(
            ["hunks", "--from-git", repository, "--range", "HEAD~1..HEAD", "--engines", "myers,faulty-plugin", "--sliders", "none,indent",
             "--format", "json", "--quiet", "--case-timeout", "2"],
            plugin: behaviour, marker: marker)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("faulty-plugin: \(label) on code.swift"), "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        let cells = try #require(json["cells"] as? [[String: Any]])
        #expect(cells.count == 4)
        for cell in cells where cell["engine"] as? String == "myers" {
            // As in SlidersCLITests.hunksAgainstGit: the one file agrees with git once indent places its slider.
            #expect(cell["files"] as? Int == 1 && cell["failed"] is NSNull, "\(cell)")
            #expect(cell["agreeing"] as? Int == (cell["sliders"] as? String == "indent" ? 1 : 0), "\(cell)")
        }
        for cell in cells where cell["engine"] as? String == "faulty-plugin" {
            #expect(cell["failed"] as? String == label && cell["files"] as? Int == 0, "\(cell)")
        }
        #expect(PluginCallTests.leftRunning(marker).isEmpty)
    }

    /// 3,200 distinct characters: a pair (equal sides) on which the
    /// plug-in's stated cost, a full table over the whole lists, passes the
    /// 10⁷ cells from which `diff` calibrates it to predict its call.
    static let largePair: String = String(String.UnicodeScalarView((0..<3_200).compactMap { Unicode.Scalar(0x4E00 + $0) }))

    @Test(.timeLimit(.minutes(10)), arguments: faults)
    func theCalibrationBeforeAPluginsCallIsMadeInItsWorker(behaviour: String, label: String) throws {
        let marker = UUID().uuidString
        let one = try PluginCallTests.run(
            ["diff", "--engine", "faulty-plugin", "--chars", Self.largePair, Self.largePair, "--case-timeout", "2"], plugin: behaviour, marker: marker)
        #expect(one.status == 1, "\(one.stderr)")
        #expect(one.stderr.contains("faulty-plugin (a plug-in, called in a worker): \(label)") && one.stderr.contains("calibration"), "\(one.stderr)")
        #expect(one.stdout.isEmpty, "\(one.stdout)")
        let all = try PluginCallTests.run(
            ["diff", "--engines", "all", "--chars", Self.largePair, Self.largePair, "--case-timeout", "2"], plugin: behaviour, marker: marker)
        #expect(all.status == 1, "\(all.stderr)")
        let lines = all.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("faulty-plugin  \(label)") && $0.contains("calibration") }, "\(all.stdout)")
        for engine in CatalogEngines.all {
            #expect(lines.contains { $0.hasPrefix(engine + " ") && $0.contains("0 steps") }, "\(engine) missing: \(all.stdout)")
        }
        #expect(PluginCallTests.leftRunning(marker).isEmpty)
    }
}
