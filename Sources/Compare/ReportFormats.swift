import Foundation
import RunResults

/// The comparison as Markdown (a CI job summary), plain text (a terminal) or
/// JSON (other tools). Every format leads with the one-line verdict and lists
/// rows most urgent first.
package enum ReportFormat: String, Sendable, CaseIterable {
    case md, text, json
}

extension ComparisonReport {
    package func render(_ format: ReportFormat) -> String {
        switch format {
        case .md: return markdown()
        case .text: return text()
        case .json: return json()
        }
    }

    /// Markdown, read top-down in ten seconds: the verdict line; the failing
    /// rows, one line per failing figure (the metric, both values, its
    /// change); warnings, missing and new rows and improvements in short
    /// lists; what to do if the change was intended; then every row in a
    /// folded table, where wall-time changes are labelled noise; then how it
    /// was judged. O(R) for R rows.
    package func markdown() -> String {
        var lines: [String] = []
        lines.append((failsCI ? "**❌ " : "**✅ ") + headline.replacingFirst(" — ", with: "** — "))
        lines.append("")
        for note in notes { lines.append("> " + note) }
        if !notes.isEmpty { lines.append("") }
        func cell(_ text: String) -> String { text.replacingAll("|", with: "\\|") }
        let failing = rows.filter(fails)
        if !failing.isEmpty {
            lines.append("### Failing (\(Verdict.plural(failing.count, "row")))")
            lines.append("")
            lines.append("| row | failed on | baseline | current | change |")
            lines.append("|---|---|--:|--:|--:|")
            for row in failing {
                for finding in row.failingFindings(self) {
                    lines.append("| " + [
                        cell(row.label), cell(finding.metric ?? finding.message), finding.baselineText, finding.currentText,
                        finding.changeText,
                    ].joined(separator: " | ") + " |")
                }
            }
            lines.append("")
        }
        func section(_ title: String, _ selected: [RowComparison]) {
            guard !selected.isEmpty else { return }
            lines.append("**\(title)**")
            lines.append("")
            for row in selected {
                lines.append("- \(row.verdict.symbol) `\(row.label)`: " + row.findings.map(\.message).joined(separator: "; "))
            }
            lines.append("")
        }
        section("Warnings (do not fail)", rows.filter { $0.verdict == .warning })
        if allowMissing { section("Missing (allowed with --allow-missing)", rows.filter { $0.verdict == .missing }) }
        section("New rows", rows.filter { $0.verdict == .new })
        section("Improvements", rows.filter { $0.verdict == .improvement })
        let swings = rows.filter { abs($0.change ?? 0) >= 0.1 && !$0.findings.contains { $0.aspect == .time } }
        if !swings.isEmpty {
            lines.append(
                "Wall time: \(Verdict.plural(swings.count, "row")) moved by 10 % or more without passing the timing threshold and the noise test "
                    + "(largest \(TimingCheck.percent(swings.map { $0.change ?? 0 }.max { abs($0) < abs($1) } ?? 0))) — noise on a shared machine; wall time never fails.")
            lines.append("")
        }
        if failsCI {
            lines.append(
                "**If this change was intended:** run `make bench-ci-baseline` and commit `Reports/baselines/ci.json` "
                    + "(rows left out of the plan on purpose: `diffbench compare --allow-missing`).")
            lines.append("")
        }
        let header = [
            "| verdict | engine | workload | size | instructions | time vs | time change | notes |",
            "|---|---|---|---|--:|---|--:|---|",
        ]
        func line(_ row: RowComparison) -> String {
            let cells = [
                row.verdict.symbol + " " + row.verdict.rawValue, row.engine.name,
                ParameterWords.label(workload: row.workload, parameters: row.parameters), String(row.size),
                row.instructionChangeText, row.metric?.label ?? "–", row.timeChangeText,
                row.findings.map(\.message).joined(separator: "; "),
            ]
            return "| " + cells.map(cell).joined(separator: " | ") + " |"
        }
        lines.append("<details><summary>All \(Verdict.plural(rows.count, "row")) (\(counts[.unchanged] ?? 0) unchanged)</summary>")
        lines.append("")
        lines += header
        lines += rows.map(line)
        lines.append("")
        lines.append("</details>")
        lines.append("")
        lines.append(
            "Baseline: " + baseline.markdownLabel + " · current: " + current.markdownLabel
                + (confirmation.map { " · confirmation: " + $0.markdownLabel } ?? ""))
        lines.append("")
        lines.append(method)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Plain text: the verdict line, the failing figures, then one aligned
    /// line per row (instruction change, time change marked as noise).
    package func text() -> String {
        var lines = [headline]
        lines += notes.map { "note: " + $0 }
        lines.append("baseline: \(baseline.textLabel)")
        lines.append("current:  \(current.textLabel)")
        if let confirmation { lines.append("confirm:  \(confirmation.textLabel)") }
        for row in rows.filter(fails) {
            for finding in row.failingFindings(self) {
                lines.append("FAILED \(row.label): \(finding.message)")
            }
        }
        let table: [[String]] = [["verdict", "engine", "workload", "size", "instructions", "time vs", "time change", "notes"]]
            + rows.map { row in
                [row.verdict.rawValue, row.engine.name, ParameterWords.label(workload: row.workload, parameters: row.parameters), String(row.size),
                 row.instructionChangeText, row.metric?.label ?? "-", row.timeChangeText,
                 row.findings.map(\.message).joined(separator: "; ")]
            }
        let columns = 7
        var widths = [Int](repeating: 0, count: columns)
        for cells in table { for column in 0..<columns { widths[column] = max(widths[column], cells[column].count) } }
        for cells in table {
            let padded = (0..<columns).map { cells[$0] + String(repeating: " ", count: widths[$0] - cells[$0].count) }
            lines.append((padded + [cells[columns]]).joined(separator: "  ").trimmingTrailingSpaces())
        }
        if failsCI {
            lines.append(
                "If this change was intended: run `make bench-ci-baseline` and commit Reports/baselines/ci.json (rows left out on purpose: --allow-missing).")
        }
        lines.append(method)
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON: the report (schema `diffbench.compare`, version 1) with the
    /// overall result and headline.
    package func json() -> String {
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
    package var method: String {
        let t = thresholds
        let timeVerdict = t.timeFails
            ? "fails when that ratio grows by more than \(TimingCheck.number(t.timing * 100))% and the two runs' ranges (median ± \(TimingCheck.number(t.noiseK))·MAD of the engine and of stdlib) do not overlap"
            : "is reported when that ratio grows by more than \(TimingCheck.number(t.timing * 100))% and the two runs' ranges (median ± \(TimingCheck.number(t.noiseK))·MAD of the engine and of stdlib) do not overlap, and only warns: wall time on a shared machine is noise"
        return """
            Fails: instructions of one call (callgrind, deterministic hashing) growing by more than \(TimingCheck.number(t.instructionFraction * 100))% \
            and \(t.instructionSlack) instructions; peak heap growing by more than \(TimingCheck.number(t.memoryFraction * 100))% and \(t.memorySlackBytes) bytes; \
            the allocation count growing by more than \(t.allocationSlack); more steps in the changeset; a failed verification; \
            \(allowMissing ? "(missing rows are allowed in this comparison)" : "a row or instruction count of the baseline missing from the current run"). \
            Time is compared as the ratio of each engine's median to the median of `stdlib` on the same dataset in the same run, \
            so machine speed cancels out; a slowdown \(timeVerdict). `stdlib` itself is compared against `floor`, and raw nanoseconds when no \
            reference was timed: both only warn. Rows with fewer than \(t.minSamples) samples are not judged on time, and calls under \
            \(TimingCheck.number(t.minimumGatedNanoseconds)) ns only warn. Other changes of inserts, deletes, moves or updates warn. \
            `stdlib`'s instruction count only warns (its search is the toolchain's code, which moves with each rebuild). \
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
    /// The findings that make this row fail (for a missing row, its presence finding).
    func failingFindings(_ report: ComparisonReport) -> [Finding] {
        findings.filter { $0.verdict.failsCI || (!report.allowMissing && $0.verdict == .missing) }
    }

    var instructionChangeText: String { instructionChange.map(TimingCheck.percent) ?? "–" }

    /// The wall-time change, labelled noise unless a finding judged it.
    var timeChangeText: String {
        guard let change else { return "–" }
        let judged = findings.contains { $0.aspect == .time }
        return TimingCheck.percent(change) + (judged || abs(change) < 0.005 ? "" : " (noise)")
    }

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

extension Finding {
    var baselineText: String { baseline.map { metric?.hasPrefix("time") == true ? String(format: "%.4g", $0) : ExactChecks.grouped(Int($0)) } ?? "–" }
    var currentText: String { current.map { metric?.hasPrefix("time") == true ? String(format: "%.4g", $0) : ExactChecks.grouped(Int($0)) } ?? "–" }
    var changeText: String { change.map(TimingCheck.percent) ?? "–" }
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
