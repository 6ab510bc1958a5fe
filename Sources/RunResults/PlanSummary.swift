/// The plan as recorded in the results (enough to rerun it).
public struct PlanSummary: Hashable, Sendable, Codable {
    public var engines: [Subject]
    public var workloads: [WorkloadName]
    public var sizes: [Int]
    public var extraCases: [String]
    public var minSamples: Int
    public var minTimeSeconds: Double
    public var timeBudgetSeconds: Double
    public var lcsMemoryBudgetBytes: Int
    /// The element kinds every dataset was timed as. A file written before
    /// the plan recorded them is read with the kinds its rows show (`int`
    /// before kinds existed): ``RunDocument/init(from:)``.
    public var elements: [ElementKind]
    /// Shard K of N (`run --shard`), written `"K/N"`; nil for a whole plan or a merged run.
    public var shard: ShardLabel?
    /// True when the run counted instructions (`run --instructions`). A
    /// file written before the plan said so is read as counting them iff a
    /// row has a count (``RunDocument/init(from:)``).
    public var instructions: Bool
    /// The slider policy of `run --sliders` (none, down, indent); `none` in
    /// a file written before the option existed, which placed none.
    public var sliders: String
    /// Seconds each engine call might search (`run --deadline`); nil without one.
    public var deadlineSeconds: Double?

    enum CodingKeys: String, CodingKey {
        case engines, workloads, sizes, elements
        case deadlineSeconds = "deadline_seconds"
        case extraCases = "extra_cases"
        case minSamples = "min_samples"
        case minTimeSeconds = "min_time_seconds"
        case timeBudgetSeconds = "time_budget_seconds"
        case lcsMemoryBudgetBytes = "lcs_memory_budget_bytes"
        case shard, instructions, sliders
    }

    public init(
        engines: [Subject], workloads: [WorkloadName], sizes: [Int], extraCases: [String], minSamples: Int,
        minTimeSeconds: Double, timeBudgetSeconds: Double, lcsMemoryBudgetBytes: Int, elements: [ElementKind] = [.int],
        shard: ShardLabel? = nil, instructions: Bool = false, sliders: String = "none", deadlineSeconds: Double? = nil
    ) {
        self.sliders = sliders
        self.deadlineSeconds = deadlineSeconds
        self.elements = elements
        self.engines = engines
        self.workloads = workloads
        self.sizes = sizes
        self.extraCases = extraCases
        self.minSamples = minSamples
        self.minTimeSeconds = minTimeSeconds
        self.timeBudgetSeconds = timeBudgetSeconds
        self.lcsMemoryBudgetBytes = lcsMemoryBudgetBytes
        self.shard = shard
        self.instructions = instructions
    }

    /// Reads the plan; what a file written before a field existed leaves
    /// out is read as what that file's run did: no sliders placed, no
    /// instructions counted and no kinds named (``elements`` empty, a value
    /// no run writes) until ``RunDocument/init(from:)`` fills both in from
    /// the rows, the one place that sees them. O(fields).
    public init(from decoder: any Decoder) throws {
        let plan = try decoder.container(keyedBy: CodingKeys.self)
        engines = try plan.decode([Subject].self, forKey: .engines)
        workloads = try plan.decode([WorkloadName].self, forKey: .workloads)
        sizes = try plan.decode([Int].self, forKey: .sizes)
        extraCases = try plan.decode([String].self, forKey: .extraCases)
        minSamples = try plan.decode(Int.self, forKey: .minSamples)
        minTimeSeconds = try plan.decode(Double.self, forKey: .minTimeSeconds)
        timeBudgetSeconds = try plan.decode(Double.self, forKey: .timeBudgetSeconds)
        lcsMemoryBudgetBytes = try plan.decode(Int.self, forKey: .lcsMemoryBudgetBytes)
        elements = try plan.decodeIfPresent([ElementKind].self, forKey: .elements) ?? []
        shard = try plan.decodeIfPresent(ShardLabel.self, forKey: .shard)
        instructions = try plan.decodeIfPresent(Bool.self, forKey: .instructions) ?? false
        sliders = try plan.decodeIfPresent(String.self, forKey: .sliders) ?? "none"
        deadlineSeconds = try plan.decodeIfPresent(Double.self, forKey: .deadlineSeconds)
    }
}
