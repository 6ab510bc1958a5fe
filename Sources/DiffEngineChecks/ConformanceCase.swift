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
