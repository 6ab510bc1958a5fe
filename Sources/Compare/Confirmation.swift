
extension ComparisonReport {
    /// This report with every timing regression that `second` (the same
    /// baseline compared with a second run of the same build) does not show
    /// again turned into a warning.
    ///
    /// Why: a slowdown of the code is there in every run, while the noise of
    /// a shared machine (a neighbour's burst, a frequency change during one
    /// engine's rounds) rarely hits the same row twice. Requiring both runs
    /// to regress keeps real regressions failing and lets a one-off stall
    /// pass with a warning that names it. Only time is confirmed this way:
    /// memory, the changeset's shape and verification are exact, so a second
    /// run could only repeat them. O(R) for R rows.
    package func confirmed(by second: ComparisonReport) -> ComparisonReport {
        func isTimeRegression(_ finding: Finding) -> Bool { finding.aspect == .time && finding.verdict == .regression }
        var secondRows: [IndexedRun.Key: RowComparison] = [:]
        for row in second.rows { secondRows[row.key] = row }

        var confirmedCount = 0, withdrawn = 0
        var result = self
        result.confirmation = second.current
        result.rows = rows.map { row in
            var row = row
            guard row.findings.contains(where: isTimeRegression) else { return row }
            let again = secondRows[row.key]
            let repeated = again?.findings.contains(where: isTimeRegression) ?? false
            if repeated { confirmedCount += 1 } else { withdrawn += 1 }
            let verdict: Verdict = repeated ? .regression : .warning
            let note = repeated
                ? "; again in the confirmation run (\(again?.changeText ?? "–"))"
                : "; not repeated in the confirmation run (\(again?.changeText ?? "row missing"))"
            row.findings = row.findings.map { finding in
                isTimeRegression(finding) ? Finding(.time, verdict, finding.message + note) : finding
            }
            row.settle()
            return row
        }
        result.rows = Comparator.mostUrgentFirst(result.rows)
        result.notes.append(
            "Timing regressions were measured again in a second run (\(second.current.path)): \(confirmedCount) repeated and still fail, \(withdrawn) did not and only warn.")
        return result
    }
}
