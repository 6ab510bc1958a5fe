import FileSupport
import Foundation

/// Reads lists from JSON files or literal strings into integer codes. See
/// the README, "Diff two lists".
///
/// Accepted: a JSON array of strings, of numbers, or of objects
/// `{"id": string|number, "content": any JSON}` (content optional, default
/// null). Ids and contents go through one ``Interner`` so that the old and
/// the new list share codes. Numbers are compared as written (`1` and `1.0`
/// are different ids). The teaching pictures, `table` and the batch formats
/// read lists this way; `diff` reads the file's own values with
/// ``UserListReader``.
public struct ListReader {
    public var interner = Interner()
    private var rules: ListElementRules
    public init(reading: ListReading = .standard) { rules = ListElementRules(reading: reading) }

    /// Refuses a `--content` key that no object of the files read held;
    /// call after the last file of a pair.
    public func finish() throws(InputError) { try rules.checkContentKeys() }

    /// Reads the JSON file at `path`.
    public mutating func read(path: String) throws(InputError) -> LoadedList {
        try read(json: InputFile.bytes(at: path, expected: "a JSON file"), source: path)
    }

    /// Reads a JSON document; `source` names it in errors.
    /// The elements are read as they are parsed (the file's bytes plus
    /// the list are held, never a tree of every element). O(bytes).
    public mutating func read(json bytes: [UInt8], source: String) throws(InputError) -> LoadedList {
        var list = LoadedList(items: [], labels: [], kind: .values)
        // Moved out while reading (not copied: a copy would duplicate the table on first write).
        var interner = self.interner
        self.interner = Interner()
        defer { self.interner = interner }
        list.kind = try rules.read(json: bytes, source: source) { element in
            Self.add(element, to: &list, interner: &interner)
        }
        return list
    }

    /// Reads an already parsed array.
    public mutating func read(array document: PositionedJSON, source: String) throws(InputError) -> LoadedList {
        var list = LoadedList(items: [], labels: [], kind: .values)
        list.items.reserveCapacity(document.children.count)
        var kind: ListKind?
        for (index, element) in document.children.enumerated() {
            Self.add(try rules.check(element, index: index, source: source, kind: &kind), to: &list, interner: &interner)
        }
        list.kind = kind ?? .values
        return list
    }

    /// Codes one checked element into `list` (ids and contents keyed by
    /// type, so `1` and `"1"` differ).
    private static func add(_ element: ListElement, to list: inout LoadedList, interner: inout Interner) {
        switch element {
        case let .value(text, isNumber):
            list.items.append(FeedItem(id: interner.code(for: (isNumber ? "n" : "s") + text), content: 0))
            list.labels.append(text)
        case let .item(item):
            let id = interner.code(for: (item.id.isNumber ? "n" : "s") + item.id.text)
            list.items.append(FeedItem(id: id, content: interner.code(for: "c" + item.content)))
            list.labels.append(item.id.text)
        }
    }

    /// Lines of text, each its own identity (its bytes with its ending,
    /// ``TextLines/strings()``), labelled as a listing shows them
    /// (``TextLines/label(_:)``). O(bytes).
    public mutating func read(text: TextLines) -> LoadedList {
        LoadedList(
            items: text.strings().map { FeedItem(id: interner.code(forLine: "l" + $0), content: 0) },
            labels: text.endings.indices.map(text.label), kind: .values)
    }

    /// The characters of a literal string, each its own identity.
    public mutating func read(characters text: String) -> LoadedList {
        var items: [FeedItem] = []
        var labels: [String] = []
        for character in text {
            items.append(FeedItem(id: interner.code(for: "c" + String(character)), content: 0))
            labels.append(String(character))
        }
        return LoadedList(items: items, labels: labels, kind: .values)
    }
}
