import RunResults

/// One engine × workload × size, compared.
public struct RowComparison: Hashable, Sendable, Codable {
    public var engine: Subject
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

    public init(engine: Subject, workload: String, size: Int, parameters: String) {
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
