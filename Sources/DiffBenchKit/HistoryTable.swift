import Foundation
import FileSupport
import RunResults
import HistoryStore

/// The tables of `history list` and `history show`, as aligned text and as
/// CSV (a header row, RFC 4180 quoting). Text from the store is shown
/// through ``TerminalText/visible(_:)``: a run name is the user's text.
enum HistoryTable {
    static let runColumns = [
        "run_id", "commit", "branch", "start_time", "rows", "complete", "results_version", "machine", "plan", "catalog", "swift_version",
        "build_configuration", "added_at", "source",
    ]

    static func fields(_ run: StoredRun) -> [String] {
        [
            run.runID, run.commit, run.branch, run.startTime, String(run.rows), run.complete ? "true" : "false", String(run.resultsVersion),
            run.machine, run.plan, run.catalog, run.swiftVersion, run.buildConfiguration, run.addedAt, run.source ?? "",
        ]
    }

    static func csv(_ runs: [StoredRun]) -> String { csv(header: runColumns, runs.map(fields)) }

    /// Runs as aligned columns: run id, commit, branch, rows (marked when incomplete), machine.
    static func text(_ runs: [StoredRun]) -> String {
        aligned(
            header: ["run", "commit", "branch", "rows", "machine"],
            runs.map { [$0.runID, $0.commit, $0.branch.isEmpty ? "-" : $0.branch, String($0.rows) + ($0.complete ? "" : " (incomplete)"), $0.machine] })
    }

    static let pointColumns = [
        "machine", "plan", "engine", "workload", "parameters", "elements", "size", "measure", "commit", "date", "run_id", "branch", "value",
        "noise", "status", "reason_code",
    ]

    static func csv(_ series: [(SeriesKey, [SeriesPoint])]) -> String {
        csv(
            header: pointColumns,
            series.flatMap { key, points in
                points.map { point in
                    [
                        key.machine, key.plan, key.engine, key.workload.rawValue, key.parameters, key.elements.rawValue, String(key.size), key.measure.rawValue,
                        point.commit, point.date, point.runID, point.branch, number(point.value), point.noise.map(number) ?? "",
                        point.status.rawValue, point.reasonCode ?? "",
                    ]
                }
            })
    }

    /// One block per series: a title line (the case, measure, machine and
    /// plan), then commit, date, value and noise per run.
    static func text(_ series: [(SeriesKey, [SeriesPoint])]) -> String {
        series.map { key, points in
            let title = "\(key.description) — \(key.machine); \(key.plan)"
            let table = aligned(
                header: ["commit", "date", "value", "noise", "status", "run"],
                points.map { point in
                    [
                        point.commit, point.date, value(point.value, key.measure), point.noise.map { "±" + value($0, key.measure) } ?? "",
                        point.status.rawValue, point.runID,
                    ]
                })
            return TerminalText.visible(title) + "\n" + table
        }.joined(separator: "\n")
    }

    /// A value as the tables show it: a duration for the median, grouped digits for counts.
    static func value(_ value: Double, _ measure: HistoryMeasure) -> String {
        measure == .medianNs ? Formatting.duration(value) : Formatting.grouped(Int(value.rounded()))
    }

    /// A number in CSV: whole numbers without a fraction, others in full.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static func csv(header: [String], _ rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(ResultRow.csvEscape).joined(separator: ",") + "\n" }.joined()
    }

    /// Left-aligned columns two spaces apart, every field made visible (control characters escaped). O(cells).
    static func aligned(header: [String], _ rows: [[String]]) -> String {
        let visible = ([header] + rows).map { $0.map(TerminalText.visible) }
        var widths = [Int](repeating: 0, count: header.count)
        for row in visible { for (index, field) in row.enumerated() { widths[index] = max(widths[index], field.count) } }
        return visible.map { row in
            row.enumerated().map { index, field in
                index == row.count - 1 ? field : field + String(repeating: " ", count: widths[index] - field.count)
            }.joined(separator: "  ")
        }.map { $0 + "\n" }.joined()
    }
}
