import RunResults

/// Compares a current run with a baseline, row by row.
///
/// Rows are paired on engine × workload × size (and workload parameters);
/// each pair is checked for the same dataset, then for its status, timing,
/// memory and changeset shape. O(B + C) for B baseline and C current rows.
package struct Comparator {
    package var thresholds: CompareThresholds
    /// Rows (and instruction counts) missing from the current run only warn
    /// instead of failing (after a deliberate change of the plan).
    package var allowMissing: Bool

    package init(thresholds: CompareThresholds = CompareThresholds(), allowMissing: Bool = false) {
        self.thresholds = thresholds
        self.allowMissing = allowMissing
    }

    /// The report, or the reason the two files cannot be compared.
    package func compare(baseline: RunDocument, at baselinePath: String, current: RunDocument, at currentPath: String)
        throws(CompareInputError) -> ComparisonReport
    {
        let old = try IndexedRun(path: baselinePath, document: baseline)
        let new = try IndexedRun(path: currentPath, document: current)
        let pairings = try RowMatching.pair(baseline: old, current: new)

        var notes: [String] = []
        let sameBuild = baseline.environment.buildConfiguration == current.environment.buildConfiguration
        if !sameBuild {
            notes.append(
                "The baseline is a \(baseline.environment.buildConfiguration) build and the current run a \(current.environment.buildConfiguration) build: timing and memory changes only warn.")
        }
        if !current.complete { notes.append("The current run is incomplete (interrupted): its missing rows are reported as missing.") }
        if !baseline.complete { notes.append("The baseline run is incomplete (interrupted).") }

        let timing = TimingCheck(thresholds: thresholds)
        let exact = ExactChecks(thresholds: thresholds)
        var rows: [RowComparison] = []
        for pairing in pairings {
            switch pairing {
            case let .onlyBaseline(key):
                var row = RowComparison(key: key)
                row.findings.append(Finding(.presence, .missing, "in the baseline, not in the current run"))
                row.settle()
                rows.append(row)
            case let .onlyCurrent(key):
                var row = RowComparison(key: key)
                let added = new.rows[key]!
                row.findings.append(
                    added.status.isFailure
                        ? Finding(.status, .failed, ExactChecks.failure(added))
                        : Finding(.presence, .new, "not in the baseline"))
                row.settle()
                rows.append(row)
            case let .both(key):
                let before = old.rows[key]!, after = new.rows[key]!
                var row = RowComparison(key: key)
                if exact.status(&row, baseline: before, current: after) {
                    // What may fail depends on the row's role (GateRole): the floor
                    // only warns, stdlib's instruction count only warns.
                    let role = GateRole(after)
                    timing.judge(
                        &row, baseline: before, current: after, baselineReference: { old.row($0, onDatasetOf: key) },
                        currentReference: { new.row($0, onDatasetOf: key) }, gated: sameBuild && role.gates(.time))
                    // Instruction counts depend on the build as much as times do;
                    // checked first, so a row's headline names its count when it moved.
                    exact.instructions(&row, baseline: before, current: after, gated: sameBuild && role.gates(.instructions))
                    // Debug and release builds allocate differently, as they time differently.
                    exact.memory(&row, baseline: before, current: after, gated: sameBuild && role.gates(.memory))
                    exact.quality(&row, baseline: before, current: after, gated: role.gates(.steps))
                }
                row.settle()
                rows.append(row)
            }
        }
        var report = ComparisonReport(
            baseline: ComparedRun(path: baselinePath, document: baseline), current: ComparedRun(path: currentPath, document: current),
            thresholds: thresholds, notes: notes, rows: Comparator.mostUrgentFirst(rows))
        report.allowMissing = allowMissing
        return report
    }

    /// Most urgent first; within a verdict, the biggest timing change first
    /// (the biggest gain first among improvements); otherwise as given.
    static func mostUrgentFirst(_ rows: [RowComparison]) -> [RowComparison] {
        rows.enumerated().sorted { a, b in
            if a.element.verdict != b.element.verdict { return a.element.verdict < b.element.verdict }
            let x = a.element.change ?? 0, y = b.element.change ?? 0
            if a.element.verdict != .improvement, x != y { return x > y }
            if a.element.verdict == .improvement, x != y { return x < y }
            return a.offset < b.offset
        }.map(\.element)
    }
}
