import Foundation
import FileSupport
import HistoryStore

extension HistoryChange {
    /// A value in the series' unit, as tables show it (integers for counts).
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.1f", value)
    }

    var signedSize: String { String(format: "%+.2f %%", sizePercent) }

    /// Plain text: one line per step under a heading per machine and plan,
    /// then a count. Names from the store pass through ``TerminalText``. O(steps).
    static func text(_ changes: [HistoryChange], series: Int) -> String {
        var out = ""
        var group: (String, String)?
        for change in changes {
            if group == nil || group! != (change.series.machine, change.series.plan) {
                group = (change.series.machine, change.series.plan)
                out += "\(out.isEmpty ? "" : "\n")machine \(TerminalText.visible(change.series.machine)), plan \(TerminalText.visible(change.series.plan))\n"
            }
            let measure = change.series.measure
            out += "  \(TerminalText.visible(change.series.description)): \(change.direction) \(change.signedSize)"
            out += " (\(number(change.medianBefore)) → \(number(change.medianAfter)) \(measure.unit))"
            out += ", last good \(TerminalText.visible(change.lastGood.shortCommit)) (\(TerminalText.visible(change.lastGood.runID)))"
            out += " → first bad \(TerminalText.visible(change.firstBad.shortCommit)) (\(TerminalText.visible(change.firstBad.runID)))"
            out += String(format: ", confidence %.3f\n", change.confidence)
        }
        out += "\(changes.count) step\(changes.count == 1 ? "" : "s") in \(series) series\n"
        return out
    }

    /// Markdown for a pull-request comment: a heading, a count and one table
    /// row per step. Every name from the store is escaped (``MarkdownText``). O(steps).
    static func markdown(_ changes: [HistoryChange], series: Int) -> String {
        var out = "### Change points in the benchmark history\n\n"
        let regressions = changes.filter { $0.direction == "regression" }.count
        out += "\(changes.count) step\(changes.count == 1 ? "" : "s") in \(series) series"
        out += changes.isEmpty ? ".\n" : " (\(regressions) regression\(regressions == 1 ? "" : "s"), \(changes.count - regressions) improvement\(changes.count - regressions == 1 ? "" : "s")).\n"
        guard !changes.isEmpty else { return out }
        out += "\n| Series | Machine | Last good → first bad | Before | After | Size | Confidence |\n"
        out += "|---|---|---|---:|---:|---:|---:|\n"
        for change in changes {
            let range = "\(change.lastGood.shortCommit) (\(change.lastGood.runID)) → \(change.firstBad.shortCommit) (\(change.firstBad.runID))"
            let cells = [
                change.series.description, change.series.machine, range, number(change.medianBefore), number(change.medianAfter),
                (change.direction == "regression" ? "🔺 " : "🔻 ") + change.signedSize, String(format: "%.3f", change.confidence),
            ]
            out += "| " + cells.map(MarkdownText.escape).joined(separator: " | ") + " |\n"
        }
        return out
    }
}
