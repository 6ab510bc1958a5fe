import InputFiles
import RunResults

/// A dataset's two lists in one element kind.
public enum ProjectedLists: Sendable {
    case items([FeedItem], [FeedItem])
    case uuids([UUIDItem], [UUIDItem])
    case records([FeedRecord], [FeedRecord])
    case strings([String], [String])

    /// Projects `dataset` into `kind` (the kind's ``ElementKind/Entry/project``).
    /// The same integer id always gives the same string (a bijection), so
    /// ids match exactly where they matched, and a content change is a
    /// change of exactly one field. O(N + M).
    ///
    /// The old and new lists get their id strings from separate calls, so
    /// the same id is two strings with separate storage, as in two lists
    /// decoded from a server. Keep it so: were the strings shared, `==` on
    /// them would stop at their equal storage pointers, and a shortcut an
    /// app never gets would flatter every `uuid` and `record` figure.
    public init(_ dataset: Dataset, kind: ElementKind) {
        self = kind.entry.project(dataset)
    }

    /// A list of plain values (no content) as `String`s: the text a unit
    /// stands for when the dataset has it, the UUID string of the value
    /// otherwise, so that hashing strings is what is timed.
    static func strings(_ dataset: Dataset) -> ProjectedLists {
        let name = idText(dataset)
        return .strings(dataset.old.map { name($0.id) }, dataset.new.map { name($0.id) })
    }
}
