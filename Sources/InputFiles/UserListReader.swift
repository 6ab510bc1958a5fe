/// Reads the two lists of `diff` as their values, with no interning: the
/// engines hash the file's own strings. The same files are accepted and
/// refused, with the same messages, as ``ListReader`` (one set of rules).
///
/// Memory: a file of objects is read a window at a time
/// (`readInWindows`), any other file whole, element
/// by element; what stays is one `String` per plain value, or a ``UserItem``
/// (the id's text and the content's canonical text) per object — about the
/// file's size, not a tree of it, and no table of codes beside it. A
/// 1,000,000-object list of 88 MB peaks at about 2.2× its size.
public struct UserListReader {
    private var rules: ListElementRules
    public init(reading: ListReading = .standard) { rules = ListElementRules(reading: reading) }

    /// Reads the lists at `old` and `new`. An empty list goes with either
    /// kind; plain values beside objects are refused, naming both files.
    /// O(bytes of both files).
    public mutating func read(old: String, new: String) throws(InputError) -> UserLists {
        let oldList = try read(path: old)
        let newList = try read(path: new)
        try rules.checkContentKeys()
        return try Self.pair(oldList, newList, oldSource: old, newSource: new)
    }

    /// The characters of two literal strings, each its own identity. O(length).
    public static func characters(old: String, new: String) -> UserLists {
        .values(old.map { String($0) }, new.map { String($0) })
    }

    /// One side as read: values or items (an empty list is `values([])`).
    public enum Side {
        case values([String])
        case items([UserItem])
    }

    /// Reads the JSON file at `path`: a window at a time when it is a list
    /// of objects (``ListElementRules/readInWindows(path:_:)``), else whole.
    /// O(bytes).
    public mutating func read(path: String) throws(InputError) -> Side {
        var items: [UserItem] = []
        if rules.readInWindows(path: path, { if case let .item(item) = $0 { items.append(item) } }) != nil {
            return .items(items)
        }
        items = []
        return try read(json: InputFile.bytes(at: path, expected: "a JSON file"), source: path)
    }

    /// Reads one JSON document; `source` names it in errors. O(bytes).
    public mutating func read(json bytes: [UInt8], source: String) throws(InputError) -> Side {
        var values: [String] = []
        var items: [UserItem] = []
        let kind = try rules.read(json: bytes, source: source) { element in
            switch element {
            case let .value(text, _): values.append(text)
            case let .item(item): items.append(item)
            }
        }
        return kind == .values ? .values(values) : .items(items)
    }

    /// Puts two sides together: both values, or both items (an empty side
    /// takes the other's kind).
    public static func pair(_ old: Side, _ new: Side, oldSource: String, newSource: String) throws(InputError) -> UserLists {
        switch (old, new) {
        case let (.values(a), .values(b)): return .values(a, b)
        case let (.items(a), .items(b)): return .items(a, b)
        case let (.values(a), .items(b)) where a.isEmpty: return .items([], b)
        case let (.items(a), .values(b)) where b.isEmpty: return .items(a, [])
        case (.values, .items):
            throw InputError(source: newSource, problem: "holds objects but \(oldSource) holds plain values")
        case (.items, .values):
            throw InputError(source: newSource, problem: "holds plain values but \(oldSource) holds objects")
        }
    }
}
