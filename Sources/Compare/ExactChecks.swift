import Formats

/// Figures that repeat exactly from run to run, so any real change shows:
/// memory (from the allocation hook) and the changeset's shape. O(1) per row.
struct ExactChecks {
    let thresholds: CompareThresholds

    /// Peak heap bytes and allocation count: an increase over both the
    /// relative threshold and the absolute slack is a regression, a decrease
    /// over both an improvement. Anything smaller is run-to-run bookkeeping
    /// (an allocator rounding, one object more) and is not reported.
    func memory(_ comparison: inout RowComparison, baseline: ResultRow, current: ResultRow, gated: Bool) {
        func check(_ name: String, _ old: Int?, _ new: Int?, slack: Int, unit: String) {
            guard let old, let new, old != new else { return }
            let delta = new - old
            let fraction = old > 0 ? Double(delta) / Double(old) : .infinity * Double(delta.signum())
            guard abs(delta) > slack, abs(fraction) > thresholds.memoryFraction else { return }
            let change = fraction.isFinite ? " (" + TimingCheck.percent(fraction) + ")" : ""
            let message = "\(name) \(old) → \(new)\(unit)\(change)"
            if delta < 0 {
                comparison.findings.append(Finding(.memory, .improvement, message))
            } else {
                comparison.findings.append(Finding(.memory, gated ? .regression : .warning, message))
            }
        }
        check("peak heap", baseline.peakHeapBytes, current.peakHeapBytes, slack: thresholds.memorySlackBytes, unit: " B")
        check("allocations", baseline.allocations, current.allocations, slack: thresholds.allocationSlack, unit: "")
    }

    /// The changeset's shape: more steps is a regression (a longer
    /// animation for the same pair), fewer an improvement; inserts, deletes,
    /// moves or updates that change while the step count stays are reported
    /// as a warning, since neither is better.
    func quality(_ comparison: inout RowComparison, baseline: ResultRow, current: ResultRow, gated: Bool) {
        let figures: [(String, Int?, Int?)] = [
            ("inserts", baseline.inserts, current.inserts), ("deletes", baseline.deletes, current.deletes),
            ("moves", baseline.moves, current.moves), ("updates", baseline.updates, current.updates),
        ]
        let changed = figures.compactMap { name, old, new -> String? in
            guard let old, let new, old != new else { return nil }
            return "\(name) \(old) → \(new)"
        }
        if let old = baseline.steps, let new = current.steps, old != new {
            let message = (["steps \(old) → \(new)"] + changed).joined(separator: ", ")
            let verdict: Verdict = new < old ? .improvement : (gated ? .regression : .warning)
            comparison.findings.append(Finding(.quality, verdict, message))
        } else if !changed.isEmpty {
            comparison.findings.append(Finding(.quality, .warning, changed.joined(separator: ", ") + " (same step count)"))
        }
    }

    /// Status changes. A failed verification is always a failure; a row
    /// that was skipped in one run has nothing to compare but is reported.
    /// Returns false when there is nothing more to compare for this row.
    func status(_ comparison: inout RowComparison, baseline: ResultRow, current: ResultRow) -> Bool {
        switch (baseline.status, current.status) {
        case (_, .failed):
            comparison.findings.append(Finding(.status, .failed, "failed — \(current.reason)"))
            return false
        case (.failed, _):
            comparison.findings.append(Finding(.status, .improvement, "passes now (failed in the baseline — \(baseline.reason))"))
            return false
        case (.skipped, .skipped):
            return false
        case (_, .skipped):
            comparison.findings.append(Finding(.presence, .missing, "skipped now: \(current.reason)"))
            return false
        case (.skipped, _):
            comparison.findings.append(Finding(.presence, .new, "measured now (skipped in the baseline: \(baseline.reason))"))
            return false
        default:
            return true
        }
    }
}
