import DiffBenchTestSupport
import Foundation
import RunResults
import Rendering
import Testing

@testable import RunReport

/// Drawing with the real gnuplot (`make test` installs gnuplot-nox): every
/// script renders without a word on stderr, from its own folder, and every
/// PNG decodes to the promised size and is a picture, not a blank.
@Suite("Rendering with gnuplot", .serialized, .tags(.process)) struct RenderTests {
    static func gnuplot() throws -> String {
        try #require(Gnuplot.Location.search.resolve(), "gnuplot is not on PATH (apt-get install gnuplot-nox; make test installs it)")
    }

    /// Runs `gnuplot NAME.gp` in the folder as a person would.
    static func runScript(_ name: String, in folder: String, gnuplot: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuplot)
        process.arguments = [name + ".gp"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    static func colour(_ hex: String) -> UInt32 { UInt32(hex.dropFirst(), radix: 16)! }

    @Test(
        "all charts of a run: drawn, re-renderable from their folder, decodable, not blank, engine colours present",
        .timeLimit(.minutes(10)))
    func renderEverything() throws {
        let gnuplot = try Self.gnuplot()
        let run = SyntheticRun(seed: 21)
        let folder = try SyntheticRun.write(run.document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .path(gnuplot))
        #expect(summary.failures.isEmpty, "\(summary.failures)")
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        // Per workload time, scaling and memory; quality, tradeoff and complexity for the run.
        #expect(summary.charts.count == 6 * 3 + 3)
        #expect(summary.charts.allSatisfy { $0.drawn })

        let charts = folder + "/charts"
        for chart in summary.charts {
            let png = charts + "/\(chart.name).png"
            // The shipped script redraws the same picture from the charts folder, silently.
            try FileManager.default.removeItem(atPath: png)
            let again = try Self.runScript(chart.name, in: charts, gnuplot: gnuplot)
            #expect(again.status == 0 && again.stderr.isEmpty, "\(chart.name).gp: \(again.stderr)")
            let image = try PNGFile.read(png)
            #expect(image.width == chart.width && image.height == chart.height, "\(chart.name)")
            let colours = image.colours
            var histogram: [UInt32: Int] = [:]
            for colour in colours { histogram[colour, default: 0] += 1 }
            #expect(histogram.count >= 20, "\(chart.name): only \(histogram.count) colours")
            let background = histogram[0xFFFFFF] ?? 0
            #expect(background < colours.count * 97 / 100, "\(chart.name) is nearly blank")
            #expect(background > colours.count / 2, "\(chart.name) has no white background")
            // Each engine the chart draws shows in its fixed colour.
            let engines = Set(try DataFile(path: charts + "/\(chart.name).dat").lines.map { $0[0] })
            for engine in engines {
                // The colour the run's results.json gives the engine.
                let hex = try #require(run.document.engines?.first { $0.name == engine }?.colour)
                #expect((histogram[Self.colour(hex)] ?? 0) >= 10, "\(chart.name): \(engine) colour \(hex) missing")
            }
        }
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        let markdown = try String(contentsOfFile: folder + "/index.md", encoding: .utf8)
        for chart in summary.charts {
            #expect(html.contains("src=\"\(chart.png)\""), "\(chart.name)")
            #expect(markdown.contains("](\(chart.png))"), "\(chart.name)")
        }
        try PageChecks.referencesExist(html: html, markdown: markdown, folder: folder)
    }

    @Test("awkward names render: enhanced-text characters, quotes and one engine only")
    func awkwardNames() throws {
        let gnuplot = try Self.gnuplot()
        var rows: [ResultRow] = []
        // Three sizes in the fit range: scaling and memory charts are drawn from three sizes on.
        for size in [1_000, 10_000, 100_000] {
            for engine in ["stdlib", "new_engine^2"] {
                var row = ResultRow(
                    engine: Subject(engine), workload: "my_list {v2} & \"more\"", size: size, sizeOld: size, sizeNew: size, seed: 3,
                    parameters: "a=1;b=x y")
                row.status = .ok
                row.samples = 3
                row.medianNs = Double(size * size)
                row.spreadNs = 0
                row.peakHeapBytes = size * 8
                row.ratioToStdlib = 1
                (row.deletes, row.inserts, row.moves, row.updates) = (1, 1, 0, 0)
                row.steps = 2
                row.minMoves = 0
                row.minEdits = 2
                row.verified = true
                rows.append(row)
            }
        }
        let document = RunDocument(
            environment: RunEnvironment(
                swiftVersion: "6", os: "x", cpu: "y", cores: 1, memoryBytes: 1, buildConfiguration: "debug", gitCommit: "z", seed: 3,
                startTime: "now", runName: "awkward"),
            plan: PlanSummary(
                engines: ["stdlib", "new_engine^2"], workloads: ["my_list {v2} & \"more\""], sizes: [1_000, 10_000, 100_000], extraCases: [], minSamples: 1, minTimeSeconds: 0,
                timeBudgetSeconds: 1, lcsMemoryBudgetBytes: 1),
            complete: false, rows: rows)
        let folder = try SyntheticRun.write(document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .path(gnuplot))
        #expect(summary.failures.isEmpty && summary.warnings.isEmpty, "\(summary.failures) \(summary.warnings)")
        #expect(summary.charts.map(\.name).sorted() == ["complexity", "memory-my-list-v2-more", "quality", "scaling-my-list-v2-more", "time-my-list-v2-more", "tradeoff"])
        #expect(summary.exponents.first { $0.engine == "stdlib" && $0.metric == .time }?.fit?.exponentText == "2.00")
        for chart in summary.charts {
            let image = try PNGFile.read(folder + "/" + chart.png)
            #expect(image.width == chart.width)
        }
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(html.contains("my_list {v2} &amp; &quot;more&quot;"))
        #expect(html.contains("interrupted"))
    }
}

extension RenderTests {
    /// Nine engines with long names, a long workload name and long skip
    /// reasons: every chart draws silently, shows every engine that has a
    /// result (its colour in the picture), and no text reaches the picture's
    /// edges (text cut off at an edge leaves coloured pixels in the outermost
    /// rows or columns; a picture whose text fits keeps them white).
    @Test("nine engines and long names: every engine drawn, nothing cut off at the edges", .timeLimit(.minutes(10)))
    func manyEnginesLongNames() throws {
        let gnuplot = try Self.gnuplot()
        let palette = ["#E69F00", "#0072B2", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#8C564B", "#9467BD", "#17BECF"]
        let engines = (0..<9).map { EngineInfo(name: "engine_number_\($0)_with_a_long_name", summary: "x", colour: palette[$0], symbol: [7, 5, 9, 11, 13, 15, 1, 2, 3][$0]) }
        let workload: WorkloadName = "a_very_long_workload_name_that_goes_on_and_on_for_a_while"
        var rows: [ResultRow] = []
        for size in [1_000, 10_000, 100_000] {
            for (index, engine) in engines.enumerated() {
                var row = ResultRow(engine: Subject(engine.name), workload: workload, size: size, sizeOld: size, sizeNew: size, seed: 1, parameters: "knob=some long value")
                row.minMoves = 0
                row.minEdits = 20
                if index == 8 && size == 100_000 {
                    row.refuse(
                        .overTimeBudget,
                        "predicted 275 s for one call, over the time budget of 5 s per engine and dataset; run with --time-budget to include it",
                        predictedSeconds: 275)
                    rows.append(row)
                    continue
                }
                row.status = .ok
                row.samples = 3
                row.medianNs = Double(size) * Double(index + 1) * 10
                row.spreadNs = row.medianNs! * 0.05
                row.ratioToStdlib = Double(index + 1) / 5
                // Two engines allocate nothing: named in the memory legend.
                row.peakHeapBytes = index < 2 ? 0 : size * (index + 1)
                (row.deletes, row.inserts, row.moves, row.updates) = (10, 10, index, 0)
                row.steps = 20 + index
                row.minMoves = 0
                row.minEdits = 20
                row.verified = true
                rows.append(row)
            }
        }
        // A second workload at one other size: the trade-off's title then names
        // "each at its largest size …", its longest form.
        rows += rows.filter { $0.size == 1_000 }.map { row in
            var row = row
            row.workload = "second"
            return row
        }
        let document = RunDocument(
            environment: RunEnvironment(
                swiftVersion: "6", os: "x", cpu: "y", cores: 1, memoryBytes: 1, buildConfiguration: "release", gitCommit: "z", seed: 1,
                startTime: "now", runName: "many"),
            plan: PlanSummary(
                engines: engines.map(\.subject), workloads: [workload, "second"], sizes: [1_000, 10_000, 100_000], extraCases: [], minSamples: 1,
                minTimeSeconds: 0, timeBudgetSeconds: 5, lcsMemoryBudgetBytes: 1),
            complete: true, engines: engines, rows: rows)
        let scratch = ScratchDirectory(prefix: "many-engines")
        defer { withExtendedLifetime(scratch) {} }
        let folder = scratch.path
        try ResultsStore.write(document, to: folder)
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .path(gnuplot))
        #expect(summary.failures.isEmpty && summary.warnings.isEmpty, "\(summary.failures) \(summary.warnings)")
        #expect(Set(summary.charts.map(\.kind)) == Set(ReportCharts.all.map { $0.kind }))
        #expect(summary.charts.first { $0.kind == TradeoffChart.kind }?.title.contains("each at its largest size") == true)
        for chart in summary.charts {
            let image = try PNGFile.read(folder + "/" + chart.png)
            let colours = image.colours
            var edge: [UInt32] = []
            for x in 0..<image.width { edge += [colours[x], colours[x + image.width], colours[(image.height - 1) * image.width + x]] }
            for y in 0..<image.height {
                edge += [colours[y * image.width], colours[y * image.width + image.width - 1], colours[y * image.width + image.width - 2]]
            }
            #expect(edge.allSatisfy { $0 == 0xFFFFFF }, "\(chart.name): something reaches the picture's edge")
            let script = try String(contentsOfFile: folder + "/" + chart.script, encoding: .utf8)
            var histogram: [UInt32: Int] = [:]
            for colour in colours { histogram[colour, default: 0] += 1 }
            for engine in engines where chart.kind != MemoryChart.kind || !engine.name.contains("_0_") && !engine.name.contains("_1_") {
                #expect((histogram[Self.colour(engine.colour)] ?? 0) >= 10, "\(chart.name): \(engine.name) not drawn")
            }
            if chart.kind == MemoryChart.kind {
                #expect(script.contains("\"0 B (no heap use):\"") && script.contains("\"  engine\\\\_number\\\\_0\\\\_with\\\\_a\\\\_long\\\\_name,\""))
            }
        }
    }
}

extension RasterImage {
    /// Each pixel as 0xRRGGBB (alpha dropped), for colour histograms.
    var colours: [UInt32] {
        stride(from: 0, to: pixels.count, by: 4).map {
            UInt32(pixels[$0]) << 16 | UInt32(pixels[$0 + 1]) << 8 | UInt32(pixels[$0 + 2])
        }
    }
}
