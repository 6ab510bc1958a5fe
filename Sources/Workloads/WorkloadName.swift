import SplitMix
import InputFiles
import RunResults

/// The generated workloads: the name type and the constants that spell
/// each name are ``WorkloadName`` in RunResults (a row's `workload` column);
/// what each one is — summary, knobs, generator, the sizes the plans add —
/// is registered once, in ``WorkloadCatalog``, and read here.
extension WorkloadName {
    /// The catalog's workload called `name`, or nil (a user's dataset name,
    /// a typo). O(workloads).
    public init?(registered name: String) {
        guard WorkloadCatalog.descriptor(named: name) != nil else { return nil }
        self.init(name)
    }

    /// Whether this name is a generated workload's (one a job can make). O(workloads).
    public var isRegistered: Bool { WorkloadCatalog.descriptor(named: rawValue) != nil }

    /// Every registered workload, in the catalog's order.
    public static var allCases: [WorkloadName] { WorkloadCatalog.all.map(\.name) }

    /// The workloads the default and CI plans run: every registered one
    /// outside a family (families are opt-in, ``WorkloadDescriptor/family``).
    public static var planned: [WorkloadName] { WorkloadCatalog.all.filter { $0.family == nil }.map(\.name) }

    /// The family this workload belongs to, if any.
    public var family: String? { descriptor.family }

    /// Names the generator code in every dataset file written.
    public static let generatorVersion = Dataset.generatorVersion

    /// The largest size accepted: ten million elements already take
    /// gigabytes once diffed; beyond that a typo is likelier than an intent.
    public static let maximumSize = 10_000_000

    var descriptor: WorkloadDescriptor {
        guard let found = WorkloadCatalog.descriptor(named: rawValue) else {
            preconditionFailure("workload \(rawValue) is not in the catalog")
        }
        return found
    }

    /// One line for `--list` and `--help`.
    public var summary: String { descriptor.summary }

    /// The knobs this workload takes, with their defaults.
    public var parameters: [WorkloadParameter] { descriptor.parameters }

    /// Generates this workload. Same size, seed and parameters give the same
    /// dataset on every machine. Time and memory are O(n) except where a
    /// workload says otherwise.
    ///
    /// `parameters` may leave knobs out (their defaults are used); the
    /// dataset records every knob's effective value.
    public func make(size: Int, seed: UInt64, parameters: [String: String] = [:]) throws(WorkloadError) -> Dataset {
        guard size >= 0 else { throw .negativeSize(size) }
        guard size <= WorkloadName.maximumSize else { throw .sizeTooLarge(size, limit: WorkloadName.maximumSize) }
        let knobs = try WorkloadKnobs(workload: self, given: parameters)
        var rng = SplitMix64(seed: seed)
        var dataset = try descriptor.generate(size, knobs, &rng)
        dataset.workload = rawValue
        dataset.size = size
        dataset.seed = seed
        dataset.parameters = knobs.effective
        return dataset
    }

    /// The workload called `name`, or the unknown-workload error listing the names.
    public init(validating name: String) throws(WorkloadError) {
        guard let workload = WorkloadName(registered: name) else { throw .unknownWorkload(name) }
        self = workload
    }
}

/// Generates the workload called `workload` (the string entry point for the
/// runner and the CLI; see ``WorkloadName/make(size:seed:parameters:)``).
/// Call it as `Workloads.make(workload:size:seed:parameters:)`.
public func make(workload: String, size: Int, seed: UInt64, parameters: [String: String] = [:]) throws(WorkloadError) -> Dataset {
    try WorkloadName(validating: workload).make(size: size, seed: seed, parameters: parameters)
}
