import Foundation
import FileSupport
import RunResults

/// What `ReportBuilder.build` made.
package struct ReportSummary: Hashable, Sendable, Codable {
    /// A chart that gnuplot could not draw, or drew with warnings.
    package struct Problem: Hashable, Sendable, Codable {
        /// The chart's file name without extension.
        package var chart: String
        package var message: String
    }

    package var runDirectory: String
    package var runName: String
    /// Every chart, drawn or not, in page order.
    package var charts: [ChartFile]
    /// Fitted exponents per engine × workload (time and memory).
    package var exponents: [ExponentFit]
    package var verdicts: [WorkloadVerdict]
    /// "Which engine should I use?", one per data shape the run measured.
    package var advice: [EngineAdvice]
    /// Paths relative to the run folder.
    package var pages: [String]
    /// The gnuplot used, nil when none was found.
    package var gnuplot: String?
    /// Charts gnuplot failed to draw (no PNG).
    package var failures: [Problem]
    /// Charts drawn, but gnuplot printed warnings.
    package var warnings: [Problem]
    /// Titles of the extra sections linked from the page.
    package var sections: [String]
    /// The run did not complete, rows failed: first on the brief screen (``ReportPage/problems``).
    package var problems: [String]
    /// The one answer over the user's pairs, when the run had two or more.
    package var pairsAnswer: PairsAnswer? = nil

    package var gnuplotMissing: Bool { gnuplot == nil }

    /// A few lines for a terminal or a closing note: the page, each chart
    /// file with what it shows, and the time exponents.
    package var text: String {
        var lines = ["report: \(RunFolder(runDirectory).path(of: .htmlPage)) (and \(RunFolder.Entry.markdownPage.rawValue))"]
        let drawn = charts.filter(\.drawn).count
        lines.append("charts: \(drawn) of \(charts.count) drawn in \(RunFolder(runDirectory).charts)")
        for chart in charts {
            lines.append("  \(chart.name).png\(chart.drawn ? "" : " (not drawn)") — \(TerminalText.visible(chart.title)). \(TerminalText.visible(chart.finding))")
        }
        return lines.joined(separator: "\n")
    }

    /// The closing screen of `make bench`: "Which engine should I use?"
    /// per data shape, wrapped to 80 columns, then where the page is and
    /// what was not drawn. The full listing is ``text``. O(advice text).
    package var brief: String {
        var lines: [String] = []
        if let answer = pairsAnswer {
            lines.append(TerminalText.visible(answer.headline))
            if let advice = answer.advice { lines += TerminalText.wrap(TerminalText.visible(advice.plainText), columns: 78).map { "  " + $0 } }
            lines += TerminalText.wrap(TerminalText.visible(answer.winsLine), columns: 78).map { "  " + $0 }
            lines.append("  (each pair's answer: Your lists on the page)")
            lines.append("")
        }
        lines.append("Which engine should I use?")
        // Problems and advice name workloads and element kinds from the results file: escaped, as the answer above.
        for problem in problems { lines += TerminalText.wrap(TerminalText.visible(problem), columns: 78).map { "  " + $0 } }
        if advice.isEmpty { lines.append("  No engine was verified in this run; see the results table.") }
        for item in advice {
            lines.append("")
            lines.append("  " + TerminalText.visible(item.heading))
            lines += TerminalText.wrap(TerminalText.visible(item.plainText), columns: 74).map { "    " + $0 }
        }
        lines.append("")
        let drawn = charts.filter(\.drawn).count
        lines.append("report: \(runDirectory)/index.html (\(drawn) of \(charts.count) charts drawn)")
        if gnuplotMissing { lines.append("charts: not drawn, gnuplot was not found") }
        if !failures.isEmpty { lines.append("charts: gnuplot failed on " + failures.map(\.chart).joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }
}
