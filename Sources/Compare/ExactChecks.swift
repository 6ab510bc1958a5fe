import RunResults

/// Figures that repeat exactly from run to run, so any real change shows:
/// memory (from the allocation hook) and the changeset's shape. O(1) per row.
struct ExactChecks {
    let thresholds: CompareThresholds

    /// Peak heap bytes and allocation count. Peak heap: an increase over both
    /// the relative threshold and the absolute slack is a regression, a
    /// decrease over both an improvement; anything smaller is run-to-run
    /// bookkeeping (one object more) and is not reported. Allocations: any
    /// increase beyond ``CompareThresholds/allocationSlack`` (no fraction:
    /// the count is exact, so one more allocation per call is real).
    func memory(_ comparison: inout RowComparison, baseline: ResultRow, current: ResultRow, gated: Bool) {
        check(
            &comparison, .memory, "peak heap", baseline.peakHeapBytes, current.peakHeapBytes, fraction: thresholds.memoryFraction,
            slack: thresholds.memorySlackBytes, unit: " B", gated: gated)
        check(
            &comparison, .memory, "allocations", baseline.allocations, current.allocations, fraction: 0,
            slack: thresholds.allocationSlack, unit: "", gated: gated)
    }

    /// Instructions of one call (callgrind): an increase over both
    /// ``CompareThresholds/instructionFraction`` and
    /// ``CompareThresholds/instructionSlack`` is a regression. A baseline
    /// count with none in the current run is a missing figure (the run was
    /// made without `--instructions`): it fails like a missing row.
    func instructions(_ comparison: inout RowComparison, baseline: ResultRow, current: ResultRow, gated: Bool) {
        if let old = baseline.instructions, let new = current.instructions {
            comparison.instructionChange = old > 0 ? Double(new - old) / Double(old) : nil
        }
        if baseline.instructions != nil, current.instructions == nil {
            // A count that only warns when it moves (GateRole) only warns when it is missing.
            comparison.findings.append(
                Finding(.presence, gated ? .missing : .warning, "instruction count missing (the baseline has one; run with --instructions)"))
            return
        }
        check(
            &comparison, .instructions, "instructions", baseline.instructions, current.instructions,
            fraction: thresholds.instructionFraction, slack: thresholds.instructionSlack, unit: "", gated: gated)
    }

    /// One exact figure: a change beyond both `slack` (absolute) and
    /// `fraction` (relative) is a regression (growth; a warning when not
    /// gated) or an improvement (shrinkage). Both comparisons are strict.
    func check(
        _ comparison: inout RowComparison, _ aspect: Finding.Aspect, _ name: String, _ old: Int?, _ new: Int?, fraction limit: Double,
        slack: Int, unit: String, gated: Bool
    ) {
        guard let old, let new, old != new else { return }
        let delta = new - old
        let fraction = old > 0 ? Double(delta) / Double(old) : .infinity * Double(delta.signum())
        guard abs(delta) > slack, abs(fraction) > limit else { return }
        let change = fraction.isFinite ? " (" + TimingCheck.percent(fraction) + ")" : ""
        let message = "\(name) \(ExactChecks.grouped(old)) → \(ExactChecks.grouped(new))\(unit)\(change)"
        let verdict: Verdict = delta < 0 ? .improvement : (gated ? .regression : .warning)
        comparison.findings.append(
            Finding(aspect, verdict, message, metric: name, baseline: Double(old), current: Double(new), change: fraction.isFinite ? fraction : nil))
    }

    /// 1234567 → "1,234,567".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
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
            comparison.findings.append(
                Finding(.quality, verdict, message, metric: "steps", baseline: Double(old), current: Double(new),
                        change: old > 0 ? Double(new - old) / Double(old) : nil))
        } else if !changed.isEmpty {
            comparison.findings.append(Finding(.quality, .warning, changed.joined(separator: ", ") + " (same step count)"))
        }
    }

    /// "failed — verification: …", "crashed — signal 4 …": a failed row's verdict line.
    static func failure(_ row: ResultRow) -> String { "\(row.status.rawValue) — \(row.reason)" }

    /// Status changes. A failed row (``ResultRow/Status/isFailure``: a
    /// failed verification, or a call that never ended well) is always a failure; a row
    /// that was skipped in one run has nothing to compare but is reported.
    /// Returns false when there is nothing more to compare for this row.
    func status(_ comparison: inout RowComparison, baseline: ResultRow, current: ResultRow) -> Bool {
        if current.status.isFailure {
            comparison.findings.append(Finding(.status, .failed, ExactChecks.failure(current)))
            return false
        }
        if baseline.status.isFailure {
            comparison.findings.append(Finding(.status, .improvement, "passes now (\(baseline.status.rawValue) in the baseline — \(baseline.reason))"))
            return false
        }
        switch (baseline.status, current.status) {
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
