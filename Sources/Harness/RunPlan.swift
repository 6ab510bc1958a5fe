import DiffEngines
import Foundation
import Workloads
import RunResults

/// What a run measures: engines × cases, and how long it may spend on each.
public struct RunPlan: Sendable {
    /// One dataset to run every engine on.
    public enum Source: Hashable, Sendable {
        /// Generated in memory from a workload (and saved under `datasetsDirectory`).
        case generated(workload: WorkloadName, size: Int, parameters: [String: String])
        /// A dataset file (or a pair of plain JSON arrays, "OLD,NEW").
        case file(String)

        public var label: String {
            switch self {
            case let .generated(workload, size, parameters):
                let extra = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                return "\(workload.rawValue)@\(size)" + (extra.isEmpty ? "" : "[\(extra.joined(separator: ","))]")
            case let .file(path): return path
            }
        }
    }

    /// The engines to run, by name, looked up in ``registry``.
    public var engines: [EngineName]
    /// Where the engines' descriptors come from (the built-ins unless given).
    public var registry: EngineRegistry
    /// Time the `floor` reference too (one dictionary build + one probe per new id).
    public var includeFloor: Bool
    public var cases: [Source]

    /// What each case times, in order: the engines, then the floor when
    /// ``includeFloor``.
    public var subjects: [Subject] { engines.map(Subject.engine) + (includeFloor ? [.floor] : []) }
    /// The element kinds every dataset is timed as (each with its own
    /// stdlib and floor references, so ratios stay within a kind).
    public var elementKinds: [ElementKind]
    public var seed: UInt64
    /// Rounds of samples per dataset at least (one sample of every engine a
    /// round), unless an engine's time budget runs out first.
    public var minSamples: Int
    /// Seconds the rounds of one dataset last at least.
    public var minTime: Double
    /// Most samples one engine takes on one dataset.
    public var maxSamples: Int
    /// Seconds one engine may spend on one dataset; a case predicted to need
    /// more than this for a single call is skipped with the prediction as
    /// reason. 0 is no limit: no call is refused on its prediction, and every
    /// engine takes its minimum rounds however long they last.
    public var timeBudget: Double
    /// ``timeBudget``, or nil when it is 0 (no limit).
    public var timeLimit: Double? { timeBudget > 0 ? timeBudget : nil }
    /// Seconds the untimed pair facts may take (the fewest edits where ids
    /// repeat): a quarter of the budget, or of the default one with no limit,
    /// since facts past it are only bounded, never wrong.
    var factsSeconds: Double { (timeLimit ?? RunPlan.defaultTimeBudget) / 4 }
    /// Aim of one sample in nanoseconds: fast calls are repeated inside a
    /// sample until it lasts about this long, so the clock's own cost vanishes.
    public var sampleTargetNanoseconds: Double
    public var lcsMemoryBudget: Int
    /// Seconds each engine call may search (`run --deadline`,
    /// ``DiffOptions/deadline``), or nil for no bound. A row cut short says
    /// so in its `approximate` column.
    public var deadline: Double?
    /// Run the memory pass (the allocation hook).
    public var measureMemory: Bool
    /// Folder where generated datasets are saved (nil: not saved).
    public var datasetsDirectory: String?
    /// Folder of this run's reports.
    public var outputDirectory: String
    /// A file case's path (absolute, so that a change of working folder
    /// cannot redirect it) as the user spelled it, for the progress line;
    /// a case not here is shown by its path.
    public var shownPaths: [String: String] = [:]
    /// The performance targets to record with the run (results.json
    /// `targets`; the CLI gives the project's catalog); nil records none.
    public var targets: [PerformanceTarget]?
    public var runName: String
    /// Count each row's instructions under callgrind after the timed pass
    /// (``InstructionCounter``; `run --instructions`, always in the CI plan).
    public var countInstructions = false
    /// Where each verified answer's sliders are placed before it is checked
    /// again (`run --sliders`); untimed, so times are the engine's alone.
    public var sliders: SliderPolicy = .none
    /// The diffbench executable the instruction pass runs under valgrind
    /// (nil: this process's own executable).
    public var instructionExecutable: String?
    /// `K/N` when this run is shard K of N of a larger plan (`run --shard`);
    /// recorded so `merge` can check the shards belong together.
    public var shard: ShardLabel?
    /// Where engines are called: in worker processes (the default of
    /// `run`), or in this process (`run --in-process`, and the library's
    /// default, for tests and debugging).
    public var isolation: Isolation = .inProcess
    /// Seconds a case (one dataset × kind in a worker) may take before its
    /// worker is killed and the engine it was calling gets a `timed-out`
    /// row (`--case-timeout`); nil: ``caseLimitSeconds(predictedCalls:)``.
    public var caseTimeout: Double?
    /// Bytes of address space a worker may take (`--case-memory`), enforced
    /// with `setrlimit(RLIMIT_AS)` in the worker; nil: ``defaultCaseMemory``.
    public var caseMemory: Int?

    /// Where a run calls the engines.
    public enum Isolation: Sendable, Hashable {
        /// Every call in this process: a crash or a hang of an engine ends or stalls the run.
        case inProcess
        /// Each dataset × kind in a child process of `executable`, a
        /// diffbench (or a tool built on `DiffBenchCLI.main(engines:)`)
        /// that has the hidden `measure-case` subcommand and the same engines.
        case workers(executable: String)
    }

    /// The default wall-clock limit of a case whose timed engines are
    /// predicted to take `predictedCalls` seconds a call (nil: no
    /// prediction, a linear engine or the floor). Each engine may spend
    /// its time budget in the rounds, plus its verifying call, the call
    /// that overruns the budget and the memory pass's call (slower under
    /// the allocation hook: counted twice); the facts may take a quarter of
    /// the budget. Twice that, for a loaded machine, plus 30 s for making
    /// the dataset, verifying and start-up. Never unbounded. O(subjects).
    ///
    /// With no time budget (0) an engine's rounds are its minimum rounds at
    /// its predicted seconds a call (at least one second a call where
    /// nothing is predicted), so the limit still follows the work.
    public func caseLimitSeconds(predictedCalls: [Double?]) -> Double {
        let calls = predictedCalls.reduce(0.0) { total, predicted in
            guard let budget = timeLimit else { return total + Double(minSamples + 4) * max(predicted ?? 1, 1) }
            return total + budget + 4 * min(predicted ?? 0, budget)
        }
        return 30 + 2 * (factsSeconds + minTime + calls)
    }

    /// The limit while a worker makes its dataset, before it has predicted its calls.
    var caseStartLimitSeconds: Double { caseTimeout ?? 60 + 2 * (timeLimit ?? RunPlan.defaultTimeBudget) }

    /// Half the machine's physical memory: a worker past it is stopped
    /// before it takes the machine (and the parent) down with it.
    public static var defaultCaseMemory: Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, size > 0 else { return 4 << 30 }
        return pages * size / 2
    }

    public init(
        engines: [EngineName]? = nil, registry: EngineRegistry = .builtIns, includeFloor: Bool = true, cases: [Source],
        elementKinds: [ElementKind] = [.int], seed: UInt64 = 1,
        minSamples: Int = 10, minTime: Double = 0.1, maxSamples: Int = 200, timeBudget: Double = RunPlan.defaultTimeBudget,
        sampleTargetNanoseconds: Double = 500_000, lcsMemoryBudget: Int = DiffOptions.defaultLCSMemoryBudget,
        measureMemory: Bool = true, datasetsDirectory: String? = nil, outputDirectory: String, runName: String
    ) {
        self.engines = engines ?? registry.names
        self.registry = registry
        self.includeFloor = includeFloor
        self.cases = cases
        self.elementKinds = elementKinds
        self.seed = seed
        self.minSamples = minSamples
        self.minTime = minTime
        self.maxSamples = maxSamples
        self.timeBudget = timeBudget
        self.sampleTargetNanoseconds = sampleTargetNanoseconds
        self.lcsMemoryBudget = lcsMemoryBudget
        self.measureMemory = measureMemory
        self.datasetsDirectory = datasetsDirectory
        self.outputDirectory = outputDirectory
        self.runName = runName
    }

    /// The sizes every workload runs at in the default plan, before its own extra sizes.
    public static let defaultSizes = [100, 1_000, 10_000]
    /// Seconds one engine may spend on one dataset (`run`), or on the pair
    /// (`diff`), before a call predicted to need more is refused: one
    /// default for every command that takes `--time-budget`.
    public static let defaultTimeBudget: Double = 5
    /// The sizes every workload runs at in the CI plan, before its own extra sizes.
    public static let ciSizes = [100, 1_000]

    /// The default suite (`make bench`): every workload outside a family
    /// (``WorkloadName/planned``) at 100, 1,000 and 10,000, plus the sizes each workload's catalog entry adds
    /// (``WorkloadDescriptor/benchSizes``: the scaling fits' 100,000 points
    /// and the sizes the performance targets name).
    public static func defaultCases(workloads: [WorkloadName] = WorkloadName.planned, sizes: [Int] = defaultSizes)
        -> [Source]
    {
        cases(workloads: workloads, sizes: sizes) { $0.benchSizes }
    }

    /// The CI gate's plan (`make bench-ci`): every workload outside a family
    /// at 100 and 1,000, plus the sizes each catalog entry adds for CI
    /// (``WorkloadDescriptor/ciSizes``). A new workload outside a family
    /// joins the gate by being registered; its rows then must be in the baseline.
    public static func ciCases(workloads: [WorkloadName] = WorkloadName.planned, sizes: [Int] = ciSizes) -> [Source] {
        cases(workloads: workloads, sizes: sizes) { $0.ciSizes }
    }

    static func cases(workloads: [WorkloadName], sizes: [Int], extra: (WorkloadDescriptor) -> [Int]) -> [Source] {
        var cases: [Source] = []
        for workload in workloads {
            let more = WorkloadCatalog.descriptor(named: workload.rawValue).map(extra) ?? []
            for size in Set(sizes + more).sorted() {
                cases.append(.generated(workload: workload, size: size, parameters: [:]))
            }
        }
        return cases
    }

    /// The descriptors of ``engines``; a name the registry does not know is
    /// the unknown-engine error listing the registered names.
    public func descriptors() throws(DiffError) -> [EngineDescriptor] {
        var found: [EngineDescriptor] = []
        for name in engines { found.append(try registry.lookup(name.rawValue)) }
        return found
    }

    /// The catalog's declaration of each generated workload of the plan, in
    /// plan order (a dataset file's workload is not in the catalog). O(cases).
    public var workloadInfos: [WorkloadInfo] {
        var names: [String] = []
        for case let .generated(workload, _, _) in cases where !names.contains(workload.rawValue) { names.append(workload.rawValue) }
        return names.compactMap { WorkloadCatalog.descriptor(named: $0)?.info }
    }

    /// The element kinds of the plan, as recorded.
    public var elementKindInfos: [ElementKindInfo] { elementKinds.map(\.entry.info) }

    /// How the run's engines (and the floor, when timed) are presented.
    public var engineInfos: [EngineInfo] {
        engines.compactMap { registry.descriptor(named: $0)?.info } + (includeFloor ? [EngineRegistry.floor] : [])
    }

    public var summary: PlanSummary {
        var workloads: [WorkloadName] = []
        var sizes: [Int] = []
        var extra: [String] = []
        for source in cases {
            switch source {
            case let .generated(workload, size, _):
                if !workloads.contains(workload) { workloads.append(workload) }
                if !sizes.contains(size) { sizes.append(size) }
            case let .file(path): extra.append(path)
            }
        }
        return PlanSummary(
            engines: subjects, workloads: workloads, sizes: sizes.sorted(),
            extraCases: extra, minSamples: minSamples, minTimeSeconds: minTime, timeBudgetSeconds: timeBudget,
            lcsMemoryBudgetBytes: lcsMemoryBudget, elements: elementKinds, shard: shard,
            instructions: countInstructions, sliders: sliders.rawValue, deadlineSeconds: deadline)
    }

    /// Shard `index` (1-based) of `count`: every count-th case from the
    /// index-th, in plan order. Deterministic, the shards are disjoint and
    /// together make the whole plan; each case keeps every engine and the
    /// references, so its ratios stay valid within its shard. O(cases).
    public static func shard(_ cases: [Source], index: Int, of count: Int) -> [Source] {
        precondition(count >= 1 && index >= 1 && index <= count, "shard \(index)/\(count)")
        return cases.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
