import Foundation
import Formats

/// Everything the report page shows, gathered once and rendered twice
/// (`index.md`, `index.html`) so the two pages cannot disagree.
struct ReportPage {
    var document: RunDocument
    var charts: [ChartFile]
    var fits: [ExponentFit]
    var verdicts: [WorkloadVerdict]
    var sections: [ReportSection]
    /// Why charts are missing, when they are (gnuplot absent or failing).
    var chartProblem: String?

    static let extraBegin = "diffbench:extra-sections:begin"
    static let extraEnd = "diffbench:extra-sections:end"

    /// Chart groups in page order: the one-picture summaries first.
    static let groups: [(kind: ChartFile.Kind, heading: String)] = [
        (.tradeoff, "Speed against quality"),
        (.quality, "Steps against the fewest possible"),
        (.time, "Time per workload"),
        (.scaling, "How time grows with the list"),
        (.memory, "How memory grows with the list"),
    ]

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
            ("engines", plan.engines.joined(separator: ", ")),
            ("workloads", plan.workloads.joined(separator: ", ")),
            ("sizes", plan.sizes.map(Formatting.grouped).joined(separator: ", ")),
            ("samples", "at least \(plan.minSamples) rounds (one sample of every engine each) lasting \(plan.minTimeSeconds) s per dataset; time budget \(plan.timeBudgetSeconds) s per engine and dataset"),
            ("lcs memory budget", Formatting.bytes(plan.lcsMemoryBudgetBytes)),
        ]
        if !plan.extraCases.isEmpty { rows.append(("dataset files", plan.extraCases.joined(separator: ", "))) }
        if !document.complete { rows.append(("complete", "no — the run was interrupted; rows are missing")) }
        return rows
    }

    /// The results table: header and one line of cells per row.
    var resultColumns: [String] {
        ["engine", "workload", "parameters", "n", "status", "median", "± MAD", "× stdlib", "peak heap", "allocs",
         "ins", "del", "moves", "upd", "steps", "fewest moves", "n+m−2·LCS", "note"]
    }

    var resultCells: [[String]] {
        document.rows.map { row in
            func count(_ value: Int?) -> String { value.map(Formatting.grouped) ?? "" }
            return [
                row.engine, row.workload, row.parameters, Formatting.grouped(row.size), row.status.rawValue,
                row.medianNs.map(Formatting.duration) ?? "", row.spreadNs.map(Formatting.duration) ?? "",
                row.ratioToStdlib.map(Formatting.ratio) ?? "", row.peakHeapBytes.map(Formatting.bytes) ?? "",
                count(row.allocations), count(row.inserts), count(row.deletes), count(row.moves), count(row.updates),
                count(row.steps), count(row.minMoves), count(row.minEdits), row.reason,
            ]
        }
    }

    /// Exponent tables: engines down, workloads across.
    func exponentTable(_ metric: ExponentFit.Metric) -> (header: [String], rows: [[String]])? {
        let mine = fits.filter { $0.metric == metric }
        guard mine.contains(where: { $0.fit != nil }) else { return nil }
        var workloads: [String] = []
        for fit in mine where !workloads.contains(fit.workload) { workloads.append(fit.workload) }
        let rows = EnginePalette.sorted(mine.map(\.engine)).map { engine in
            [engine] + workloads.map { workload in
                mine.first { $0.engine == engine && $0.workload == workload }?.fit?.exponentText ?? "–"
            }
        }
        return (["engine"] + workloads, rows)
    }

    func verdictCells(_ verdict: WorkloadVerdict) -> [String] {
        var fastest = "none verified"
        if let engine = verdict.fastest, let median = verdict.fastestMedianNs {
            fastest = "\(engine) (\(Formatting.duration(median))"
            if let ratio = verdict.fastestRatioToStdlib, engine != "stdlib" { fastest += ", \(Formatting.ratio(ratio))× stdlib" }
            fastest += ")"
        }
        var fewest = "–"
        if let steps = verdict.steps {
            fewest = verdict.fewestSteps.joined(separator: ", ") + " (\(Formatting.grouped(steps))"
            switch verdict.stepsMinimal {
            case true?: fewest += ", minimal)"
            case false?: fewest += ", above the minimum)"
            case nil: fewest += "; no proven minimum)"
            }
        }
        return [verdict.workload, Formatting.grouped(verdict.size), fastest, fewest, verdict.absent.joined(separator: "; ")]
    }

    static let verdictColumns = ["workload", "largest n", "fastest", "fewest steps", "not compared"]

    static let redrawNote =
        "Every chart's data (.dat) and gnuplot script (.gp) sit beside its PNG in charts/: run `gnuplot NAME.gp` in that folder to redraw or restyle one, or `diffbench chart RUN_DIR` to redraw everything from results.json."
}
