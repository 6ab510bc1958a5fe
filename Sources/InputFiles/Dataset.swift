import ListUpdates

/// One benchmark input: an old and a new list, and how they were made.
///
/// `old` and `new` are always the flat lists every engine diffs. Sectioned
/// workloads also carry the sections (`oldSections`/`newSections`); their rows,
/// concatenated in order, are exactly `old` and `new`.
public struct Dataset: Sendable, Equatable {
    /// Names the generator code in every dataset file written; bumped
    /// whenever any workload's output for a given size, seed and parameters
    /// changes (the generators live in `Workloads`).
    public static let generatorVersion = "diffbench-workloads/1"

    /// Workload name (contract: `same`, `created`, `deleted`, `shuffled`, `mixed`,
    /// `feed`, `updates`, `duplicates`, `text`, `sectioned`, `file` for user data,
    /// or `example` for the hand-written examples of the literature).
    public var workload: String
    /// The size parameter n.
    public var size: Int
    public var seed: UInt64
    /// Further knobs of the workload, by name, as written in the file.
    public var parameters: [String: String]
    /// How elements are identified: plain values never produce updates.
    public var kind: ListKind
    public var old: [FeedItem]
    public var new: [FeedItem]
    public var oldSections: [ListSection<Int, FeedItem>]?
    public var newSections: [ListSection<Int, FeedItem>]?
    /// When the ids are strings — `.values` lists of text (characters,
    /// lines, words), or a user's `.identified` items with string ids —
    /// the text each id stands for, `symbols[item.id]`. Nil when the ids are
    /// plain integers (the id is the value) or when both lists are empty.
    /// The `uuid` and `record` element kinds time these texts as the ids.
    public var symbols: [String]?
    /// git's hunk headers for this pair (`-a,b +c,d`, in order), as `git
    /// diff --histogram --indent-heuristic` gives them at three lines of
    /// context: the reference a run compares each engine's hunks with
    /// (the `git_hunks_equal` column). Written by the git import only; nil
    /// for every other dataset.
    public var gitHunks: [String]?
    /// The generator version that made the lists (``generatorVersion``), as
    /// the file records it; nil for a user's data. A file naming a workload
    /// counts as generated only when this is the current version and the
    /// generator, re-run, gives the same lists (`targets` and the CI plan
    /// count nothing else).
    public var generator: String? = Dataset.generatorVersion

    public init(
        workload: String, size: Int, seed: UInt64, parameters: [String: String] = [:], kind: ListKind = .identified,
        old: [FeedItem], new: [FeedItem],
        oldSections: [ListSection<Int, FeedItem>]? = nil, newSections: [ListSection<Int, FeedItem>]? = nil,
        symbols: [String]? = nil
    ) {
        self.workload = workload
        self.size = size
        self.seed = seed
        self.parameters = parameters
        self.kind = kind
        self.old = old
        self.new = new
        self.oldSections = oldSections
        self.newSections = newSections
        self.symbols = symbols
    }
}
