import FileSupport
import Foundation

/// The text table `run` prints: median and ratio to stdlib per engine and dataset.
public enum ResultsTable {
    public static func render(_ rows: [ResultRow]) -> String {
        // The name columns are as wide as their longest entry (engines, workloads and element
        // kinds come from the registry and from files, so no fixed width fits them all). O(rows).
        let engineWidth = max(8, rows.map { TerminalText.visible($0.engine.name).count }.max() ?? 0)
        let workloadWidth = max(12, rows.map { TerminalText.visible($0.workload.rawValue).count }.max() ?? 0)
        let elementsWidth = max(8, rows.map { TerminalText.visible($0.elements.rawValue).count }.max() ?? 0)
        var lines = [
            [pad("engine", engineWidth), pad("workload", workloadWidth), pad("size", 8), pad("elements", elementsWidth), pad("status", 9),
             pad("median", 14), pad("ratio/stdlib", 13), pad("steps", 6), "moves(min)"].joined(separator: " ")
        ]
        for row in rows {
            let median = row.medianNs.map(Formatting.duration) ?? "-"
            let ratio = row.ratioToStdlib.map { String(format: "%.4g", $0) } ?? "-"
            let moves = row.moves.map { "\($0)" + (row.minMoves.map { "(\($0))" } ?? "") } ?? "-"
            lines.append(
                // The workload name comes from a dataset file, and every name from a results file:
                // shown escaped, as every file-derived label.
                [pad(TerminalText.visible(row.engine.name), engineWidth), pad(TerminalText.visible(row.workload.rawValue), workloadWidth), pad(String(row.size), 8),
                 pad(TerminalText.visible(row.elements.rawValue), elementsWidth),
                 pad(row.status.rawValue, 9),
                 pad(median, 14), pad(ratio, 13), pad(row.steps.map(String.init) ?? "-", 6), moves].joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
