import Compare
import Foundation
import FileSupport
import HistoryAnalysis
import HistoryStore

extension HistoryGateReport.Measure {
    /// `instructions 1050000 above its band 980000…1020000 (median of 10 runs 1000000, +5.00 %)`. O(1).
    var message: String {
        let value = HistoryChange.number(judgement.value)
        guard let band = judgement.band else { return "\(measure.rawValue) \(value): not judged (too little history)" }
        let place = judgement.value > band.upper ? "above" : judgement.value < band.lower ? "below" : "inside"
        let change = judgement.relativeChange.map { String(format: ", %+.2f %%", $0 * 100) } ?? ""
        return "\(measure.rawValue) \(value) \(measure.unit) \(place) its band \(HistoryChange.number(band.lower))…\(HistoryChange.number(band.upper))"
            + " (median of \(band.count) runs \(HistoryChange.number(band.centre))\(change))"
    }

    /// The verdict as the reports spell it.
    var verdict: String {
        judgement.verdict == .regression && !gates ? "slower" : judgement.verdict.rawValue
    }
}

extension HistoryGateReport {
    /// The rows of each outcome worth a line (all but pass and not judged), worst first.
    private var notable: [(Outcome, [Row])] {
        [Outcome.failed, .regression, .slower, .referenceMoved, .improvement].compactMap { outcome -> (Outcome, [Row])? in
            let matching = rows.filter { $0.outcome == outcome }
            return matching.isEmpty ? nil : (outcome, matching)
        }
    }

    /// The measures of `row` that gave its outcome (a failed row: its status).
    private func reasons(_ row: Row) -> [String] {
        if row.status.isFailure { return ["status \(row.status.rawValue)"] }
        return row.measures.filter { ![.pass, .notJudged].contains($0.judgement.verdict) }.map(\.message)
    }

    private var source: String {
        "the last \(window) runs of this machine and plan on branch \(branch.isEmpty ? "(unknown)" : branch) in \(store) (\(Verdict.plural(earlierRuns, "earlier run")))"
    }

    func render(_ format: ReportFormat) -> String {
        switch format {
        case .text: return text()
        case .md: return markdown()
        case .json: return json()
        }
    }

    /// The headline, the source, then one line per notable measure. Names pass through ``TerminalText``. O(rows).
    func text() -> String {
        var lines = [headline, "history:  " + TerminalText.visible(source), "current:  " + TerminalText.visible(run)]
        for (outcome, rows) in notable {
            let tag = outcome == .failed || outcome == .regression ? "FAILED" : outcome == .slower ? "WARNING" : outcome == .referenceMoved ? "REFERENCE" : "IMPROVED"
            for row in rows {
                for reason in reasons(row) { lines.append("\(tag) \(TerminalText.visible(row.label)): \(TerminalText.visible(reason))") }
            }
        }
        for name in missing { lines.append("\(allowMissing ? "MISSING" : "FAILED") \(TerminalText.visible(name)): in the latest earlier run, not in this one") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `compare --format md`'s shape: the bold verdict line, the source, one table per notable outcome. Escaped with ``MarkdownText``. O(rows).
    func markdown() -> String {
        let verdict = failsCI ? "FAIL" : "PASS"
        var lines = [(failsCI ? "**❌ " : "**✅ ") + verdict + "** — " + MarkdownText.escape(String(headline.dropFirst(verdict.count + 3))), ""]
        lines.append("> judged against " + MarkdownText.escape(source))
        lines.append("")
        for (outcome, rows) in notable {
            lines.append("### \(outcome.phrase.prefix(1).uppercased() + outcome.phrase.dropFirst()) (\(Verdict.plural(rows.count, "row")))")
            lines.append("")
            lines.append("| Row | Finding |")
            lines.append("|---|---|")
            for row in rows { lines.append("| \(MarkdownText.escape(row.label)) | \(MarkdownText.escape(reasons(row).joined(separator: "; "))) |") }
            lines.append("")
        }
        if !missing.isEmpty {
            lines.append("### Missing (\(Verdict.plural(missing.count, "row")), \(allowMissing ? "allowed" : "failing"))")
            lines.append("")
            for name in missing { lines.append("- " + MarkdownText.escape(name)) }
            lines.append("")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The result, headline and every row with its measures, bands and verdicts. O(rows).
    func json() -> String {
        struct Band: Encodable {
            var centre, lower, upper: Double
            var runs: Int
        }
        struct MeasureJSON: Encodable {
            var measure: String, value: Double, verdict: String, gates: Bool
            var band: Band?
        }
        struct RowJSON: Encodable {
            var row: String, status: String, outcome: String, reference: Bool
            var measures: [MeasureJSON]
        }
        struct Report: Encodable {
            var result, headline, run, store, branch: String
            var window: Int
            var earlierRuns: Int
            var rows: [RowJSON]
            var missing: [String]
            enum CodingKeys: String, CodingKey {
                case result, headline, run, store, branch, window, rows, missing
                case earlierRuns = "earlier_runs"
            }
        }
        let report = Report(
            result: failsCI ? "fail" : "pass", headline: headline, run: run, store: store, branch: branch, window: window, earlierRuns: earlierRuns,
            rows: rows.map { row in
                RowJSON(
                    row: row.label, status: row.status.rawValue, outcome: row.outcome.rawValue, reference: row.isReference,
                    measures: row.measures.map { measure in
                        MeasureJSON(
                            measure: measure.measure.rawValue, value: measure.judgement.value, verdict: measure.verdict, gates: measure.gates,
                            band: measure.judgement.band.map { Band(centre: $0.centre, lower: $0.lower, upper: $0.upper, runs: $0.count) })
                    })
            }, missing: missing)
        return ((try? HistoryJSON.text(report)) ?? "{}") + "\n"
    }
}
