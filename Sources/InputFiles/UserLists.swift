import DiffEngines

/// The two lists of `diff`, as the files hold them: plain values (strings,
/// numbers as written, or the characters of `--chars`), each its own
/// identity, or ``UserItem``s.
public enum UserLists: Sendable {
    case values([String], [String])
    /// Lines of text (each with its ending), one line only when their
    /// bytes are equal (``TextLineElements``).
    case lines([String], [String])
    case items([UserItem], [UserItem])

    /// The lengths of the two lists.
    public var counts: (old: Int, new: Int) {
        switch self {
        case let .values(old, new), let .lines(old, new): return (old.count, new.count)
        case let .items(old, new): return (old.count, new.count)
        }
    }

    /// The first repeated id of either list — the old list first — as its
    /// two positions, or nil when every id is unique within its list.
    /// Looked for on the whole lists, never after trimming the common prefix
    /// and suffix: a repeat there is still a repeat for an engine that needs
    /// unique ids and for the report's advice. O(N + M) expected (one hash each).
    public func firstRepeatedID() -> (side: DiffError.Side, first: Int, second: Int)? {
        func repeated<ID: Hashable>(_ ids: some Sequence<ID>) -> (Int, Int)? {
            var seen: [ID: Int] = [:]
            for (index, id) in ids.enumerated() {
                if let first = seen.updateValue(index, forKey: id) { return (first, index) }
            }
            return nil
        }
        switch self {
        case let .values(old, new):
            if let (first, second) = repeated(old) { return (.old, first, second) }
            if let (first, second) = repeated(new) { return (.new, first, second) }
        case let .lines(old, new):
            if let (first, second) = repeated(old.lazy.map(LineBytes.init)) { return (.old, first, second) }
            if let (first, second) = repeated(new.lazy.map(LineBytes.init)) { return (.new, first, second) }
        case let .items(old, new):
            if let (first, second) = repeated(old.lazy.map(\.id)) { return (.old, first, second) }
            if let (first, second) = repeated(new.lazy.map(\.id)) { return (.new, first, second) }
        }
        return nil
    }

    /// What element `index` of one side is called in messages and listings:
    /// the value, or the id, as the file wrote it. O(1).
    public func label(_ side: DiffError.Side, _ index: Int) -> String {
        switch self {
        case let .values(old, new), let .lines(old, new): return side == .old ? old[index] : new[index]
        case let .items(old, new): return (side == .old ? old[index] : new[index]).id.text
        }
    }
}
