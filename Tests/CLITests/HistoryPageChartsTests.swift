import DiffBenchTestSupport
import Foundation
import Testing

/// `history page --charts`: which cases get a chart, and that the others
/// keep their place on the page.
@Suite struct HistoryPageChartsTests {
    @Test("--charts steps draws only the case with a step and keeps the others' figures; --charts all and auto (a small page) draw every case", .timeLimit(.minutes(10)))
    func chartsOptionPicksTheCases() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try HistoryViewsTests.steppedStore(in: folder)
        // heckel and two other engines on mixed@10000 int: the step is heckel's alone.
        var pages: [String: (html: String, charts: Set<String>)] = [:]
        for mode in ["steps", "all", "auto"] {
            let page = folder.appendingPathComponent("page-" + mode)
            let result = try CLI.run([
                "history", "page", "--history", store, "--workload", "mixed", "--size", "10000", "--elements", "int", "--measure", "instructions",
                "--charts", mode, "--to", page.path,
            ])
            #expect(result.status == 0, "\(mode): \(result.stderr)")
            let html = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: page.appendingPathComponent("charts").path)) ?? []
            pages[mode] = (html, Set(files.filter { $0.hasSuffix(".gp") }.map { String($0.dropLast(3)) }))
        }
        let steps = try #require(pages["steps"]), all = try #require(pages["all"]), auto = try #require(pages["auto"])
        let figures = all.html.components(separatedBy: "<figure id=\"").count - 1
        #expect(figures >= 3, "\(all.html)")
        #expect(all.charts.count == figures, "every case of --charts all has its chart: \(all.charts)")
        #expect(auto.charts == all.charts, "a page of 14 runs is drawn whole under auto")
        #expect(steps.charts.count == 1 && steps.charts.first?.contains("heckel") == true, "\(steps.charts)")
        #expect(steps.html.components(separatedBy: "<figure id=\"").count - 1 == figures, "every case keeps its figure")
        #expect(steps.html.components(separatedBy: "No step: not drawn").count - 1 == figures - 1)
        #expect(!all.html.contains("No step: not drawn"))
    }

    @Test("--charts steps with no step draws nothing and still writes the page into a folder it makes", .timeLimit(.minutes(10)))
    func aPageWithNoChartStillMakesItsFolder() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try HistoryViewsTests.steppedStore(in: folder)
        // stdlib on mixed@10000 has no step in the stepped store: no chart at all.
        let page = folder.appendingPathComponent("new/page")
        let result = try CLI.run([
            "history", "page", "--history", store, "--engine", "stdlib", "--workload", "mixed", "--size", "10000", "--elements", "int",
            "--measure", "instructions", "--charts", "steps", "--to", page.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("No step: not drawn"), "\(html.prefix(400))")
        let drawn = (try? FileManager.default.contentsOfDirectory(atPath: page.appendingPathComponent("charts").path)) ?? []
        #expect(drawn.filter { $0.hasSuffix(".gp") }.isEmpty, "\(drawn)")
    }
}
