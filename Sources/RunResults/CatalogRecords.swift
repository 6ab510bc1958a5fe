/// What a run records about each workload it ran (results.json
/// `workloads`): the data shape the catalog declares for it, so that a
/// reader on another machine, or a later build, knows what the rows' data
/// was like without knowing the workload's name. (What the run *measured*
/// about each dataset is ``DatasetShape``.)
public struct WorkloadInfo: Hashable, Sendable, Codable {
    /// Whether one list can hold an id twice.
    public enum IDs: String, Hashable, Sendable, Codable, CaseIterable {
        /// Every id appears at most once in each list.
        case unique
        /// Ids repeat within a list (plain values, lines of text).
        case repeating
    }

    /// One knob of a workload, with its default.
    public struct Parameter: Hashable, Sendable, Codable {
        public var name: String
        public var defaultValue: String
        public var help: String

        enum CodingKeys: String, CodingKey {
            case name, help
            case defaultValue = "default"
        }

        public init(name: String, defaultValue: String, help: String) {
            self.name = name
            self.defaultValue = defaultValue
            self.help = help
        }
    }

    /// The workload's stable name (result rows' `workload` column).
    public var name: String
    public var summary: String
    /// The family `run --workloads FAMILY` runs it with; nil for a planned workload.
    public var family: String?
    public var parameters: [Parameter]
    public var ids: IDs
    /// How the lengths go from old to new in terms of the size n (`n → 2.1n`).
    public var sizeChange: String
    /// The lists are grouped in sections.
    public var sectioned: Bool

    enum CodingKeys: String, CodingKey {
        case name, summary, family, parameters, ids, sectioned
        case sizeChange = "size_change"
    }

    public init(
        name: String, summary: String, family: String? = nil, parameters: [Parameter] = [], ids: IDs, sizeChange: String,
        sectioned: Bool = false
    ) {
        self.name = name
        self.summary = summary
        self.family = family
        self.parameters = parameters
        self.ids = ids
        self.sizeChange = sizeChange
        self.sectioned = sectioned
    }
}
