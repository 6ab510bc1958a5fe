import Foundation

/// The comparison as Markdown (a CI job summary), plain text (a terminal) or
/// JSON (other tools). Every format leads with the one-line verdict and lists
/// rows most urgent first.
public enum ReportFormat: String, Sendable, CaseIterable {
    case md, text, json
}

extension ComparisonReport {
    public func render(_ format: ReportFormat) -> String {
        switch format {
        case .md: return markdown()
        case .text: return text()
        case .json: return json()
        }
    }

    /// Markdown: the verdict line, a table of every row that is not
    /// unchanged, the unchanged rows folded away, then how it was judged.
    public func markdown() -> String {
        var lines: [String] = []
        lines.append((failsCI ? "**❌ " : "**✅ ") + headline.replacingFirst(" — ", with: "** — "))
        lines.append("")
        for note in notes { lines.append("> " + note) }
        if !notes.isEmpty { lines.append("") }
        let header = [
            "| verdict | engine | workload | size | time vs | baseline | current | change | notes |",
            "|---|---|---|---|---|--:|--:|--:|---|",
        ]
        func line(_ row: RowComparison) -> String {
            let cells = [
                row.verdict.symbol + " " + row.verdict.rawValue, row.engine,
                row.workload + (row.parameters.isEmpty ? "" : " (\(row.parameters))"), String(row.size),
                row.metric?.label ?? "–", row.baselineText, row.currentText, row.changeText,
                row.findings.map(\.message).joined(separator: "; "),
            ]
            return "| " + cells.map { $0.replacingAll("|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        let notable = rows.filter { $0.verdict != .unchanged }
        let unchanged = rows.filter { $0.verdict == .unchanged }
        if !notable.isEmpty {
            lines += header
            lines += notable.map(line)
            lines.append("")
        }
        if !unchanged.isEmpty {
            lines.append("<details><summary>\(unchanged.count) unchanged</summary>")
            lines.append("")
            lines += header
            lines += unchanged.map(line)
            lines.append("")
            lines.append("</details>")
            lines.append("")
        }
        lines.append(
            "Baseline: " + baseline.markdownLabel + " · current: " + current.markdownLabel
                + (confirmation.map { " · confirmation: " + $0.markdownLabel } ?? ""))
        lines.append("")
        lines.append(method)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Plain text: the verdict line and one aligned line per row.
    public func text() -> String {
        var lines = [headline]
        lines += notes.map { "note: " + $0 }
        lines.append("baseline: \(baseline.textLabel)")
        lines.append("current:  \(current.textLabel)")
        if let confirmation { lines.append("confirm:  \(confirmation.textLabel)") }
        let table: [[String]] = [["verdict", "engine", "workload", "size", "time vs", "baseline", "current", "change", "notes"]]
            + rows.map { row in
                [row.verdict.rawValue, row.engine, row.workload + (row.parameters.isEmpty ? "" : "[\(row.parameters)]"), String(row.size),
                 row.metric?.label ?? "-", row.baselineText, row.currentText, row.changeText,
                 row.findings.map(\.message).joined(separator: "; ")]
            }
        var widths = [Int](repeating: 0, count: 8)
        for cells in table { for column in 0..<8 { widths[column] = max(widths[column], cells[column].count) } }
        for cells in table {
            let padded = (0..<8).map { cells[$0] + String(repeating: " ", count: widths[$0] - cells[$0].count) }
            lines.append((padded + [cells[8]]).joined(separator: "  ").trimmingTrailingSpaces())
        }
        lines.append(method)
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON: the report (schema `diffbench.compare`, version 1) with the
    /// overall result and headline.
    public func json() -> String {
        struct Envelope: Encodable {
            var report: ComparisonReport
            func encode(to encoder: Encoder) throws {
                try report.encode(to: encoder)
                var container = encoder.container(keyedBy: Extra.self)
                try container.encode(report.failsCI ? "fail" : "pass", forKey: .result)
                try container.encode(report.headline, forKey: .headline)
                try container.encode(report.method, forKey: .method)
            }
            enum Extra: String, CodingKey { case result, headline, method }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = (try? encoder.encode(Envelope(report: self))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// How the verdicts were reached, in one paragraph (every format ends with it).
    public var method: String {
        let t = thresholds
        return """
            Time is compared as the ratio of each engine's median to the median of `stdlib` on the same dataset in the same run, \
            so machine speed cancels out. A slowdown fails when that ratio grows by more than \(TimingCheck.number(t.timing * 100))% \
            and the two runs' ranges (median ± \(TimingCheck.number(t.noiseK))·MAD of the engine and of stdlib) do not overlap; \
            otherwise it only warns. `stdlib` itself is compared against `floor`, and raw nanoseconds when no reference was timed: \
            both only warn. Rows with fewer than \(t.minSamples) samples are not judged on time, and calls under \(TimingCheck.number(t.minimumGatedNanoseconds)) ns only warn. Peak heap and allocations are counted, not timed: an increase \
            over \(TimingCheck.number(t.memoryFraction * 100))% and \(t.memorySlackBytes) bytes (\(t.allocationSlack) allocations) fails. \
            The changeset's shape is exact: more steps fails, fewer is an improvement, other changes warn. A failed verification always fails. \
            The floor reference only ever warns.
            """
    }
}

extension Verdict {
    var symbol: String {
        switch self {
        case .failed: return "❌"
        case .regression: return "🔴"
        case .warning: return "⚠️"
        case .missing: return "➖"
        case .new: return "🆕"
        case .improvement: return "🟢"
        case .unchanged: return "·"
        }
    }
}

extension RowComparison {
    var baselineText: String { baseline.map { RowComparison.format($0, metric) } ?? "–" }
    var currentText: String { current.map { RowComparison.format($0, metric) } ?? "–" }
    var changeText: String { change.map(TimingCheck.percent) ?? "–" }

    static func format(_ value: Double, _ metric: TimingMetric?) -> String {
        if metric == .medianNs {
            switch value {
            case ..<1_000: return String(format: "%.0f ns", value)
            case ..<1_000_000: return String(format: "%.2f µs", value / 1_000)
            case ..<1_000_000_000: return String(format: "%.2f ms", value / 1_000_000)
            default: return String(format: "%.2f s", value / 1_000_000_000)
            }
        }
        return String(format: "%.4g", value)
    }
}

extension ComparedRun {
    var markdownLabel: String {
        "`\(path)` (\(runName), commit \(gitCommit), \(buildConfiguration), \(startTime))"
    }
    var textLabel: String {
        "\(path) (\(runName), commit \(gitCommit), \(buildConfiguration), \(startTime))"
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }

    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        components(separatedBy: target).joined(separator: replacement)
    }

    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
