import DiffBenchTestSupport
import Foundation
import RunResults
import Testing

@testable import RunReport


/// The report page in a real browser: every chart image loads, and the
/// answer to "which engine should I use?" is on the first screen (its
/// bottom edge above the window's height at 1280 × 800). The page reports
/// both about itself (an inline script sets attributes on <body>), which
/// `--dump-dom` shows. A screenshot of the first screen is kept in
/// Reports/report-browser-test/ (git-ignored) to look at.
@Suite("Report page in a browser", .serialized, .tags(.browser)) struct ReportBrowserTests {
    @Test(
        "every image loads and the advice is on the first screen",
        .enabled(if: HeadlessChromium.path != nil, "chromium not found: the browser test is skipped (scripts/setup.sh installs the Debian package chromium)"),
        .timeLimit(.minutes(10)))
    func firstScreen() throws {
        let gnuplot = try #require(Gnuplot.Location.search.resolve(), "gnuplot is not on PATH (make setup installs gnuplot-nox)")
        let scratch = ScratchDirectory(prefix: "report-browser")
        defer { withExtendedLifetime(scratch) {} }
        let folder = scratch.path
        let run = SyntheticRun(seed: 31)
        try ResultsStore.write(run.document, to: folder)
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .path(gnuplot))
        #expect(summary.failures.isEmpty)
        #expect(!summary.advice.isEmpty)
        let url = URL(fileURLWithPath: folder + "/index.html").absoluteString

        let dom = try HeadlessChromium.run(["--dump-dom"], url: url)
        let images = try #require(HeadlessChromium.bodyAttribute("data-image-count", in: dom), "the page's probe did not run")
        #expect(Int(images) == summary.charts.filter(\.drawn).count)
        #expect(HeadlessChromium.bodyAttribute("data-images-loaded", in: dom) == "yes")
        let bottom = try #require(HeadlessChromium.bodyAttribute("data-advice-bottom", in: dom).flatMap(Int.init))
        let height = try #require(HeadlessChromium.bodyAttribute("data-window-height", in: dom).flatMap(Int.init))
        #expect(bottom > 0 && bottom <= height, "the advice ends at \(bottom) px, below the first screen (\(height) px)")
        // Every shape's pick is in the rendered page.
        for advice in summary.advice { #expect(dom.contains(try #require(advice.pick).name)) }

        let shot = folder + "/first-screen.png"
        _ = try HeadlessChromium.run(["--screenshot=" + shot], url: url)
        #expect(FileManager.default.fileExists(atPath: shot), "no screenshot \(shot)")
    }

    @Test(
        "a broken image is reported as not loaded (the probe can say no)",
        .enabled(if: HeadlessChromium.path != nil, "chromium not found: the browser test is skipped (scripts/setup.sh installs the Debian package chromium)"),
        .timeLimit(.minutes(10)))
    func brokenImage() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("report-browser-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let run = SyntheticRun(seed: 32, sizes: [100])
        try ResultsStore.write(run.document, to: scratch)
        _ = try ReportBuilder.build(runDirectory: scratch, gnuplot: .none)
        // A page whose image file is missing: as the builder writes it, plus one <img> to nowhere.
        var html = try String(contentsOfFile: scratch + "/index.html", encoding: .utf8)
        html = html.replacingOccurrences(of: "<section id=\"advice\">", with: "<img src=\"charts/missing.png\" alt=\"x\"><section id=\"advice\">")
        try html.write(toFile: scratch + "/index.html", atomically: true, encoding: .utf8)
        let dom = try HeadlessChromium.run(["--dump-dom"], url: URL(fileURLWithPath: scratch + "/index.html").absoluteString)
        #expect(HeadlessChromium.bodyAttribute("data-images-loaded", in: dom) == "no")
    }
}
