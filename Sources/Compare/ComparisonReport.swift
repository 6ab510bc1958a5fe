import RunResults

/// The whole comparison: every row, sorted most urgent first.
package struct ComparisonReport: Hashable, Sendable, Codable {
    package static let schemaName = "diffbench.compare"
    package static let currentVersion = 1

    package var schema = ComparisonReport.schemaName
    package var version = ComparisonReport.currentVersion
    package var baseline: ComparedRun
    package var current: ComparedRun
    /// The second run that timing regressions were re-measured in, if any
    /// (see ``confirmed(by:)``).
    package var confirmation: ComparedRun?
    package var thresholds: CompareThresholds
    /// When true, rows missing from the current run are reported but do
    /// not fail (`compare --allow-missing`, after a deliberate plan change).
    package var allowMissing = false
    /// Remarks about the runs as a whole (an incomplete run, different builds).
    package var notes: [String]
    package var rows: [RowComparison]

    package init(baseline: ComparedRun, current: ComparedRun, thresholds: CompareThresholds, notes: [String], rows: [RowComparison]) {
        self.baseline = baseline
        self.current = current
        self.thresholds = thresholds
        self.notes = notes
        self.rows = rows
    }

    /// True when this row makes the comparison fail: a failed verification,
    /// a regression, or (unless ``allowMissing``) a missing row or figure.
    package func fails(_ row: RowComparison) -> Bool {
        row.verdict.failsCI || (!allowMissing && row.verdict == .missing)
    }

    /// True when some row fails (``fails(_:)``): exit status 1.
    package var failsCI: Bool { rows.contains(where: fails) }

    /// Rows per verdict.
    package var counts: [Verdict: Int] {
        var counts: [Verdict: Int] = [:]
        for row in rows { counts[row.verdict, default: 0] += 1 }
        return counts
    }

    /// The one-line verdict reports start with: PASS or FAIL, then the
    /// counts (plurals right), then, when failing, the first three failing
    /// rows with the figure that failed and its change.
    package var headline: String {
        let counts = counts
        var parts: [String] = []
        for verdict in Verdict.allCases {
            guard let count = counts[verdict], count > 0 else { continue }
            parts.append(verdict.counted(count))
        }
        let tally = parts.isEmpty ? "nothing compared" : parts.joined(separator: ", ")
        if failsCI {
            let worst = rows.filter(fails).prefix(3).map { row in
                row.label + ": " + (row.findings.first { $0.verdict == row.verdict }?.message ?? row.verdict.rawValue)
            }
            return "FAIL — \(tally). " + worst.joined(separator: "; ")
        }
        return "PASS — \(tally) (\(Verdict.plural(rows.count, "row")) compared)"
    }

    enum CodingKeys: String, CodingKey {
        case schema, version, baseline, current, confirmation, thresholds, notes, rows
        case allowMissing = "allow_missing"
    }
}
