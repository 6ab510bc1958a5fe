import Foundation
import FileSupport
import RunResults

/// Everything the report page shows, gathered once and rendered twice
/// (`index.md`, `index.html`) so the two pages cannot disagree.
struct ReportPage {
    var document: RunDocument
    /// The run's colours and engine order.
    var palette: EnginePalette
    var charts: [ChartFile]
    var fits: [ExponentFit]
    var verdicts: [WorkloadVerdict]
    /// "Which engine should I use?", first on the page.
    var advice: [EngineAdvice]
    /// The user's own pairs, before everything else (``YourLists``).
    var yourLists: [YourLists] = []
    var sections: [ReportSection]
    /// Why charts are missing, when they are (gnuplot absent or failing).
    var chartProblem: String?
    /// The one answer over the user's pairs, when there are two or more (``PairsAnswer``).
    var pairsAnswer: PairsAnswer? = nil
    /// Why per-pair charts were left out (a run over many pairs), or nil.
    var chartsLeftOut: String? = nil

    static let extraBegin = "diffbench:extra-sections:begin"
    static let extraEnd = "diffbench:extra-sections:end"

    /// Chart groups in page order (``ReportCharts/all``): the one-picture summaries first.
    static var groups: [(kind: ChartFile.Kind, heading: String)] { ReportCharts.all.map { ($0.kind, $0.heading) } }

    var title: String { "DiffBench run \(document.environment.runName)" }

    /// Label/value pairs of the environment and plan.
    var environmentRows: [(String, String)] {
        let environment = document.environment, plan = document.plan
        var rows: [(String, String)] = [
            ("run", environment.runName),
            ("started", environment.startTime),
            ("git commit", environment.gitCommit),
            ("build", environment.buildConfiguration + (environment.buildConfiguration == "release" ? "" : " (times are not meaningful)")),
            ("Swift", environment.swiftVersion),
            ("system", environment.os),
            ("CPU", "\(environment.cpu), \(environment.cores) cores"),
            ("memory", Formatting.bytes(environment.memoryBytes)),
            ("seed", String(environment.seed)),
            ("engines", plan.engines.map(\.name).joined(separator: ", ")),
            ("workloads", plan.workloads.map(\.rawValue).joined(separator: ", ")),
            ("sizes", plan.sizes.map(Formatting.grouped).joined(separator: ", ")),
            ("samples", "at least \(plan.minSamples) rounds (one sample of every engine each) lasting \(plan.minTimeSeconds) s per dataset; \(plan.timeBudgetSeconds > 0 ? "time budget \(plan.timeBudgetSeconds) s per engine and dataset" : "no time budget (--time-budget 0)")"),
            ("lcs memory budget", Formatting.bytes(plan.lcsMemoryBudgetBytes)),
        ]
        if !plan.extraCases.isEmpty { rows.append(("dataset files", plan.extraCases.joined(separator: ", "))) }
        if let before = environment.loadAverageBefore, let after = environment.loadAverageAfter {
            rows.append(("load average", "\(Self.loadText(before)) at the start, \(Self.loadText(after)) at the end (1, 5, 15 min)"))
        }
        if !document.complete { rows.append(("complete", "no — the run was interrupted; rows are missing")) }
        return rows
    }

    /// The results table: header and one line of cells per row.
    var resultColumns: [String] {
        ["engine", "workload", "parameters", "n", "status", "median", "± MAD", "vs stdlib", "peak heap", "allocs",
         "ins", "del", "moves", "upd", "steps", "fewest moves", "n+m−2·LCS", "note"]
    }

    /// Index of the note column in ``resultColumns``/``resultCells``.
    static let noteColumn = 17

    /// One line of cells per row. Ratios read "62,000× faster"; the note is
    /// at most a few words (``shortNote(_:)``), the full reason is in
    /// ``notes`` (a tooltip on the page, a footnote in Markdown). O(rows).
    var resultCells: [[String]] {
        document.rows.map { row in
            func count(_ value: Int?) -> String { value.map(Formatting.grouped) ?? "" }
            return [
                row.engine.name, row.workload.rawValue, row.parameters, Formatting.grouped(row.size), row.status.rawValue,
                row.medianNs.map(Formatting.duration) ?? "", row.spreadNs.map(Formatting.duration) ?? "",
                row.ratioToStdlib.map(RatioText.against) ?? "", row.peakHeapBytes.map(Formatting.bytes) ?? "",
                count(row.allocations), count(row.inserts), count(row.deletes), count(row.moves), count(row.updates),
                count(row.steps), count(row.minMoves), count(row.minEdits), Self.shortNote(row.reason),
            ]
        }
    }

    /// The full reason of each row, in row order ("" when there is none).
    var notes: [String] { document.rows.map(\.reason) }

    /// A reason cut to its first clause and at most 40 characters (the full
    /// text stays in the tooltip or footnote). O(length).
    static func shortNote(_ reason: String) -> String {
        var text = reason
        for separator in [":", ";", " (", ". "] {
            if let range = text.range(of: separator), text.distance(from: text.startIndex, to: range.lowerBound) >= 8 {
                text = String(text[..<range.lowerBound])
            }
        }
        if text.count > 40 { text = String(text.prefix(39)) + "…" }
        return text
    }

    /// The engines of the run as the run document records them (results.json
    /// `engines`): name, what it is, and what limits it. nil when the file
    /// predates that record. Engines in palette order. O(engines).
    var engineTable: (header: [String], rows: [[String]])? {
        guard let engines = document.engines, !engines.isEmpty else { return nil }
        let rows = palette.sorted(engines.map(\.subject)).compactMap { name -> [String]? in
            guard let info = engines.first(where: { $0.subject == name }) else { return nil }
            let role = info.isReference ? "reference (not an engine to pick)" : (info.requiresUniqueIDs ? "needs unique ids" : "any list")
            let moves = info.isReference ? "–" : (info.infersMoves ? "paired from deletes and inserts" : "found by the algorithm")
            return [info.name, info.summary, role, moves]
        }
        return (["engine", "what it is", "lists", "moves"], rows)
    }

    /// Exponent tables: engines down, workloads across.
    func exponentTable(_ metric: ExponentFit.Metric) -> (header: [String], rows: [[String]])? {
        let mine = fits.filter { $0.metric == metric }
        guard mine.contains(where: { $0.fit != nil }) else { return nil }
        var workloads: [String] = []
        for fit in mine where !workloads.contains(fit.workload) { workloads.append(fit.workload) }
        let rows = palette.sorted(mine.map(\.engine)).map { engine in
            [engine.name] + workloads.map { workload in
                mine.first { $0.engine == engine && $0.workload == workload }?.fit?.exponentText ?? "–"
            }
        }
        return (["engine"] + workloads, rows)
    }

    func verdictCells(_ verdict: WorkloadVerdict) -> [String] {
        var fastest = "none verified"
        if let engine = verdict.fastest, let median = verdict.fastestMedianNs {
            fastest = "\(engine) (\(Formatting.duration(median))"
            if let ratio = verdict.fastestRatioToStdlib, abs(ratio - 1) > 0.005 { fastest += ", \(RatioText.against(ratio)) than stdlib" }
            fastest += ")"
            if !verdict.fastestTies.isEmpty { fastest += "; tied within noise: " + verdict.fastestTies.map(\.name).joined(separator: ", ") }
        }
        var fewest = "–"
        if let steps = verdict.steps {
            fewest = verdict.fewestSteps.map(\.name).joined(separator: ", ") + " (\(Formatting.grouped(steps))"
            switch verdict.stepsMinimal {
            case true?: fewest += ", minimal)"
            case false?: fewest += ", above the minimum)"
            case nil: fewest += "; no proven minimum)"
            }
        }
        // The engine and its status only; the reasons are in the results table.
        let absent = verdict.absent.map { entry in
            entry.range(of: " — ").map { String(entry[..<$0.lowerBound]) } ?? entry
        }
        return [verdict.workload, Formatting.grouped(verdict.size), fastest, fewest, absent.joined(separator: ", ")]
    }

    static let verdictColumns = ["workload", "largest n", "fastest", "fewest steps", "not compared"]

    /// One line under the title: when, which build, how many rows.
    var runLine: String {
        let environment = document.environment
        var text = "\(environment.startTime), \(environment.buildConfiguration) build, \(document.rows.count) rows"
        if !document.complete { text += " (interrupted: rows are missing)" }
        return text
    }

    /// What the reader must know before the advice: the run did not
    /// complete, rows failed (each never recommended for its kind of
    /// list). Shown on the first screen of the page and on the brief
    /// screen. Empty for a complete run without failures. O(rows).
    var problems: [String] {
        var lines: [String] = []
        if !document.complete {
            lines.append("This run did not complete: rows of its plan are missing, and the advice covers only what ran.")
        }
        let failed = document.rows.filter { $0.status.isFailure }
        if !failed.isEmpty {
            let named = failed.prefix(6).map { row in
                "\(row.engine) \(row.status == .failed ? "failed" : row.status.rawValue) on \(row.workload)@\(Formatting.grouped(row.size)) (\(row.elements))"
            }
            let more = failed.count > named.count ? " and \(failed.count - named.count) more" : ""
            lines.append(
                "\(Formatting.grouped(failed.count)) row\(failed.count == 1 ? "" : "s") failed (never recommended for that kind of list): "
                    + named.joined(separator: ", ") + more + "; the reasons are in the results table.")
        }
        if let busy = busyWarning { lines.append(busy) }
        if let offText = Self.predictionsOffText(document.rows) { lines.append(offText) }
        return lines
    }

    /// A prediction at least this many times off the measured median (either way) is shown.
    static let predictionOffRatio = 10.0
    /// Below this many seconds on both sides, a prediction is not judged (fixed costs dominate).
    static let predictionFloorSeconds = 0.01

    /// The timed rows whose median is ``predictionOffRatio`` times their
    /// `predicted_seconds` or more, or that fraction or less, where either is at least
    /// ``predictionFloorSeconds``: the cost model was wrong there. O(rows).
    static func predictionsOff(_ rows: [ResultRow]) -> [ResultRow] {
        rows.filter { row in
            guard row.status == .ok, let predicted = row.predictedSeconds, predicted > 0, let median = row.medianNs, median > 0
            else { return false }
            let measured = median / 1e9
            guard max(predicted, measured) >= predictionFloorSeconds else { return false }
            return max(predicted / measured, measured / predicted) >= predictionOffRatio
        }
    }

    /// "5,381 s" from 100 s up, otherwise as ``Formatting/duration(_:)`` writes it. O(1).
    static func secondsText(_ seconds: Double) -> String {
        seconds >= 100 && seconds < 1e15 ? Formatting.grouped(Int(seconds.rounded())) + " s" : Formatting.duration(seconds * 1e9)
    }

    /// "Predictions more than 10× off: histogram on text@1,000,000 predicted 5,381 s, took 2.9 s; …", or nil.
    static func predictionsOffText(_ rows: [ResultRow]) -> String? {
        let off = predictionsOff(rows)
        guard !off.isEmpty else { return nil }
        let named = off.prefix(6).map { row in
            "\(row.engine) on \(row.workload)@\(Formatting.grouped(row.size)) predicted "
                + "\(secondsText(row.predictedSeconds!)), took \(secondsText(row.medianNs! / 1e9))"
        }
        let more = off.count > named.count ? " and \(off.count - named.count) more" : ""
        return "Predictions more than \(Int(predictionOffRatio))× off (the cost model that decides what to skip was wrong there): "
            + named.joined(separator: "; ") + more + "."
    }

    /// The warning of a run made on a busy machine (``RunEnvironment/machineWasBusy``), or nil.
    var busyWarning: String? {
        let environment = document.environment
        guard environment.machineWasBusy else { return nil }
        let before = environment.loadAverageBefore?.first.map { String(format: "%.1f", $0) } ?? "unknown"
        let after = environment.loadAverageAfter?.first.map { String(format: "%.1f", $0) } ?? "unknown"
        return "The machine was busy: a 1-minute load average of \(before) at the start and \(after) at the end, on "
            + "\(environment.cores) cores. Times are slower and noisier than on an idle machine, so more pairs are ties; "
            + "rerun when it is idle before trusting a close call."
    }

    static func loadText(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: ", ") }

    /// "180 verified, 24 skipped, 6 reference".
    var statusCounts: String {
        var parts: [String] = []
        let words: [(ResultRow.Status, String)] = [
            (.ok, "verified"), (.failed, "failed"), (.crashed, "crashed"), (.timedOut, "timed out"), (.outOfMemory, "out of memory"),
            (.skipped, "skipped"), (.reference, "reference"),
        ]
        for (status, word) in words {
            let count = document.rows.filter { $0.status == status }.count
            if count > 0 { parts.append("\(Formatting.grouped(count)) \(word)") }
        }
        return parts.joined(separator: ", ")
    }

    static let adviceRule = """
        How this is decided: at each workload's largest size with a verified engine, the pick is the fastest \
        (geometric mean of time over the fastest) among the engines with the fewest steps (deletes + inserts + moves + \
        updates) within \(Int(EngineAdvice.stepsTolerance * 100)) % of the minimum. Two engines are a tie when the 95 % \
        bootstrap interval of the ratio of their times reaches within \(Int(EngineAdvice.tieTolerance * 100)) % of 1 \
        (in files without sample quantiles: median ± MAD ranges that overlap, or medians within \(Int(EngineAdvice.tieTolerance * 100)) %). \
        Avoid: engines skipped or failing at a size the run measured, or with \(Int(EngineAdvice.avoidRatio))× the pick's \
        time, peak heap, or the fewest steps, or more.
        """

    static let exponentNote = "k by least squares on log time (or bytes) against log n, over the sizes in \(ExponentFit.rangeText) (– = fewer than two sizes there; the targets use the same fit). 1 is linear, 2 quadratic."

    static let noFitNote = "No engine was measured at two sizes or more in \(ExponentFit.rangeText), so there is nothing to fit."

    static let redrawNote =
        "Every chart's data (.dat) and gnuplot script (.gp) sit beside its PNG in charts/: run `gnuplot NAME.gp` in that folder to redraw or restyle one, or `diffbench chart RUN_DIR` to redraw everything from results.json."
}
