import DiffEngines

/// One generated pair, before it is dressed as an element type: each slot is
/// an abstract id and a content number. Keeping the pair abstract lets the
/// same case run as int, string and record elements, and lets the shrinker
/// remove slots without knowing the element type.
public struct ConformanceCase: Hashable, Sendable, CustomStringConvertible {
    public struct Slot: Hashable, Sendable, CustomStringConvertible {
        public var id: Int
        public var content: Int
        public init(id: Int, content: Int) { self.id = id; self.content = content }
        public var description: String { content == 0 ? "\(id)" : "\(id):\(content)" }
    }

    public var old: [Slot]
    public var new: [Slot]
    /// The generator's shape that made the case ("permutation", "edge: empty → one", …).
    public var shape: String

    public init(old: [Slot], new: [Slot], shape: String) {
        self.old = old
        self.new = new
        self.shape = shape
    }

    /// Whether either list holds an id twice.
    public var repeatsIDs: Bool {
        Set(old.map(\.id)).count != old.count || Set(new.map(\.id)).count != new.count
    }

    /// `old → new` with each slot as `id` or `id:content`.
    public var description: String {
        "[" + old.map(\.description).joined(separator: " ") + "] → [" + new.map(\.description).joined(separator: " ") + "]"
    }
}

/// The element types a case is dressed as. Each is `Identifiable & Equatable`,
/// as a list UI's row model is.
public enum ConformanceElements: String, CaseIterable, Hashable, Sendable {
    /// `Int` ids, an `Int` content.
    case int
    /// `String` ids: ASCII, non-ASCII and canonically equivalent spellings
    /// (the old list writes "é" precomposed, the new list as "e" + U+0301:
    /// one id under Swift's `String ==`).
    case string
    /// A record with a UUID-shaped `String` id and several fields, as a
    /// decoded server response is; every field counts as content.
    case record
}

/// An int-id element of the kit.
public struct IntRow: Identifiable, Hashable, Sendable, CustomStringConvertible {
    public var id: Int
    public var content: Int
    public var description: String { "\(id):\(content)" }
}

/// A string-id element of the kit.
public struct StringRow: Identifiable, Hashable, Sendable, CustomStringConvertible {
    public var id: String
    public var content: String
    public var description: String { "\(id):\(content)" }
}

/// A record element of the kit: the content is every field.
public struct RecordRow: Identifiable, Hashable, Sendable, CustomStringConvertible {
    public var id: String
    public var title: String
    public var likes: Int
    public var tags: [String]
    public var description: String { "\(id):\(title)" }
}

extension ConformanceCase {
    func intRows(_ slots: [Slot]) -> [IntRow] { slots.map { IntRow(id: $0.id, content: $0.content) } }

    /// Ids written in several ways on purpose: every fifth is non-ASCII and
    /// spelled precomposed in the old list, decomposed in the new one.
    func stringRows(_ slots: [Slot], side: DiffError.Side) -> [StringRow] {
        slots.map { slot in
            let id: String
            if slot.id % 5 == 0 {
                id = (side == .old ? "caf\u{E9}-" : "cafe\u{301}-") + String(slot.id)
            } else if slot.id % 5 == 1 {
                id = "item-" + String(slot.id)
            } else {
                // Ids that differ only in their last byte.
                id = "shared-prefix-of-some-length-" + String(slot.id)
            }
            return StringRow(id: id, content: "content-" + String(slot.content))
        }
    }

    func recordRows(_ slots: [Slot]) -> [RecordRow] {
        slots.map { slot in
            let hex = String(slot.id, radix: 16)
            let id = "3F2504E0-4F89-11D3-9A0C-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
            return RecordRow(id: id, title: "post " + String(slot.id), likes: slot.content, tags: slot.content % 2 == 0 ? [] : ["edited"])
        }
    }
}
