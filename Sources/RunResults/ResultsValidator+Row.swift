extension ResultRow.Status {
    /// A row with timings of its own (an engine's `ok` row, the `floor` reference).
    public var isMeasured: Bool { self == .ok || self == .reference }
}

extension ResultRow {
    /// Why the row cannot be true on its own, in words naming the field;
    /// nil for a row that holds together (``ResultsValidator/problem(of:)``
    /// holds the rules). O(1).
    public var inconsistency: String? { ResultsValidator.problem(of: self) }

    /// "heckel mixed@100 (uuid)": the row in words, for messages.
    public var label: String {
        "\(engine) \(workload)@\(size)" + (parameters.isEmpty ? "" : " [\(parameters)]") + " (\(elements))"
    }
}

extension ResultsValidator {
    /// Why `row` cannot be true on its own, in words naming the field; nil
    /// for a row that holds together. A results file comes from anywhere (a
    /// hand edit, another tool, a broken run), and a row that claims `ok`
    /// without having been verified, or counts that do not add up, would
    /// otherwise pass the gate or be drawn. The rules:
    ///
    /// - the status fits the subject: `reference` is the floor's alone, and
    ///   the floor (which gives no changeset) is never `ok` or `failed`;
    /// - `ok` means verified, and not refused by the batch model;
    /// - a `reason_code` belongs to the row's status (`over-time-budget` to
    ///   `skipped`, `crashed` to `crashed`, …; a note such as
    ///   `lingering-threads` to `ok` or `reference`); `predicted_seconds` may be
    ///   on any row (results give it on every row of an engine that is not
    ///   linear; older files only on `over-time-budget` rows);
    /// - no count, size, heap or allocation figure below zero;
    /// - `steps` = `deletes` + `inserts` + `moves` + `updates`;
    /// - the pair's facts possible for its lengths (``pairProblem(of:)``);
    /// - every time, ratio and prediction finite and not negative, and a measured row's
    ///   median and ratios above zero;
    /// - `min_ns` ≤ `median_ns` ≤ `p90_ns` ≤ `max_ns`, and a measured row
    ///   has at least one sample and a median (``timingProblem(of:)``);
    /// - `sample_quantiles_ns` at most 101 finite times above zero, ascending,
    ///   and no more of them than `samples`;
    /// - an `ok` row's answer fits its lists (``answerProblem(of:bound:)``,
    ///   with the bound its own lengths and pair facts give).
    ///
    /// O(1).
    public static func problem(of row: ResultRow) -> String? {
        typealias Key = ResultRow.CodingKeys
        if let problem = subjectProblem(of: row) { return problem }
        if row.status == .ok && !row.verified { return "status is ok but verified is false" }
        if row.status == .ok && row.batchVerified == false { return "status is ok but batch_verified is false" }
        if let code = row.reasonCode, !code.fits(row.status) {
            let whose = code.isNote ? "a note on an ok or reference row" : "a \(code.status.rawValue) row's"
            return "reason_code is \(code.rawValue), which is \(whose), but status is \(row.status.rawValue)"
        }
        let counts: [(Key, Int?)] = [
            (.size, row.size), (.sizeOld, row.sizeOld), (.sizeNew, row.sizeNew), (.samples, row.samples),
            (.inserts, row.inserts), (.deletes, row.deletes), (.moves, row.moves), (.updates, row.updates),
            (.steps, row.steps), (.minMoves, row.minMoves), (.minEdits, row.minEdits), (.trimmedOld, row.trimmedOld),
            (.trimmedNew, row.trimmedNew), (.peakHeapBytes, row.peakHeapBytes), (.allocations, row.allocations),
            (.instructions, row.instructions),
        ]
        for case let (key, value?) in counts where value < 0 { return "\(key.rawValue) is negative (\(value))" }
        if let steps = row.steps {
            let parts = [row.deletes, row.inserts, row.moves, row.updates]
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
        if let problem = pairProblem(of: row) { return problem }
        if let problem = timingProblem(of: row) { return problem }
        return answerProblem(of: row, bound: fewestSteps(row))
    }

    /// The status against the subject: `reference` marks the floor, which
    /// times a dictionary build and gives no changeset, so an engine never
    /// has it and the floor is never `ok` (verified) or `failed`. O(1).
    static func subjectProblem(of row: ResultRow) -> String? {
        let isFloor = row.engine.isFloor
        if row.status == .reference && !isFloor {
            return "status is reference, which is the floor's alone, but the subject is the engine \(row.engine)"
        }
        if isFloor && (row.status == .ok || row.status == .failed) {
            return "status is \(row.status.rawValue) on the floor, which gives no changeset to verify (its status is reference)"
        }
        return nil
    }

    /// The pair's facts against its lengths: trimming leaves at most the
    /// list; the fewest edits without moves (n + m − 2·LCS) lie between
    /// |n − m| and n + m with the parity of n + m; the fewest moves are at
    /// most the shorter list. O(1).
    static func pairProblem(of row: ResultRow) -> String? {
        let old = row.sizeOld, new = row.sizeNew
        if let trimmed = row.trimmedOld, trimmed > old { return "trimmed_old is \(trimmed), more than size_old (\(old))" }
        if let trimmed = row.trimmedNew, trimmed > new { return "trimmed_new is \(trimmed), more than size_new (\(new))" }
        if let edits = row.minEdits {
            let (total, overflow) = old.addingReportingOverflow(new)
            if overflow || edits < abs(old - new) || edits > total || (total - edits) % 2 != 0 {
                return "min_edits is \(edits), which no pair of \(old) and \(new) items has (between |\(old) − \(new)| and \(old) + \(new), of the same parity)"
            }
        }
        if let moves = row.minMoves, moves > min(old, new) {
            return "min_moves is \(moves), more than the shorter list (\(min(old, new)) items)"
        }
        return nil
    }

    /// The timing figures in order, and a measured row with something
    /// measured: `min_ns` ≤ `median_ns` ≤ `p90_ns` ≤ `max_ns` (each pair
    /// where both are given), the sample quantiles within `min_ns`…`max_ns`,
    /// and an `ok` or `reference` row holds at
    /// least one sample and its median. O(1).
    static func timingProblem(of row: ResultRow) -> String? {
        typealias Key = ResultRow.CodingKeys
        let times: [(Key, Double?)] = [
            (.medianNs, row.medianNs), (.minNs, row.minNs), (.p90Ns, row.p90Ns), (.maxNs, row.maxNs), (.spreadNs, row.spreadNs),
            (.ratioToStdlib, row.ratioToStdlib), (.ratioToFloor, row.ratioToFloor), (.predictedSeconds, row.predictedSeconds),
        ]
        for case let (key, value?) in times where !value.isFinite || value < 0 {
            return "\(key.rawValue) is \(value), not a finite figure of zero or more"
        }
        let ordered: [(Key, Double)] = [(Key.minNs, row.minNs), (.medianNs, row.medianNs), (.p90Ns, row.p90Ns), (.maxNs, row.maxNs)]
            .compactMap { key, value in value.map { (key, $0) } }
        for (index, lower) in ordered.enumerated() {
            if let higher = ordered[(index + 1)...].first(where: { $0.1 < lower.1 }) {
                return "\(lower.0.rawValue) is \(lower.1) but \(higher.0.rawValue) is \(higher.1): the times must run min ≤ median ≤ p90 ≤ max"
            }
        }
        if let quantiles = row.sampleQuantilesNs {
            if quantiles.count > 101 || quantiles.count > max(row.samples, 0) {
                return "sample_quantiles_ns holds \(quantiles.count) values, more than 101 or than samples (\(row.samples))"
            }
            if quantiles.contains(where: { !$0.isFinite || $0 <= 0 }) || zip(quantiles, quantiles.dropFirst()).contains(where: { $0 > $1 }) {
                return "sample_quantiles_ns is not an ascending list of finite times above zero"
            }
            // Quantiles of the samples lie between the least and the greatest (a part in 10⁹ for rounding).
            if let least = row.minNs, let greatest = row.maxNs, let first = quantiles.first, let last = quantiles.last,
                first < least * (1 - 1e-9) || last > greatest * (1 + 1e-9)
            {
                return "sample_quantiles_ns runs from \(first) to \(last), outside min_ns \(least) to max_ns \(greatest): quantiles of the samples lie between their least and greatest"
            }
        }
        guard row.status.isMeasured else { return nil }
        for case let (key, value?) in [(Key.medianNs, row.medianNs), (.ratioToStdlib, row.ratioToStdlib), (.ratioToFloor, row.ratioToFloor)]
        where value <= 0 {
            return "\(key.rawValue) is \(value) on a measured row (\(row.status.rawValue)); it must be above zero"
        }
        if row.samples < 1 || row.medianNs == nil {
            return "status is \(row.status.rawValue) but samples is \(row.samples)\(row.medianNs == nil ? " and median_ns is empty" : ""): a measured row holds at least one sample and its median"
        }
        return nil
    }

    /// The fewest steps any correct answer for the row's pair takes, from
    /// its lengths n and m and its pair facts. Of the k items an answer
    /// keeps (k ≤ c, the ids the lists share), those it does not move keep
    /// their order in both lists, so they are at most the LCS, L; the answer
    /// deletes n − k, inserts m − k and moves at least k − L: at least
    /// n + m − c − L steps, falling as k grows, so at least n + m − c − L with
    /// the largest c. L comes from `min_edits` (n + m − 2L), c from
    /// `min_moves` (c − L, unique ids) or else at most min(n, m); without
    /// `min_edits`, L ≤ min(n, m) gives |n − m|. O(1).
    static func fewestSteps(sizeOld old: Int, sizeNew new: Int, minEdits: Int?, minMoves: Int?) -> Int {
        guard let minEdits else { return abs(old - new) }
        let common = (old + new - minEdits) / 2
        let shared = minMoves.map { common + $0 } ?? min(old, new)
        return max(abs(old - new), old + new - shared - common)
    }

    static func fewestSteps(_ row: ResultRow) -> Int {
        fewestSteps(sizeOld: row.sizeOld, sizeNew: row.sizeNew, minEdits: row.minEdits, minMoves: row.minMoves)
    }

    /// An `ok` row's answer against its lists: it deletes at most the old
    /// list, inserts at most the new one, moves and updates at most the
    /// shorter; the lengths agree (n − deletes = m − inserts, the items
    /// kept); and its steps are at least `bound`, the fewest its pair
    /// allows (``fewestSteps(sizeOld:sizeNew:minEdits:minMoves:)``). A row
    /// that was not verified may hold a wrong answer's counts. O(1).
    static func answerProblem(of row: ResultRow, bound: Int) -> String? {
        guard row.status == .ok else { return nil }
        let old = row.sizeOld, new = row.sizeNew
        let limits: [(ResultRow.CodingKeys, Int?, Int, String)] = [
            (.deletes, row.deletes, old, "the old list's length (size_old)"),
            (.inserts, row.inserts, new, "the new list's length (size_new)"),
            (.moves, row.moves, min(old, new), "the shorter list's length"),
            (.updates, row.updates, min(old, new), "the shorter list's length"),
        ]
        for case let (key, value?, limit, what) in limits where value > limit {
            return "\(key.rawValue) is \(value), more than \(what), \(limit)"
        }
        if let deletes = row.deletes, let inserts = row.inserts, old - deletes != new - inserts {
            return "deletes is \(deletes) and inserts \(inserts), but a verified answer keeps as many items of the old list (\(old) − \(deletes)) as of the new (\(new) − \(inserts))"
        }
        if let steps = row.steps, steps < bound {
            return "steps is \(steps), below the fewest any answer takes on this pair (\(bound), from size_old, size_new, min_edits and min_moves)"
        }
        return nil
    }
}
