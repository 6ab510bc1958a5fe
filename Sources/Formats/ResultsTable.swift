import Foundation

/// The text table `run` prints: median and ratio to stdlib per engine and dataset.
public enum ResultsTable {
    public static func render(_ rows: [ResultRow]) -> String {
        var lines = ["engine   workload     size     elements status    median         ratio/stdlib  steps  moves(min)"]
        for row in rows {
            let median = row.medianNs.map(Formatting.duration) ?? "-"
            let ratio = row.ratioToStdlib.map { String(format: "%.4g", $0) } ?? "-"
            let moves = row.moves.map { "\($0)" + (row.minMoves.map { "(\($0))" } ?? "") } ?? "-"
            lines.append(
                // The workload name comes from a dataset file: shown escaped, as every file-derived label.
                [pad(TerminalText.visible(row.engine), 8), pad(TerminalText.visible(row.workload), 12), pad(String(row.size), 8), pad(row.elementKind, 8),
                 pad(row.status.rawValue, 9),
                 pad(median, 14), pad(ratio, 13), pad(row.steps.map(String.init) ?? "-", 6), moves].joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
