
/// `results.json`: the rows plus the environment and the plan, versioned.
public struct RunDocument: Hashable, Sendable, Codable {
    public static let schemaName = "diffbench.results"
    /// 2 added the `elements` column and the `engines` record; 3 the rows'
    /// `reason_code` and `predicted_seconds`. Version 1 files (all `int`, no
    /// record) and version 2 files are still read (``init(from:)``).
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
    /// rules). Nil in files written before it existed: the reading build's
    /// registry may present an engine otherwise than the run's did, so the
    /// reader fills nothing in and each consumer says what stands in.
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
    /// The one reader of every results file, the quick decoder's and
    /// Foundation's alike: what an older file (schema 1 or 2, or a version 3
    /// file written before a plan field existed) leaves out is filled in
    /// here with what its run did, once, so no reader branches on it. The
    /// rows' ``ResultRow/ReasonCode`` comes from their status and reason
    /// text (``ResultRow/reasonCodeOfOlderFile``); a plan without
    /// `elements` used the kinds its rows show (`int` for none); a plan
    /// without `instructions` counted them iff a row has a count. The
    /// version stays what the file said. O(rows).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema = try container.decode(String.self, forKey: .schema)
        version = try container.decode(Int.self, forKey: .version)
        environment = try container.decode(RunEnvironment.self, forKey: .environment)
        plan = try container.decode(PlanSummary.self, forKey: .plan)
        complete = try container.decode(Bool.self, forKey: .complete)
        engines = try container.decodeIfPresent([EngineInfo].self, forKey: .engines)
        machines = try container.decodeIfPresent([RunEnvironment].self, forKey: .machines)
        rows = try container.decode([ResultRow].self, forKey: .rows)
        datasets = try container.decodeIfPresent([DatasetShape].self, forKey: .datasets)
        workloads = try container.decodeIfPresent([WorkloadInfo].self, forKey: .workloads)
        elementKinds = try container.decodeIfPresent([ElementKindInfo].self, forKey: .elementKinds)
        targets = try container.decodeIfPresent([PerformanceTarget].self, forKey: .targets)
        if plan.elements.isEmpty {
            for row in rows where !plan.elements.contains(row.elements) { plan.elements.append(row.elements) }
            if plan.elements.isEmpty { plan.elements = [.int] }
        }
        let planFields = try container.nestedContainer(keyedBy: PlanSummary.CodingKeys.self, forKey: .plan)
        if !planFields.contains(.instructions) { plan.instructions = rows.contains { $0.instructions != nil } }
        if version < 3 {
            for index in rows.indices where rows[index].reasonCode == nil {
                rows[index].reasonCode = rows[index].reasonCodeOfOlderFile
            }
        }
    }
}
