import Foundation
import FileSupport
import RunResults

/// Why a report could not be made.
package typealias ReportError = FileError

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
package enum ReportBuilder {
    /// Draws the charts and writes the page of a run folder.
    ///
    /// `knownEngines` presents engines the run's file does not describe
    /// (files written before `results.json` recorded its engines).
    package static func build(
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
        let run = ChartRun(
            allSeries: allSeries, ownChartSeries: allSeries.filter { perPair || !pairSeries.contains($0) }, runName: runName)
        var drafts = ReportCharts.all.flatMap { $0.drafts(for: run) }
        let fits = drafts.flatMap(\.fits)

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
            advice: EngineAdvice.advise(allSeries, datasets: document.datasets ?? []),
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
    package static let perPairChartLimit = 12

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
