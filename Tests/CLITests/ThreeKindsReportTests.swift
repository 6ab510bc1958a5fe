import Foundation
import Rendering
import Testing

/// A run over every workload timed as three element kinds (issue 29): the
/// run-wide charts hold thirty workloads, so they draw one panel per kind,
/// and gnuplot must draw them without a warning ("Terminal canvas area too
/// small" was the symptom of a squeezed chart). One tiny size and one
/// repetition: the test is about the drawing, not the times, and a second
/// size only adds the scaling charts (the run and its charts took 30 s of
/// CPU with two sizes and two repetitions, 19 s so).
@Suite(.serialized) struct ThreeKindsReportTests {
    static let kinds = ["int", "uuid", "record"]

    @Test(
        "A run as int, uuid and record draws tradeoff and quality, one panel per kind, without a gnuplot warning",
        .enabled(if: GnuplotProcess.executable() != nil, "gnuplot not found: the chart test is skipped (scripts/setup.sh installs gnuplot-nox)"),
        .timeLimit(.minutes(10)))
    func threeKindsDrawWithoutWarnings() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run([
            "run", "--elements", Self.kinds.joined(separator: ","), "--sizes", "12", "--repetitions", "1", "--min-time", "0",
            "--no-memory", "--quiet", "--output", dir.path + "/Reports", "--name", "kinds",
            "--datasets-dir", dir.path + "/datasets",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        // run says in one line how to make the page.
        #expect(run.stdout.contains("index.html with: ") && run.stdout.contains(" chart "), "\(run.stdout.suffix(400))")
        // The results table: every row's columns start where the header's do, whatever the names' lengths.
        let table = run.stdout.split(separator: "\n").map(String.init).drop { !$0.hasPrefix("engine ") }
        let header = try #require(table.first)
        let statusColumn = try #require(header.range(of: "status")).lowerBound.utf16Offset(in: header)
        let rows = table.dropFirst().prefix { !$0.hasPrefix("results: ") && !$0.hasPrefix("history: ") }
        #expect(rows.count > 100)
        for row in rows {
            let status = row.dropFirst(statusColumn).prefix { $0 != " " }
            #expect(["ok", "reference", "skipped"].contains(String(status)), "\(row)")
        }
        let folder = dir.path + "/Reports/kinds"
        let chart = try CLI.run(["chart", folder, "--format", "json"])
        #expect(chart.status == 0, "\(chart.stderr)")
        // A gnuplot warning reaches stderr as "gnuplot warned on NAME.gp" and the summary's warnings.
        #expect(!chart.stderr.contains("gnuplot warned"), "\(chart.stderr)")
        let summary = try #require(JSONSerialization.jsonObject(with: Data(chart.stdout.utf8)) as? [String: Any])
        let warnings = try #require(summary["warnings"] as? [[String: Any]])
        #expect(warnings.isEmpty, "\(warnings)")
        // The page's engines table comes from the run document's engines record.
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json"))) as? [String: Any])
        let engines = try #require(document["engines"] as? [[String: Any]])
        #expect(html.contains("<h2 id=\"engines\">Engines</h2>"))
        for engine in engines {
            let summary = try #require(engine["summary"] as? String)
            #expect(html.contains("<td>\(HTMLText.escape(summary))</td>"), "\(summary)")
        }
        let charts = try #require(summary["charts"] as? [[String: Any]])
        for name in ["tradeoff", "quality"] {
            let entry = try #require(charts.first { $0["name"] as? String == name }, "\(name) missing")
            #expect(entry["drawn"] as? Bool == true, "\(name) not drawn")
            let script = try String(contentsOfFile: folder + "/charts/\(name).gp", encoding: .utf8)
            // tradeoff: one panel per kind; quality: two per kind (moves, edit script) where ids are unique somewhere.
            let panels = name == "tradeoff" ? Self.kinds.count : 2 * Self.kinds.count
            #expect(script.contains("set multiplot layout \(panels),1"), "\(name).gp")
            for kind in ["integer ids", "uuid elements", "record elements"] {
                #expect(script.contains("set title '\(kind)") || script.contains("set title \"\(kind)"), "\(name).gp names \(kind)")
            }
        }
    }
}
