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
    /// The element kinds every dataset was timed as; nil before kinds existed (`int` only).
    public var elements: [ElementKind]?
    /// Shard K of N (`run --shard`), written `"K/N"`; nil for a whole plan or a merged run.
    public var shard: ShardLabel?
    /// True when the run counted instructions (`run --instructions`); nil in older files.
    public var instructions: Bool?
    /// The slider policy of `run --sliders` (none, down, indent); nil in older files.
    public var sliders: String?
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
        minTimeSeconds: Double, timeBudgetSeconds: Double, lcsMemoryBudgetBytes: Int, elements: [ElementKind]? = nil,
        shard: ShardLabel? = nil, instructions: Bool? = nil, sliders: String? = nil, deadlineSeconds: Double? = nil
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
}
