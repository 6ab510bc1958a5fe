import DiffBenchTestSupport
import Foundation
import Testing

/// `history page` links each step's runs to where they were added from,
/// which the store keeps (schema version 2), even when the runs are nowhere
/// near the page.
@Suite struct HistoryRunLinkTests {
    @Test("history page links a step's runs to their files in another folder, by relative links that resolve", .timeLimit(.minutes(10)))
    func pageLinksRunsKeptElsewhere() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try HistoryViewsTests.steppedStore(in: folder)
        let page = folder.appendingPathComponent("site/deep")
        let result = try CLI.run([
            "history", "page", "--history", store, "--engine", "heckel", "--workload", "mixed", "--size", "10000", "--elements", "int",
            "--to", page.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
        // The step lies between runs 7 and 8, written as run-7.json and run-8.json beside the store, two folders above the page.
        for run in ["run-7", "run-8"] {
            let link = "<a class=\"run\" href=\"../../\(run).json\">\(run)</a>"
            #expect(html.contains(link), "no \(link) in the page")
            #expect(FileManager.default.fileExists(atPath: page.appendingPathComponent("../../\(run).json").standardized.path))
        }
        // Moved away, a run is no longer linked: its name stays as text.
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("run-7.json"), to: folder.appendingPathComponent("moved.json"))
        let again = try CLI.run([
            "history", "page", "--history", store, "--engine", "heckel", "--workload", "mixed", "--size", "10000", "--elements", "int",
            "--to", page.path,
        ])
        #expect(again.status == 0, "\(again.stderr)")
        let after = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!after.contains("href=\"../../run-7.json\""))
        #expect(after.contains("<span class=\"run\">run-7</span>"))
        #expect(after.contains("href=\"../../run-8.json\""))
    }

    @Test("history list --format json gives each run's source, relative to the store's folder", .timeLimit(.minutes(10)))
    func listShowsTheSource() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try HistoryGateTests.writeRun(1, in: folder)
        let store = folder.appendingPathComponent("stores/h.sqlite").path
        let added = try CLI.run(["history", "add", run, "--history", store, "--branch", "main"])
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try CLI.run(["history", "list", "--history", store, "--format", "json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(runs.first?["source"] as? String == "../run-1.json", "\(runs)")
    }
}
