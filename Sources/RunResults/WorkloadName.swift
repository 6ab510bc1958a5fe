/// A workload's stable name: the results document's `workload` column,
/// typed from the command line to the report, the targets and the history
/// store, so that no module compares a row's workload with a loose string.
///
/// The name is open, like ``Subject``: a row measured on the user's own
/// lists carries the name its dataset gives (a file's, a git pair's), not
/// a generated workload's. The constants below are the one place that
/// spells the generated workloads' names (a contract: the runner, the
/// charts, the CI report and the dataset files use them); what each one is
/// — summary, knobs, generator, the sizes the plans add — is registered
/// once, in `WorkloadCatalog` (Workloads), which also answers whether a
/// name is a generated workload (`WorkloadName(registered:)`).
public struct WorkloadName: StringNamed {
    public let rawValue: String

    public init(_ name: String) { rawValue = name }

    public static let same: WorkloadName = "same"
    public static let created: WorkloadName = "created"
    public static let deleted: WorkloadName = "deleted"
    public static let shuffled: WorkloadName = "shuffled"
    public static let mixed: WorkloadName = "mixed"
    public static let feed: WorkloadName = "feed"
    public static let updates: WorkloadName = "updates"
    public static let duplicates: WorkloadName = "duplicates"
    public static let text: WorkloadName = "text"
    public static let sectioned: WorkloadName = "sectioned"
    public static let pathologicalDisjoint: WorkloadName = "pathological-disjoint"
    public static let pathologicalPatience: WorkloadName = "pathological-patience"
    public static let pathologicalIdentical: WorkloadName = "pathological-identical"
    public static let pathologicalFrequent: WorkloadName = "pathological-frequent"
    public static let periodic: WorkloadName = "periodic"
}
