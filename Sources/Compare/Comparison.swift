import RunResults

/// What one engine × workload × size did between the baseline and the
/// current run. Ordered from the most to the least urgent: reports list rows
/// in this order.
package enum Verdict: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// The current changeset failed verification: always fails CI.
    case failed
    /// Beyond the thresholds (instructions, memory, steps): fails CI.
    case regression
    /// In the baseline, not in the current run (or now skipped, or without
    /// its instruction count): fails CI unless missing rows are allowed.
    case missing
    /// Worse, but not enough to trust or not gated (wall time, a reference
    /// row, a quality change that is neither better nor worse).
    case warning
    /// In the current run, not in the baseline (or skipped there).
    case new
    case improvement
    case unchanged

    /// Rows with these verdicts always make `compare` exit 1 (so do missing
    /// rows unless allowed: ``ComparisonReport/fails(_:)``).
    package var failsCI: Bool { self == .failed || self == .regression }

    package static func < (lhs: Verdict, rhs: Verdict) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension Verdict {
    /// "1 regression", "2 regressions", "3 missing rows", "1 failed verification".
    package func counted(_ count: Int) -> String {
        switch self {
        case .failed: return Verdict.plural(count, "failed verification")
        case .regression: return Verdict.plural(count, "regression")
        case .missing: return Verdict.plural(count, "missing row")
        case .warning: return Verdict.plural(count, "warning")
        case .new: return Verdict.plural(count, "new row")
        case .improvement: return Verdict.plural(count, "improvement")
        case .unchanged: return "\(count) unchanged"
        }
    }

    /// `count` and `noun`, with an `s` unless the count is 1.
    package static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)" + (count == 1 ? "" : "s")
    }
}
