import Foundation
import FileSupport
import RunResults

/// Why a report could not be made.
public typealias ReportError = FileError

/// What `ReportBuilder.build` made.
public struct ReportSummary: Hashable, Sendable, Codable {
    /// A chart that gnuplot could not draw, or drew with warnings.
    public struct Problem: Hashable, Sendable, Codable {
        /// The chart's file name without extension.
        public var chart: String
        public var message: String
    }

    public var runDirectory: String
    public var runName: String
    /// Every chart, drawn or not, in page order.
    public var charts: [ChartFile]
    /// Fitted exponents per engine × workload (time and memory).
    public var exponents: [ExponentFit]
    public var verdicts: [WorkloadVerdict]
    /// "Which engine should I use?", one per data shape the run measured.
    public var advice: [EngineAdvice]
    /// Paths relative to the run folder.
    public var pages: [String]
    /// The gnuplot used, nil when none was found.
    public var gnuplot: String?
    /// Charts gnuplot failed to draw (no PNG).
    public var failures: [Problem]
    /// Charts drawn, but gnuplot printed warnings.
    public var warnings: [Problem]
    /// Titles of the extra sections linked from the page.
    public var sections: [String]
    /// The run did not complete, rows failed: first on the brief screen (``ReportPage/problems``).
    public var problems: [String]
    /// The one answer over the user's pairs, when the run had two or more.
    public var pairsAnswer: PairsAnswer? = nil

    public var gnuplotMissing: Bool { gnuplot == nil }

    /// A few lines for a terminal or a closing note: the page, each chart
    /// file with what it shows, and the time exponents.
    public var text: String {
        var lines = ["report: \(RunFolder(runDirectory).path(of: .htmlPage)) (and \(RunFolder.Entry.markdownPage.rawValue))"]
        let drawn = charts.filter(\.drawn).count
        lines.append("charts: \(drawn) of \(charts.count) drawn in \(RunFolder(runDirectory).charts)")
        for chart in charts {
            lines.append("  \(chart.name).png\(chart.drawn ? "" : " (not drawn)") — \(chart.title). \(chart.finding)")
        }
        return lines.joined(separator: "\n")
    }

    /// The closing screen of `make bench`: "Which engine should I use?"
    /// per data shape, wrapped to 80 columns, then where the page is and
    /// what was not drawn. The full listing is ``text``. O(advice text).
    public var brief: String {
        var lines: [String] = []
        if let answer = pairsAnswer {
            lines.append(TerminalText.visible(answer.headline))
            if let advice = answer.advice { lines += TerminalText.wrap(TerminalText.visible(advice.plainText), columns: 78).map { "  " + $0 } }
            lines += TerminalText.wrap(TerminalText.visible(answer.winsLine), columns: 78).map { "  " + $0 }
            lines.append("  (each pair's answer: Your lists on the page)")
            lines.append("")
        }
        lines.append("Which engine should I use?")
        for problem in problems { lines += TerminalText.wrap(problem, columns: 78).map { "  " + $0 } }
        if advice.isEmpty { lines.append("  No engine was verified in this run; see the results table.") }
        for item in advice {
            lines.append("")
            lines.append("  " + item.heading)
            lines += TerminalText.wrap(item.plainText, columns: 74).map { "    " + $0 }
        }
        lines.append("")
        let drawn = charts.filter(\.drawn).count
        lines.append("report: \(runDirectory)/index.html (\(drawn) of \(charts.count) charts drawn)")
        if gnuplotMissing { lines.append("charts: not drawn, gnuplot was not found") }
        if !failures.isEmpty { lines.append("charts: gnuplot failed on " + failures.map(\.chart).joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }
}

/// Draws a run's charts and writes its report page, from `results.json`
/// alone: charts can be made on another machine than the run, and redrawn
/// after a restyle without rerunning anything.
///
/// Writes into the run folder: `charts/NAME.{dat,gp,png}` per chart,
/// `index.md` and `index.html`. Files are written whole (temporary file,
/// then rename). Files in `charts/` with those extensions that the current
/// results do not produce are removed, so the folder matches the page.
///
/// Cost: linear in rows for the data; drawing runs one gnuplot process per
/// chart, as many at a time as there are cores (about 0.1 s each).
public enum ReportBuilder {
    /// Draws the charts and writes the page of a run folder.
    ///
    /// `knownEngines` presents engines the run's file does not describe
    /// (files written before `results.json` recorded its engines).
    public static func build(
        runDirectory: String, extraSections: [ReportSection] = [], gnuplot: Gnuplot.Location = .search,
        knownEngines: [EngineInfo] = []
    ) throws(ReportError) -> ReportSummary {
        let folder = try runFolder(runDirectory)
        // A named file is the one drawn (not the results.json beside it).
        let document = try ResultsStore.read(runDirectory)
        return try build(
            folder: folder, document: document, palette: EnginePalette(document, known: knownEngines),
            extraSections: extraSections, gnuplot: gnuplot)
    }

    static func build(
        folder: String, document: RunDocument, palette: EnginePalette, extraSections: [ReportSection],
        gnuplot: Gnuplot.Location
    ) throws(ReportError) -> ReportSummary {
        let runName = document.environment.runName
        let allSeries = RunSeries.group(document, palette: palette)

        var drafts: [ChartDraft] = []
        var fits: [ExponentFit] = []
        if let tradeoff = TradeoffChart.draft(allSeries, runName: runName) { drafts.append(tradeoff) }
        if let quality = QualityChart.draft(allSeries, runName: runName) { drafts.append(quality) }
        // A run over many of the user's pairs draws no chart per pair: the
        // complexity chart (and the quality and tradeoff charts) draw every pair in one.
        let pairSeries = allSeries.filter { series in (document.datasets ?? []).contains { !$0.generated && series.rows.contains(where: $0.describes) } }
        let perPair = pairSeries.count <= perPairChartLimit
        var chartsLeftOut: String?
        if !perPair {
            chartsLeftOut = "The \(Formatting.grouped(pairSeries.count)) series of your pairs get no time chart each (more than "
                + "\(perPairChartLimit)): the time against complexity chart draws every pair's rows in one, and the quality "
                + "and tradeoff charts place each pair as a point; every figure is in the results table."
        }
        for series in allSeries where perPair || !pairSeries.contains(series) {
            if let time = TimeChart.draft(series, runName: runName) { drafts.append(time) }
        }
        for metric in [ExponentFit.Metric.time, .memory] {
            for series in allSeries {
                if let result = ScalingChart.draft(series, metric: metric, runName: runName) {
                    drafts.append(result.draft)
                    fits += result.fits
                }
            }
        }
        drafts += ComplexityChart.drafts(allSeries, runName: runName)

        let chartsFolder = RunFolder(folder).charts
        do {
            try FileManager.default.createDirectory(atPath: chartsFolder, withIntermediateDirectories: true)
        } catch {
            throw ReportError(path: chartsFolder, problem: "cannot create the folder: \(error.localizedDescription)")
        }
        let names = Set(drafts.map(\.file.name))
        removeStale(in: chartsFolder, keeping: names)
        for draft in drafts {
            try write(draft.data, to: chartsFolder + "/\(draft.file.name).dat")
            try write(draft.script, to: chartsFolder + "/\(draft.file.name).gp")
        }

        let executable = gnuplot.resolve()
        var failures: [ReportSummary.Problem] = []
        var warnings: [ReportSummary.Problem] = []
        var chartProblem: String?
        if let executable {
            let outcomes = Gnuplot.render(names: drafts.map(\.file.name), in: chartsFolder, executable: executable)
            for index in drafts.indices {
                let name = drafts[index].file.name
                guard let outcome = outcomes[name] else { continue }
                let message = outcome.messages.trimmingCharacters(in: .whitespacesAndNewlines)
                if outcome.status == 0 {
                    drafts[index].file.drawn = true
                    if !message.isEmpty { warnings.append(.init(chart: name, message: message)) }
                } else {
                    failures.append(.init(chart: name, message: message))
                }
            }
            if !failures.isEmpty {
                chartProblem = "gnuplot (\(executable)) failed on " + failures.map { "\($0.chart).gp" }.joined(separator: ", ") + "."
            }
        } else {
            for draft in drafts { unlink(chartsFolder + "/\(draft.file.name).png") }
            chartProblem = "gnuplot was not found. To draw them, " + Gnuplot.installHint + "."
        }

        let sections = (extraSections + ReportSection.discovered(in: folder)).map { $0.existing(in: folder) }
        let yourLists = YourLists.blocks(document, palette: palette)
        let page = ReportPage(
            document: document, palette: palette, charts: drafts.map(\.file), fits: fits,
            verdicts: allSeries.map(WorkloadVerdict.init),
            advice: EngineAdvice.advise(allSeries, datasets: document.datasets ?? []) { $0.elements },
            yourLists: yourLists, sections: sections, chartProblem: chartProblem,
            pairsAnswer: PairsAnswer.answer(yourLists, document: document, palette: palette), chartsLeftOut: chartsLeftOut)
        try write(page.markdown, to: RunFolder(folder).path(of: .markdownPage))
        try write(page.html, to: RunFolder(folder).path(of: .htmlPage))

        return ReportSummary(
            runDirectory: folder, runName: runName, charts: page.charts, exponents: fits, verdicts: page.verdicts,
            advice: page.advice,
            pages: RunFolder.pages.map(\.rawValue), gnuplot: executable, failures: failures, warnings: warnings,
            sections: sections.map(\.title), problems: page.problems, pairsAnswer: page.pairsAnswer)
    }

    /// The most series of the user's pairs that get a time chart each; a
    /// run over more (a `--range` of many files) draws them together, so
    /// the page keeps to a few dozen charts.
    public static let perPairChartLimit = 12

    /// The run folder: the path itself, or the folder of a results.json path.
    static func runFolder(_ path: String) throws(ReportError) -> String {
        guard let folder = RunFolder.named(path) else { throw ReportError(path: path, problem: "no such run folder") }
        return folder.path
    }

    static func write(_ text: String, to path: String) throws(ReportError) {
        do {
            try ResultsStore.writeAtomically(text, to: path)
        } catch {
            throw ReportError(path: path, problem: "\(error)")
        }
    }

    /// Removes chart files (and temporary files of an interrupted drawing)
    /// that the current set of charts does not include.
    static func removeStale(in folder: String, keeping names: Set<String>) {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for file in files {
            if file.hasPrefix("."), file.contains(".tmp-") {
                unlink(folder + "/" + file)
                continue
            }
            let url = URL(fileURLWithPath: file)
            guard ["png", "dat", "gp"].contains(url.pathExtension) else { continue }
            if !names.contains(url.deletingPathExtension().lastPathComponent) { unlink(folder + "/" + file) }
        }
    }
}
