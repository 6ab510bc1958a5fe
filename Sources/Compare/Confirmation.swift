import Harness

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
    public func confirmed(by second: ComparisonReport) -> ComparisonReport {
        struct Key: Hashable {
            var engine: String, workload: String, size: Int, parameters: String
        }
        func key(_ row: RowComparison) -> Key {
            Key(engine: row.engine, workload: row.workload, size: row.size, parameters: row.parameters)
        }
        var secondRows: [Key: RowComparison] = [:]
        for row in second.rows { secondRows[key(row)] = row }

        var confirmedCount = 0, withdrawn = 0
        var result = self
        result.confirmation = second.current
        result.rows = rows.map { row in
            var row = row
            guard row.findings.contains(where: { $0.aspect == .time && $0.verdict == .regression }) else { return row }
            let again = secondRows[key(row)]
            let repeated = again?.findings.contains { $0.aspect == .time && $0.verdict == .regression } ?? false
            if repeated {
                confirmedCount += 1
                row.findings = row.findings.map { finding in
                    guard finding.aspect == .time, finding.verdict == .regression else { return finding }
                    return Finding(.time, .regression, finding.message + "; again in the confirmation run (\(again?.changeText ?? "–"))")
                }
            } else {
                withdrawn += 1
                row.findings = row.findings.map { finding in
                    guard finding.aspect == .time, finding.verdict == .regression else { return finding }
                    return Finding(
                        .time, .warning, finding.message + "; not repeated in the confirmation run (\(again?.changeText ?? "row missing"))")
                }
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
