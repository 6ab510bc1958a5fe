import RunResults

/// What one engine × workload × size did between the baseline and the
/// current run. Ordered from the most to the least urgent: reports list rows
/// in this order.
public enum Verdict: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
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
    public var failsCI: Bool { self == .failed || self == .regression }

    public static func < (lhs: Verdict, rhs: Verdict) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One observation about a row: which figure, how it moved, how serious.
public struct Finding: Hashable, Sendable, Codable {
    public enum Aspect: String, Hashable, Sendable, Codable {
        case status, time, memory, quality, presence, instructions
    }
    public var aspect: Aspect
    /// The verdict this finding alone would give its row.
    public var verdict: Verdict
    public var message: String
    /// The figure the finding is about (`instructions`, `peak heap`, …) with
    /// its values and relative change, when it has numbers.
    public var metric: String?
    public var baseline: Double?
    public var current: Double?
    public var change: Double?

    public init(
        _ aspect: Aspect, _ verdict: Verdict, _ message: String, metric: String? = nil, baseline: Double? = nil,
        current: Double? = nil, change: Double? = nil
    ) {
        self.aspect = aspect
        self.verdict = verdict
        self.message = message
        self.metric = metric
        self.baseline = baseline
        self.current = current
        self.change = change
    }
}

/// The timing figure a row is compared on, the same kind in both runs.
public enum TimingMetric: String, Hashable, Sendable, Codable {
    /// The row's median over the `stdlib` median of the same dataset and run.
    case ratioToStdlib = "ratio_to_stdlib"
    /// The row's median over the `floor` median (for `stdlib` itself, or when
    /// stdlib was not timed).
    case ratioToFloor = "ratio_to_floor"
    /// Nanoseconds: only when neither reference was timed in both runs.
    /// Absolute times depend on the machine, so they never fail CI.
    case medianNs = "median_ns"

    /// Short column label.
    public var label: String {
        switch self {
        case .ratioToStdlib: return "×stdlib"
        case .ratioToFloor: return "×floor"
        case .medianNs: return "ns"
        }
    }
}

/// One engine × workload × size, compared.
public struct RowComparison: Hashable, Sendable, Codable {
    public var engine: String
    public var workload: String
    public var size: Int
    public var parameters: String
    public var verdict: Verdict
    /// The timing figure compared (nil when the row was not timed in both runs).
    public var metric: TimingMetric?
    public var baseline: Double?
    public var current: Double?
    /// current / baseline − 1 of the timing figure.
    public var change: Double?
    /// current / baseline − 1 of the instruction count (nil when not counted in both).
    public var instructionChange: Double?
    public var findings: [Finding]

    public init(engine: String, workload: String, size: Int, parameters: String) {
        self.engine = engine
        self.workload = workload
        self.size = size
        self.parameters = parameters
        self.verdict = .unchanged
        self.findings = []
    }

    /// `engine workload@size` (with parameters when there are any).
    public var label: String {
        "\(engine) \(workload)@\(size)" + (parameters.isEmpty ? "" : "[\(parameters)]")
    }

    init(key: IndexedRun.Key) {
        self.init(engine: key.engine, workload: key.workload, size: key.size, parameters: key.parameters)
    }

    /// The row's engine × workload × size × parameters, as runs are matched on.
    var key: IndexedRun.Key {
        IndexedRun.Key(engine: engine, workload: workload, size: size, parameters: parameters)
    }

    /// The most urgent verdict among the findings; unchanged when there are none.
    mutating func settle() {
        verdict = findings.map(\.verdict).min() ?? .unchanged
    }

    enum CodingKeys: String, CodingKey {
        case engine, workload, size, parameters, verdict, metric, baseline, current, change, findings
        case instructionChange = "instruction_change"
    }
}

/// Where a compared file came from, for the report's header.
public struct ComparedRun: Hashable, Sendable, Codable {
    public var path: String
    public var runName: String
    public var gitCommit: String
    public var buildConfiguration: String
    public var startTime: String
    public var complete: Bool

    public init(path: String, document: RunDocument) {
        self.path = path
        self.runName = document.environment.runName
        self.gitCommit = document.environment.gitCommit
        self.buildConfiguration = document.environment.buildConfiguration
        self.startTime = document.environment.startTime
        self.complete = document.complete
    }

    enum CodingKeys: String, CodingKey {
        case path
        case runName = "run_name"
        case gitCommit = "git_commit"
        case buildConfiguration = "build_configuration"
        case startTime = "start_time"
        case complete
    }
}

/// The whole comparison: every row, sorted most urgent first.
public struct ComparisonReport: Hashable, Sendable, Codable {
    public static let schemaName = "diffbench.compare"
    public static let currentVersion = 1

    public var schema = ComparisonReport.schemaName
    public var version = ComparisonReport.currentVersion
    public var baseline: ComparedRun
    public var current: ComparedRun
    /// The second run that timing regressions were re-measured in, if any
    /// (see ``confirmed(by:)``).
    public var confirmation: ComparedRun?
    public var thresholds: CompareThresholds
    /// When true, rows missing from the current run are reported but do
    /// not fail (`compare --allow-missing`, after a deliberate plan change).
    public var allowMissing = false
    /// Remarks about the runs as a whole (an incomplete run, different builds).
    public var notes: [String]
    public var rows: [RowComparison]

    public init(baseline: ComparedRun, current: ComparedRun, thresholds: CompareThresholds, notes: [String], rows: [RowComparison]) {
        self.baseline = baseline
        self.current = current
        self.thresholds = thresholds
        self.notes = notes
        self.rows = rows
    }

    /// True when this row makes the comparison fail: a failed verification,
    /// a regression, or (unless ``allowMissing``) a missing row or figure.
    public func fails(_ row: RowComparison) -> Bool {
        row.verdict.failsCI || (!allowMissing && row.verdict == .missing)
    }

    /// True when some row fails (``fails(_:)``): exit status 1.
    public var failsCI: Bool { rows.contains(where: fails) }

    /// Rows per verdict.
    public var counts: [Verdict: Int] {
        var counts: [Verdict: Int] = [:]
        for row in rows { counts[row.verdict, default: 0] += 1 }
        return counts
    }

    /// The one-line verdict reports start with: PASS or FAIL, then the
    /// counts (plurals right), then, when failing, the first three failing
    /// rows with the figure that failed and its change.
    public var headline: String {
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

extension Verdict {
    /// "1 regression", "2 regressions", "3 missing rows", "1 failed verification".
    public func counted(_ count: Int) -> String {
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
    public static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)" + (count == 1 ? "" : "s")
    }
}
