import InputFiles
import RunResults

/// What one element of a timed list is. Datasets store integer ids and
/// contents; a kind is a projection of them made once per dataset, before
/// and outside every timed call, so that the same lists can be timed the
/// way an app holds them.
///
/// Kinds are an open registration, like engine names: a kind is a name
/// (this type, what `--elements` and the result rows' `elements` column
/// spell) and an ``Entry`` stating everything about it — its summary and
/// how a dataset's lists become its lists — written in one file
/// (`ElementKind+Int.swift`, `+UUID.swift`, `+Record.swift`) and listed
/// once in ``registered``. Nothing else switches over kinds.
///
/// The projected lists are one of a few element representations
/// (``ProjectedLists``: `FeedItem`, ``UUIDItem``, ``FeedRecord``,
/// `String`), each of which every engine descriptor has a specialized call
/// for; a new kind that projects into one of them is one file and one line.
public struct ElementKind: RawRepresentable, Hashable, Sendable, Codable, Comparable, CaseIterable,
    CustomStringConvertible
{
    public let rawValue: String

    /// The registered kind called `rawValue`, or nil.
    public init?(rawValue: String) {
        guard ElementKind.registered.contains(where: { $0.kind.name == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    /// A kind's name, for its entry (``Entry``) and its static constant.
    init(name: String) { self.rawValue = name }

    var name: String { rawValue }

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

    /// This kind's entry. O(kinds). Every value of this type names a
    /// registered kind (``init(rawValue:)`` refuses others).
    public var entry: Entry {
        guard let entry = ElementKind.registered.first(where: { $0.kind == self }) else {
            preconditionFailure("element kind \(rawValue) is not registered")
        }
        return entry
    }

    /// One line for help texts and the report.
    public var summary: String { entry.summary }

    public var description: String { rawValue }

    /// Registration order.
    public static func < (lhs: ElementKind, rhs: ElementKind) -> Bool {
        let kinds = allCases
        return (kinds.firstIndex(of: lhs) ?? kinds.count) < (kinds.firstIndex(of: rhs) ?? kinds.count)
    }
}

/// A list element with a UUID-string id and an integer content.
public struct UUIDItem: Identifiable, Equatable, Sendable {
    public var id: String
    public var content: Int

    @inlinable public init(id: String, content: Int) {
        self.id = id
        self.content = content
    }
}

/// A feed post as an app models it: `==` compares every field, so an update
/// (a new like count) is found by comparing a string, two integers and a date.
public struct FeedRecord: Identifiable, Equatable, Sendable {
    public var id: String
    public var title: String
    public var likes: Int
    /// Seconds since 2001-01-01, as `Date.timeIntervalSinceReferenceDate` holds it.
    public var published: Double

    @inlinable public init(id: String, title: String, likes: Int, published: Double) {
        self.id = id
        self.title = title
        self.likes = likes
        self.published = published
    }
}

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

/// Deterministic names for integer ids: UUID strings, titles, dates.
public enum ElementNames {
    /// `text` with storage of its own (a string of up to 15 UTF-8 bytes is
    /// held inline, and has none to share). O(length).
    public static func separateCopy(of text: String) -> String {
        let utf8 = Array(text.utf8)
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            _ = buffer.initialize(from: utf8)
            return utf8.count
        }
    }

    /// A UUID-formatted string (8-4-4-4-12 lowercase hex) for `id`. Its
    /// first 16 hex digits are a bijective mix of the id (SplitMix64's
    /// finalizer), so distinct ids never share a string; the rest is a
    /// second mix, with the RFC 4122 variant bits set. O(1).
    public static func uuid(for id: Int) -> String {
        let high = mix(UInt64(bitPattern: Int64(id)))
        let low = mix(~UInt64(bitPattern: Int64(id)) &+ 0x6A09_E667_F3BC_C909)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        // Uniqueness comes from `high` alone; the variant bits touch `low` only.
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A post title of 25–40 characters, fixed per id.
    public static func title(for id: Int) -> String {
        let words = ["release", "notes", "weekend", "photos", "recipe", "update", "travel", "review", "launch", "garden",
                     "music", "library", "meeting", "summary"]
        let hash = mix(UInt64(bitPattern: Int64(id)))
        let first = words[Int(hash % UInt64(words.count))]
        let second = words[Int((hash >> 16) % UInt64(words.count))]
        return "Post \(id): \(first) and \(second)"
    }

    /// A publication date within 2024, fixed per id.
    public static func published(for id: Int) -> Double {
        725_846_400 + Double(mix(UInt64(bitPattern: Int64(id))) % 31_536_000)
    }

    /// SplitMix64's finalizer: a bijection on 64-bit words.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
