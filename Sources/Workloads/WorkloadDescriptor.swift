import SplitMix
import InputFiles
import RunResults

/// A workload as the catalog holds it: what it stands for, the shape of its
/// data, its knobs, its generator, and the sizes the plans add for it.
public struct WorkloadDescriptor: Sendable {
    public var name: WorkloadName
    /// One line for `generate --list` and `--help`.
    public var summary: String
    /// Whether a list can hold an id twice (declared, and recorded with
    /// each run in results.json's `workloads`; a run also measures it per
    /// dataset, ``DatasetShape/idsRepeat``).
    public var ids: WorkloadInfo.IDs
    /// How the lengths go from old to new, in terms of n (`n → 2.1n`).
    public var sizeChange: String
    /// The lists are grouped in sections.
    public var sectioned: Bool
    /// The knobs it takes, with their defaults.
    public var parameters: [WorkloadParameter]
    /// Sizes the default plan (`make bench`) runs besides 100, 1,000 and 10,000.
    public var benchSizes: [Int]
    /// Sizes the CI plan (`make bench-ci`) runs besides 100 and 1,000.
    public var ciSizes: [Int]
    /// The family it belongs to, if any: `run --workloads FAMILY` runs
    /// every workload of the family. A workload in a family is opt-in: the
    /// default and CI plans leave it out (``WorkloadName/planned``), so a
    /// family of stress inputs never lengthens `make bench` or changes the CI
    /// gate's rows.
    public var family: String?
    /// The two lists for a size; the checked knobs and the seeded generator are given.
    public var generate: @Sendable (Int, WorkloadKnobs, inout SplitMix64) throws(WorkloadError) -> Dataset

    public init(
        name: WorkloadName, summary: String, ids: WorkloadInfo.IDs, sizeChange: String, sectioned: Bool = false,
        parameters: [WorkloadParameter] = [], benchSizes: [Int] = [], ciSizes: [Int] = [], family: String? = nil,
        generate: @escaping @Sendable (Int, WorkloadKnobs, inout SplitMix64) throws(WorkloadError) -> Dataset
    ) {
        self.name = name
        self.summary = summary
        self.ids = ids
        self.sizeChange = sizeChange
        self.sectioned = sectioned
        self.parameters = parameters
        self.benchSizes = benchSizes
        self.ciSizes = ciSizes
        self.family = family
        self.generate = generate
    }

    /// What a run records about this workload (results.json `workloads`).
    public var info: WorkloadInfo {
        WorkloadInfo(
            name: name.rawValue, summary: summary, family: family,
            parameters: parameters.map { WorkloadInfo.Parameter(name: $0.name, defaultValue: $0.defaultValue, help: $0.help) },
            ids: ids, sizeChange: sizeChange, sectioned: sectioned)
    }
}
