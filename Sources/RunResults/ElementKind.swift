/// What one element of a timed list is, by name: what `--elements` and the
/// result rows' `elements` column spell, typed from the command line to the
/// report, the targets and the history store.
///
/// The name is open here: RunResults reads rows of any kind a results file
/// names. The kinds a run can time are registered in Workloads
/// (`ElementKind.registered`: each kind's summary and projection, and
/// `ElementKind(registered:)`, the lookup the command line reads names
/// through). The constants below are the one place that spells the
/// registered kinds' names; ``int`` is also the kind of every file written
/// before kinds existed.
///
/// Kinds sort by name (``StringNamed``), as the rows' strings did; the
/// registration order is `ElementKind.allCases` in Workloads.
public struct ElementKind: StringNamed {
    public let rawValue: String

    public init(_ name: String) { rawValue = name }

    /// `int`: `FeedItem` (integer id and content), as stored; the default
    /// of every run and of files that predate kinds. A dataset whose ids
    /// are strings (a user's file) is timed on their codes, numbered in
    /// order of first appearance.
    public static let int: ElementKind = "int"
    /// `uuid`: `UUIDItem`, a 36-character UUID string id and an integer
    /// content; plain values become `String`s. A dataset whose ids are
    /// strings keeps its own id texts instead of generated UUIDs, so a
    /// user's own string ids are what is hashed.
    public static let uuid: ElementKind = "uuid"
    /// `record`: `FeedRecord`, a UUID id, a title, a like count and a date,
    /// compared field by field: the shape of a real feed post. Plain values
    /// become `String`s, and a user's string ids keep their texts, as under
    /// `uuid`.
    public static let record: ElementKind = "record"

    /// What a report calls lists of this kind: ``int``'s are "integer ids"
    /// (its elements are an app's integer ids); every other kind's, known
    /// or read from a file, "<name> elements". Decided by the kind (its
    /// constant), never by a spelling, so that two kinds never read alike:
    /// a results file's kind "integer" is not ``int``. O(1).
    public var listWords: String { self == .int ? "integer ids" : "\(rawValue) elements" }
}
