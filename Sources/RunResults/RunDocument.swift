
/// `results.json`: the rows plus the environment and the plan, versioned.
public struct RunDocument: Hashable, Sendable, Codable {
    public static let schemaName = "diffbench.results"
    /// 2 added the `elements` column and the `engines` record; 3 the rows'
    /// `reason_code` and `predicted_seconds`. Version 1 files (all `int`, no
    /// record) and version 2 files are still read (``upgradedFromOlderVersion()``).
    ///
    /// The catalog records (`workloads`, `element_kinds`, `targets`, and
    /// the engines' `claims`) are optional additions within version 3, not a
    /// version 4: they change no field's meaning, so a diffbench that knows
    /// version 3 but not them still reads the file whole, and a reader that
    /// knows them treats their absence as an older file (`targets` then uses
    /// its own catalog and says so).
    public static let currentVersion = 3
    public static let readableVersions = 1...3

    public var schema: String
    public var version: Int
    public var environment: RunEnvironment
    public var plan: PlanSummary
    /// True once every planned case has a row (false in a file left by an interrupted run).
    public var complete: Bool
    /// How to present each engine of the run (name, summary, colour, symbol,
    /// rules); absent in files written before it existed.
    public var engines: [EngineInfo]?
    /// The machines of a merge of shards made on different machines (`merge
    /// --allow-mixed-machines`): each row's `machine` indexes this list.
    /// Nil when `environment` measured every row.
    public var machines: [RunEnvironment]?
    public var rows: [ResultRow]
    /// What was measured about each dataset's data (``DatasetShape``), in
    /// run order; nil in files written before it existed.
    public var datasets: [DatasetShape]?
    /// The catalog's declaration of each generated workload the run ran
    /// (its data shape and knobs), in plan order; nil in files written
    /// before it existed.
    public var workloads: [WorkloadInfo]?
    /// Each element kind the run timed (name and summary), in plan order;
    /// nil in files written before it existed.
    public var elementKinds: [ElementKindInfo]?
    /// The performance targets the run was made with, which `diffbench
    /// targets` evaluates; nil in files written before it existed (then
    /// the reading binary's own catalog stands in, and says so).
    public var targets: [PerformanceTarget]?

    enum CodingKeys: String, CodingKey {
        case schema, version, environment, plan, complete, engines, machines, rows, datasets, workloads, targets
        case elementKinds = "element_kinds"
    }

    /// The recorded shape of the dataset `row` was measured on, if any. O(datasets).
    public func shape(of row: ResultRow) -> DatasetShape? {
        datasets?.first { $0.describes(row) }
    }

    /// The machine that measured `row`. O(1).
    public func environment(of row: ResultRow) -> RunEnvironment {
        guard let index = row.machine, let machines, machines.indices.contains(index) else { return environment }
        return machines[index]
    }

    public init(
        environment: RunEnvironment, plan: PlanSummary, complete: Bool, engines: [EngineInfo]? = nil, rows: [ResultRow]
    ) {
        self.schema = RunDocument.schemaName
        self.version = RunDocument.currentVersion
        self.environment = environment
        self.plan = plan
        self.complete = complete
        self.engines = engines
        self.rows = rows
    }
}

extension RunDocument {
    /// The explicit reader of an older schema: a version 1 or 2 document's
    /// rows get the ``ResultRow/ReasonCode`` their status and reason text
    /// stand for (``ResultRow/reasonCodeOfOlderFile``); a current document
    /// is returned as it is. The version stays what the file said. O(rows).
    public func upgradedFromOlderVersion() -> RunDocument {
        guard version < 3 else { return self }
        var document = self
        for index in document.rows.indices where document.rows[index].reasonCode == nil {
            document.rows[index].reasonCode = document.rows[index].reasonCodeOfOlderFile
        }
        return document
    }
}

/// Where and how a run was made.
public struct RunEnvironment: Hashable, Sendable, Codable {
    public var swiftVersion: String
    public var os: String
    public var cpu: String
    public var cores: Int
    public var memoryBytes: Int
    public var buildConfiguration: String
    public var gitCommit: String
    public var seed: UInt64
    public var startTime: String
    public var runName: String
    /// The 1-, 5- and 15-minute load averages (`/proc/loadavg`) when the run
    /// began and when it ended; nil where unreadable and in older files.
    public var loadAverageBefore: [Double]?
    public var loadAverageAfter: [Double]?

    /// Whether another program competed for the cores: the 1-minute load
    /// average at the start was at least half the cores, or at the end at
    /// least half the cores plus one (the run's own process, and its case
    /// worker, account for about one). Timings of a busy machine are
    /// noisier and slower; the closing screen says so. O(1).
    public var machineWasBusy: Bool {
        let half = Double(max(cores, 1)) / 2
        if let before = loadAverageBefore?.first, before >= half { return true }
        if let after = loadAverageAfter?.first, after >= half + 1 { return true }
        return false
    }

    enum CodingKeys: String, CodingKey {
        case swiftVersion = "swift_version"
        case os, cpu, cores
        case memoryBytes = "memory_bytes"
        case buildConfiguration = "build_configuration"
        case gitCommit = "git_commit"
        case seed
        case startTime = "start_time"
        case runName = "run_name"
        case loadAverageBefore = "load_average_before"
        case loadAverageAfter = "load_average_after"
    }

    public init(
        swiftVersion: String, os: String, cpu: String, cores: Int, memoryBytes: Int, buildConfiguration: String,
        gitCommit: String, seed: UInt64, startTime: String, runName: String
    ) {
        self.swiftVersion = swiftVersion
        self.os = os
        self.cpu = cpu
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.buildConfiguration = buildConfiguration
        self.gitCommit = gitCommit
        self.seed = seed
        self.startTime = startTime
        self.runName = runName
    }
}

/// The plan as recorded in the results (enough to rerun it).
public struct PlanSummary: Hashable, Sendable, Codable {
    public var engines: [String]
    public var workloads: [String]
    public var sizes: [Int]
    public var extraCases: [String]
    public var minSamples: Int
    public var minTimeSeconds: Double
    public var timeBudgetSeconds: Double
    public var lcsMemoryBudgetBytes: Int
    /// The element kinds every dataset was timed as; nil before kinds existed (`int` only).
    public var elements: [String]?
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
        engines: [String], workloads: [String], sizes: [Int], extraCases: [String], minSamples: Int,
        minTimeSeconds: Double, timeBudgetSeconds: Double, lcsMemoryBudgetBytes: Int, elements: [String]? = nil,
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
