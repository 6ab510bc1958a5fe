import InputFiles
import RunResults

/// The element kinds a run can time. Datasets store integer ids and
/// contents; a kind is a projection of them made once per dataset, before
/// and outside every timed call, so that the same lists can be timed the
/// way an app holds them.
///
/// Kinds are an open registration, like engine names: a kind is a name
/// (``ElementKind`` in RunResults, what `--elements` and the result rows'
/// `elements` column spell, and where its constant is) and an ``Entry``
/// stating everything about it — its summary and how a dataset's lists
/// become its lists — written in one file (`ElementKind+Int.swift`,
/// `+UUID.swift`, `+Record.swift`) and listed once in ``registered``.
/// Nothing else switches over kinds.
///
/// The projected lists are one of a few element representations
/// (``ProjectedLists``: `FeedItem`, ``UUIDItem``, ``FeedRecord``,
/// `String`), each of which every engine descriptor has a specialized call
/// for; a new kind that projects into one of them is one file, its
/// constant and one line here.
extension ElementKind {
    /// The registered kind called `name`, or nil: how names from the
    /// command line and from a worker's job are read. O(kinds).
    public init?(registered name: String) {
        guard ElementKind.registered.contains(where: { $0.kind.rawValue == name }) else { return nil }
        self.init(name)
    }

    /// Whether this name is a registered kind (one a run can time). O(kinds).
    public var isRegistered: Bool { ElementKind.registered.contains { $0.kind == self } }

    /// Everything about one kind.
    public struct Entry: Sendable {
        public var kind: ElementKind
        /// One line for help texts and the report.
        public var summary: String
        /// The dataset's two lists in this kind. O(N + M).
        public var project: @Sendable (Dataset) -> ProjectedLists

        /// What a run records about this kind (results.json `element_kinds`).
        public var info: ElementKindInfo { ElementKindInfo(name: kind.rawValue, summary: summary) }
    }

    /// The one list of kinds, in the order `--elements`, help texts and
    /// reports list them. Adding a kind is one entry here.
    public static let registered: [Entry] = [.int, .uuid, .record]

    /// Every registered kind, in ``registered`` order.
    public static var allCases: [ElementKind] { registered.map(\.kind) }

    /// This kind's entry. O(kinds). Only a registered kind has one (names
    /// reach the runner through ``init(registered:)``).
    public var entry: Entry {
        guard let entry = ElementKind.registered.first(where: { $0.kind == self }) else {
            preconditionFailure("element kind \(rawValue) is not registered")
        }
        return entry
    }

    /// One line for help texts and the report.
    public var summary: String { entry.summary }
}

extension ProjectedLists {
    /// The string an identified item's id becomes: the dataset's own text
    /// for it when its ids are strings (a user's file, a text's lines:
    /// ``Dataset/symbols``), so that what is hashed is what the user's app
    /// hashes; otherwise the UUID string of the integer id.
    ///
    /// Every call makes a string of its own storage, never a reference to
    /// the shared symbol: lists decoded from a server or read from two files
    /// hold each id in separate storage, and so must ours, or a shortcut on
    /// equal storage (`String ==`'s, the byte table's) would flatter every
    /// engine and the floor alike. Made once per dataset, outside the timed
    /// calls.
    static func idText(_ dataset: Dataset) -> (Int) -> String {
        guard let symbols = dataset.symbols else { return { ElementNames.uuid(for: $0) } }
        return { symbols.indices.contains($0) ? ElementNames.separateCopy(of: symbols[$0]) : ElementNames.uuid(for: $0) }
    }

    /// The lengths of the two lists.
    public var counts: (old: Int, new: Int) {
        switch self {
        case let .items(old, new): return (old.count, new.count)
        case let .uuids(old, new): return (old.count, new.count)
        case let .records(old, new): return (old.count, new.count)
        case let .strings(old, new): return (old.count, new.count)
        }
    }

    /// The first `old` and `new` elements of each list (the test fault's extra work).
    public func prefixes(old: Int, new: Int) -> ProjectedLists {
        switch self {
        case let .items(a, b): return .items(Array(a.prefix(old)), Array(b.prefix(new)))
        case let .uuids(a, b): return .uuids(Array(a.prefix(old)), Array(b.prefix(new)))
        case let .records(a, b): return .records(Array(a.prefix(old)), Array(b.prefix(new)))
        case let .strings(a, b): return .strings(Array(a.prefix(old)), Array(b.prefix(new)))
        }
    }
}
