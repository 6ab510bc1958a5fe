import InputFiles

/// What a run measured about one dataset's data, recorded in results.json
/// (`datasets`) so that the report decides "which engine" from the data,
/// never from a workload's name.
///
/// Measured on the whole, untrimmed lists: a repeated id inside a common
/// prefix is still a repeat for an engine that needs unique ids.
public struct DatasetShape: Hashable, Sendable, Codable {
    /// The dataset as rows name it: workload, size and parameters (`k=v;…`).
    public var workload: WorkloadName
    public var size: Int
    public var parameters: String
    public var sizeOld: Int
    public var sizeNew: Int
    /// An id appears twice in the old list or twice in the new list.
    public var idsRepeat: Bool
    /// Elements of either list with no equal element (same id and content)
    /// in the other, over n + m: 0 for the same lists, 1 for nothing in
    /// common. Order is not counted (a pure shuffle is 0).
    public var changedFraction: Double
    /// `lines` or `characters` for text, nil for lists.
    public var unit: String?
    /// The lists are grouped in sections.
    public var sectioned: Bool
    /// Made by the workload generator named in `workload` (made in this run,
    /// or a file re-checked against the generator); false for a user's data.
    public var generated: Bool
    /// Imported from a git history (`--from-git`) with git's own hunks for
    /// the pair (``Dataset/gitHunks``): the datasets the history targets
    /// read, and whose rows carry `git_hunks_equal`. Nil otherwise, and in
    /// files written before it existed.
    public var fromGit: Bool?

    enum CodingKeys: String, CodingKey {
        case workload, size, parameters, unit, sectioned, generated
        case sizeOld = "size_old"
        case sizeNew = "size_new"
        case idsRepeat = "ids_repeat"
        case changedFraction = "changed_fraction"
        case fromGit = "from_git"
    }

    public init(
        workload: WorkloadName, size: Int, parameters: String = "", sizeOld: Int, sizeNew: Int, idsRepeat: Bool,
        changedFraction: Double, unit: String? = nil, sectioned: Bool = false, generated: Bool, fromGit: Bool? = nil
    ) {
        self.fromGit = fromGit
        self.workload = workload
        self.size = size
        self.parameters = parameters
        self.sizeOld = sizeOld
        self.sizeNew = sizeNew
        self.idsRepeat = idsRepeat
        self.changedFraction = changedFraction
        self.unit = unit
        self.sectioned = sectioned
        self.generated = generated
    }

    /// Measures `dataset`. O(N + M) expected (a hash per element).
    public init(_ dataset: Dataset, generated: Bool) {
        workload = WorkloadName(dataset.workload)
        size = dataset.size
        parameters = dataset.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
        sizeOld = dataset.old.count
        sizeNew = dataset.new.count
        func repeats(_ items: [FeedItem]) -> Bool {
            var seen = Set<Int>(minimumCapacity: items.count)
            return !items.allSatisfy { seen.insert($0.id).inserted }
        }
        idsRepeat = repeats(dataset.old) || repeats(dataset.new)
        var unmatched: [FeedItem: Int] = [:]
        for item in dataset.old { unmatched[item, default: 0] += 1 }
        var common = 0
        for item in dataset.new {
            if let count = unmatched[item], count > 0 {
                unmatched[item] = count - 1
                common += 1
            }
        }
        let total = sizeOld + sizeNew
        changedFraction = total == 0 ? 0 : Double(total - 2 * common) / Double(total)
        unit = dataset.parameters["unit"]
        sectioned = dataset.oldSections != nil
        self.generated = generated
        fromGit = dataset.gitHunks == nil ? nil : true
    }

    /// Whether `row` was measured on this dataset.
    public func describes(_ row: ResultRow) -> Bool {
        row.workload == workload && row.size == size && row.parameters == parameters
    }
}
