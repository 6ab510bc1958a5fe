import Foundation
import Rendering
import Testing

/// A run over every workload timed as three element kinds (issue 29): the
/// run-wide charts hold thirty workloads, so they draw one panel per kind,
/// and gnuplot must draw them without a warning ("Terminal canvas area too
/// small" was the symptom of a squeezed chart). Tiny sizes and two
/// repetitions: the test is about the drawing, not the times.
@Suite(.serialized) struct ThreeKindsReportTests {
    static let kinds = ["int", "uuid", "record"]

    @Test(
        "A run as int, uuid and record draws tradeoff and quality, one panel per kind, without a gnuplot warning",
        .enabled(if: GnuplotProcess.executable() != nil, "gnuplot not found: the chart test is skipped (scripts/setup.sh installs gnuplot-nox)"),
        .timeLimit(.minutes(3)))
    func threeKindsDrawWithoutWarnings() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run([
            "run", "--elements", Self.kinds.joined(separator: ","), "--sizes", "12,24", "--repetitions", "2", "--min-time", "0",
            "--no-memory", "--quiet", "--output", dir.path + "/Reports", "--name", "kinds",
            "--datasets-dir", dir.path + "/datasets",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        // run says in one line how to make the page.
        #expect(run.stdout.contains("index.html with: ") && run.stdout.contains(" chart "), "\(run.stdout.suffix(400))")
        let folder = dir.path + "/Reports/kinds"
        let chart = try CLI.run(["chart", folder, "--format", "json"])
        #expect(chart.status == 0, "\(chart.stderr)")
        // A gnuplot warning reaches stderr as "gnuplot warned on NAME.gp" and the summary's warnings.
        #expect(!chart.stderr.contains("gnuplot warned"), "\(chart.stderr)")
        let summary = try #require(JSONSerialization.jsonObject(with: Data(chart.stdout.utf8)) as? [String: Any])
        let warnings = try #require(summary["warnings"] as? [[String: Any]])
        #expect(warnings.isEmpty, "\(warnings)")
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
