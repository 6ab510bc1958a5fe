import Compare
import FileSupport
import RunResults
import HistoryAnalysis
import HistoryStore

/// What the gate against history (``HistoryGate``) found for one run: per
/// row, each judged measure with its band and verdict; the overall result
/// and the one-line headline `compare` prints.
struct HistoryGateReport {
    /// One measure of one row, judged.
    struct Measure {
        var measure: HistoryMeasure
        /// Whether a regression of this measure fails (false: it only warns, as wall time).
        var gates: Bool
        var judgement: HistoryJudgement
    }

    /// What a row comes to, worst first.
    enum Outcome: String, CaseIterable, Comparable {
        case failed, regression, slower
        case referenceMoved = "reference_moved"
        case improvement, pass
        case notJudged = "not_judged"

        static func < (lhs: Outcome, rhs: Outcome) -> Bool { allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)! }

        var fails: Bool { self == .failed || self == .regression }

        /// How the headline counts rows of this outcome.
        var phrase: String {
            switch self {
            case .failed: return "failed"
            case .regression: return "regressed"
            case .slower: return "slower (warning)"
            case .referenceMoved: return "reference moved"
            case .improvement: return "improved"
            case .pass: return "within their band"
            case .notJudged: return "not judged (too little history)"
            }
        }
    }

    struct Row {
        var label: String
        var status: ResultRow.Status
        var isReference: Bool
        var measures: [Measure]

        /// A failure status fails; then the worst measure (every measure not judged: not judged).
        var outcome: Outcome {
            if status.isFailure { return .failed }
            var worst = Outcome.notJudged
            for measure in measures {
                let outcome: Outcome
                switch measure.judgement.verdict {
                case .regression: outcome = measure.gates ? .regression : .slower
                case .referenceMoved: outcome = .referenceMoved
                case .improvement: outcome = .improvement
                case .pass: outcome = .pass
                case .notJudged: outcome = .notJudged
                }
                worst = min(worst, outcome)
            }
            return worst
        }
    }

    /// The run judged, as given.
    var run: String
    var store: String
    var branch: String
    var window: Int
    /// Earlier runs of the run's machine and plan on the branch.
    var earlierRuns: Int
    var rows: [Row]
    /// Cases of the newest earlier run that this run has no row for.
    var missing: [String]
    /// Whether missing rows only warn.
    var allowMissing: Bool

    var failsCI: Bool { rows.contains { $0.outcome.fails } || (!allowMissing && !missing.isEmpty) }

    /// Rows that fail, then (unless allowed) the missing cases: what the exit message counts.
    var failing: Int { rows.filter { $0.outcome.fails }.count + (allowMissing ? 0 : missing.count) }

    var counts: [Outcome: Int] { rows.reduce(into: [:]) { $0[$1.outcome, default: 0] += 1 } }

    /// `PASS — …` or `FAIL — …`: the counts per outcome, then (failing) the first three failing rows.
    var headline: String {
        let counts = counts
        let parts = Outcome.allCases.compactMap { outcome in counts[outcome].map { "\($0) \(outcome.phrase)" } }
            + (missing.isEmpty ? [] : ["\(missing.count) missing\(allowMissing ? " (allowed)" : "")"])
        var line = (failsCI ? "FAIL" : "PASS") + " — " + Verdict.plural(rows.count, "row") + " against history: " + parts.joined(separator: ", ")
        let failing = rows.filter { $0.outcome.fails }.map(\.label) + (allowMissing ? [] : missing)
        if !failing.isEmpty {
            line += "; failing: " + failing.prefix(3).map(TerminalText.visible).joined(separator: ", ") + (failing.count > 3 ? ", …" : "")
        }
        return line
    }
}
