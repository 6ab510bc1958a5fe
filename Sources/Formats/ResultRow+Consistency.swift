extension ResultRow.Status {
    /// A row with timings of its own (an engine's `ok` row, the `floor` reference).
    public var isMeasured: Bool { self == .ok || self == .reference }
}

extension ResultRow {
    /// Why the row cannot be true, in words naming the field; nil for a
    /// row that holds together. A results file comes from anywhere (a hand
    /// edit, another tool, a broken run), and a row that claims `ok`
    /// without having been verified, or counts that do not add up, would
    /// otherwise pass the gate or be drawn. The rules:
    ///
    /// - `ok` means verified, and not refused by the batch model;
    /// - a `reason_code` belongs to the row's status (`over-time-budget` to
    ///   `skipped`, `crashed` to `crashed`, …; a note such as
    ///   `lingering-threads` to `ok` or `reference`); `predicted_seconds` may be
    ///   on any row (results give it on every row of an engine that is not
    ///   linear; older files only on `over-time-budget` rows);
    /// - `steps` = `deletes` + `inserts` + `moves` + `updates`;
    /// - no count, size, heap or allocation figure below zero;
    /// - every time, ratio and prediction finite and not negative, and a measured row's
    ///   median and ratios above zero;
    /// - `sample_quantiles_ns` at most 101 finite times above zero, ascending,
    ///   and no more of them than `samples`.
    ///
    /// O(1).
    public var inconsistency: String? {
        if status == .ok && !verified { return "status is ok but verified is false" }
        if status == .ok && batchVerified == false { return "status is ok but batch_verified is false" }
        if let reasonCode, !reasonCode.fits(status) {
            let whose = reasonCode.isNote ? "a note on an ok or reference row" : "a \(reasonCode.status.rawValue) row's"
            return "reason_code is \(reasonCode.rawValue), which is \(whose), but status is \(status.rawValue)"
        }
        let counts: [(CodingKeys, Int?)] = [
            (.size, size), (.sizeOld, sizeOld), (.sizeNew, sizeNew), (.samples, samples), (.inserts, inserts),
            (.deletes, deletes), (.moves, moves), (.updates, updates), (.steps, steps), (.minMoves, minMoves),
            (.minEdits, minEdits), (.trimmedOld, trimmedOld), (.trimmedNew, trimmedNew),
            (.peakHeapBytes, peakHeapBytes), (.allocations, allocations), (.instructions, instructions),
        ]
        for case let (key, value?) in counts where value < 0 { return "\(key.rawValue) is negative (\(value))" }
        if let steps {
            let parts = [deletes, inserts, moves, updates]
            // Each part is at least 0 here, so the sum only overflows on a lie too.
            let (sum, overflow) = parts.reduce((0, false)) { total, part in
                let (value, over) = total.0.addingReportingOverflow(part ?? 0)
                return (value, total.1 || over)
            }
            if parts.contains(where: { $0 == nil }) || overflow || sum != steps {
                let shown = parts.map { $0.map(String.init) ?? "none" }
                return "steps is \(steps) but deletes + inserts + moves + updates = \(shown.joined(separator: " + "))"
            }
        }
        let times: [(CodingKeys, Double?)] = [
            (.medianNs, medianNs), (.minNs, minNs), (.p90Ns, p90Ns), (.maxNs, maxNs), (.spreadNs, spreadNs),
            (.ratioToStdlib, ratioToStdlib), (.ratioToFloor, ratioToFloor), (.predictedSeconds, predictedSeconds),
        ]
        for case let (key, value?) in times where !value.isFinite || value < 0 {
            return "\(key.rawValue) is \(value), not a finite figure of zero or more"
        }
        if let quantiles = sampleQuantilesNs {
            if quantiles.count > 101 || quantiles.count > max(samples, 0) {
                return "sample_quantiles_ns holds \(quantiles.count) values, more than 101 or than samples (\(samples))"
            }
            if quantiles.contains(where: { !$0.isFinite || $0 <= 0 }) || zip(quantiles, quantiles.dropFirst()).contains(where: { $0 > $1 }) {
                return "sample_quantiles_ns is not an ascending list of finite times above zero"
            }
        }
        if status.isMeasured {
            for case let (key, value?) in [(CodingKeys.medianNs, medianNs), (.ratioToStdlib, ratioToStdlib), (.ratioToFloor, ratioToFloor)]
            where value <= 0 {
                return "\(key.rawValue) is \(value) on a measured row (\(status.rawValue)); it must be above zero"
            }
        }
        return nil
    }

    /// "heckel mixed@100 (uuid)": the row in words, for messages.
    public var label: String {
        "\(engine) \(workload)@\(size)" + (parameters.isEmpty ? "" : " [\(parameters)]") + " (\(elementKind))"
    }
}
