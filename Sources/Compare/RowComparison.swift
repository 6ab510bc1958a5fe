import RunResults

/// One engine × workload × size, compared.
package struct RowComparison: Hashable, Sendable, Codable {
    package var engine: Subject
    package var workload: WorkloadName
    package var size: Int
    package var parameters: String
    package var verdict: Verdict
    /// The timing figure compared (nil when the row was not timed in both runs).
    package var metric: TimingMetric?
    package var baseline: Double?
    package var current: Double?
    /// current / baseline − 1 of the timing figure.
    package var change: Double?
    /// current / baseline − 1 of the instruction count (nil when not counted in both).
    package var instructionChange: Double?
    package var findings: [Finding]

    package init(engine: Subject, workload: WorkloadName, size: Int, parameters: String) {
        self.engine = engine
        self.workload = workload
        self.size = size
        self.parameters = parameters
        self.verdict = .unchanged
        self.findings = []
    }

    /// `engine workload@size` (with parameters when there are any).
    package var label: String {
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
