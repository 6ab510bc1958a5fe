import DiffBenchTestSupport
import Foundation
import Testing

/// `history chart` and `history page` on real stores (temporary SQLite files
/// filled through `history add` with runs made from the committed CI
/// baseline, as ``HistoryGateTests`` makes them): the planted step is marked,
/// store text is escaped, the page renders in Chromium, bad input exits 2.
@Suite struct HistoryViewsTests {
    /// A store of 14 runs in which heckel mixed@10000 takes 5 % more
    /// instructions from run 8 on, other rows drifting as a rebuild moves them.
    static func steppedStore(in folder: URL) throws -> String {
        try HistoryGateTests.store(in: folder, runs: 14) { run in
            { row, count in
                HistoryGateTests.isRow(row, "heckel", "mixed", 10_000) && run >= 8 ? Int(Double(count) * 1.05) : HistoryGateTests.drift(run)(row, count)
            }
        }
    }

    static func short(_ index: Int) -> String { String(HistoryGateTests.commit(index).prefix(7)) }

    @Test("history chart marks the planted step between its last good and first bad run, in the JSON and in the chart's script", .timeLimit(.minutes(10)))
    func chartMarksPlantedStep() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.steppedStore(in: folder)
        let charts = folder.appendingPathComponent("charts")
        let result = try CLI.run([
            "history", "chart", "--history", store, "--engine", "heckel", "--workload", "mixed", "--size", "10000", "--elements", "int",
            "--to", charts.path, "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let chart = try #require(listing.first)
        #expect(listing.count == 1)
        #expect(chart["measures"] as? [String] == ["median_ns", "instructions"])
        let changes = try #require(chart["changes"] as? [[String: Any]])
        let instructionSteps = changes.filter { ($0["series"] as? [String: Any])?["measure"] as? String == "instructions" }
        #expect(instructionSteps.count == 1, "\(changes)")
        let step = try #require(instructionSteps.first)
        #expect((step["last_good"] as? [String: Any])?["commit"] as? String == HistoryGateTests.commit(7))
        #expect((step["first_bad"] as? [String: Any])?["commit"] as? String == HistoryGateTests.commit(8))
        // The script draws the step between runs 7 and 8 in the instructions panel (the second), labelled with its size.
        let script = try String(contentsOf: charts.appendingPathComponent(try #require(chart["script"] as? String)), encoding: .utf8)
        let instructionsPanel = try #require(script.range(of: "# Panel 2: instructions"))
        let panel = script[instructionsPanel.upperBound...]
        #expect(panel.contains("set arrow 1 from 7.5, graph 0 to 7.5, graph 1"), "\(panel)")
        #expect(panel.contains("\"+5.0 %\" at 7.5"), "\(panel)")
        // Commits label x by short hash, in run order.
        #expect(script.contains("\"\(Self.short(0))\" 0") && script.contains("\"\(Self.short(13))\" 13"))
        if let png = chart["png"] as? String {
            let bytes = try Data(contentsOf: charts.appendingPathComponent(png))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        }
    }

    @Test("history page escapes a hostile engine and workload name and lists the step with its commits", .timeLimit(.minutes(10)))
    func pageEscapesHostileNames() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.steppedStore(in: folder)
        // A store is a file anyone can edit: names in it are untrusted text.
        let hostileEngine = "<img src=x onerror=\"document.title='pwned'\">", hostileWorkload = "mixed'\"><script>document.title='pwned'</script>"
        let sql = "UPDATE cases SET engine = '\(hostileEngine.replacingOccurrences(of: "'", with: "''"))', workload = '\(hostileWorkload.replacingOccurrences(of: "'", with: "''"))' WHERE engine = 'heckel' AND workload = 'mixed' AND size = 10000 AND elements = 'int';"
        let edited = try CLI.run(["sqlite3", store, sql], executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(edited.status == 0, "\(edited.stderr)")
        let page = folder.appendingPathComponent("history")
        let result = try CLI.run(["history", "page", "--history", store, "--size", "10000", "--elements", "int", "--to", page.path])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!html.contains("<img src=x") && !html.contains("<script>"), "store text reached the page unescaped")
        #expect(html.contains("&lt;img src=x onerror=&quot;document.title=&#39;pwned&#39;&quot;&gt;"))
        #expect(html.contains("mixed&#39;&quot;&gt;&lt;script&gt;"))
        // The step of the renamed case is listed with both commits.
        let table = try #require(html.range(of: "<table class=\"changes\">")).upperBound
        let end = try #require(html.range(of: "</table>", range: table..<html.endIndex)).lowerBound
        let changes = String(html[table..<end])
        #expect(changes.contains("&lt;img src=x"), "the step's case")
        #expect(changes.contains(">\(Self.short(7))</code>") && changes.contains(">\(Self.short(8))</code>"), "\(changes)")
    }

    @Test(
        "history page renders in Chromium with the step listed, linked to its chart and its run's folder", .timeLimit(.minutes(10)),
        .enabled(if: HeadlessChromium.path != nil, "chromium not found: the browser test is skipped (scripts/setup.sh installs the Debian package chromium)"))
    func pageRendersInChromium() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.steppedStore(in: folder)
        // Run 8's folder next to the page's folder, as run folders are in Reports/, and
        // the runs' sources forgotten, as in a store from before schema version 2: the
        // page finds the folder by the run's name (HistoryRunLinkTests: by the source).
        let runFolder = folder.appendingPathComponent("run-8")
        try FileManager.default.createDirectory(at: runFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("run-8.json"), to: runFolder.appendingPathComponent("results.json"))
        let forgotten = try CLI.run(["sqlite3", store, "UPDATE runs SET source = NULL"], executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(forgotten.status == 0, "\(forgotten.stderr)")
        let result = try CLI.run(["history", "page", "--history", store, "--workload", "mixed", "--size", "10000", "--measure", "instructions"])
        #expect(result.status == 0, "\(result.stderr)")
        // The default folder is history/ beside the store.
        let index = folder.appendingPathComponent("history/index.html")
        let dom = try HeadlessChromium.run(["--dump-dom"], url: index.absoluteString)
        #expect(HeadlessChromium.bodyAttribute("data-changes", in: dom) != nil)
        let rows = dom.components(separatedBy: "<tr class=\"").dropFirst()
        let step = try #require(rows.first { $0.contains("heckel · mixed@10000 · int") }, "\(dom.prefix(3000))")
        #expect(step.contains("instructions") && step.contains("+5.0 %"))
        #expect(step.contains("href=\"../run-8/results.json\""), "\(step)")
        #expect(step.contains(">\(Self.short(7))</code>") && step.contains(">\(Self.short(8))</code>"))
        let anchor = try #require(step.range(of: "href=\"#")).upperBound
        let chart = String(step[anchor...].prefix { $0 != "\"" })
        #expect(dom.contains("<figure id=\"\(chart)\">"), "the step links to its chart")
    }

    @Test("history chart and history page exit 2 naming the file for a store that is not one, a missing store, and --to onto the store", .timeLimit(.minutes(10)))
    func badInputExits2() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notStore = try CLI.write("engine,workload\nheckel,mixed\n", to: "results.csv", in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: notStore))
        for command in ["chart", "page"] {
            let refused = try CLI.run(["history", command, "--history", notStore, "--to", folder.appendingPathComponent("out").path])
            #expect(refused.status == 2 && refused.stderr.contains(notStore), "\(command): \(refused.stderr)")
            let missing = folder.appendingPathComponent("none.sqlite").path
            let absent = try CLI.run(["history", command, "--history", missing])
            #expect(absent.status == 2 && absent.stderr.contains(missing), "\(command): \(absent.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: notStore)) == before, "the file was changed")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        // --to naming the store itself (as a folder to write into) is refused before anything is written.
        let store = try HistoryGateTests.store(in: folder, runs: 2) { _ in { $1 } }
        let onto = try CLI.run(["history", "chart", "--history", store, "--to", store])
        #expect(onto.status == 2 && onto.stderr.contains(store), "\(onto.stderr)")
        let filtered = try CLI.run(["history", "page", "--history", store, "--engine", "no-such-engine"])
        #expect(filtered.status == 2 && filtered.stderr.contains(store), "\(filtered.stderr)")
    }
}
