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
public struct WorkloadName: Hashable, Sendable, Comparable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as results.json and results.csv write it.
    public let rawValue: String

    /// The workload a results file, a dataset or the command line spells
    /// `name`, generated or not.
    public init(_ name: String) { rawValue = name }

    public init(stringLiteral value: String) { rawValue = value }

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

    public var description: String { rawValue }

    /// By name, as the rows' strings sorted before the column was typed, so
    /// every table and series keeps its order.
    public static func < (lhs: WorkloadName, rhs: WorkloadName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Read as the bare string, so results files keep their bytes.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
