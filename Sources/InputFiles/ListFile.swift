import FileSupport
import Foundation

/// A file or argument that cannot be used as a list, with where and why.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var source: String
    public var position: TextPosition?
    public var problem: String

    public init(source: String, position: TextPosition? = nil, problem: String) {
        self.source = source
        self.position = position
        self.problem = problem
    }

    /// `file:line:column: problem`. The file name and the problem (which
    /// may quote a key or an id from the file) are shown escaped when they
    /// hold control characters (``TerminalText/visible(_:)``).
    public var description: String {
        let source = TerminalText.visible(source), problem = TerminalText.visible(problem)
        if let position { return "\(source):\(position.line):\(position.column): \(problem)" }
        return "\(source): \(problem)"
    }
}

/// How the elements of a list are identified.
public enum ListKind: String, Sendable, Codable {
    /// Plain values (strings, numbers, characters): each its own identity.
    case values
    /// Objects with an `id` and a `content`.
    case identified
}

/// A list read from the user: the items, a label per item for display, and
/// how it was identified.
public struct LoadedList: Sendable {
    public var items: [FeedItem]
    public var labels: [String]
    public var kind: ListKind
}

/// One element of a list file, checked: a plain value (a string, or a
/// number as written) or an `{"id", "content"}` object.
enum ListElement {
    case value(text: String, isNumber: Bool)
    case item(UserItem)

    var kind: ListKind {
        if case .value = self { return .values }
        return .identified
    }
}

/// The rules every list file follows, shared by ``ListReader`` (integer
/// codes, for teaching pictures and batch files) and ``UserListReader`` (the
/// file's own values, for `diff`): what an element may be, that a list holds
/// plain values or objects (not both), and that plain values are strings or
/// numbers (not both) across the files of a pair — mixed, `"1"` and `1`
/// could not be told apart once written to a dataset.
struct ListElementRules {
    /// Which key is the id and which make the content.
    var reading: ListReading
    /// Whether plain values met so far are strings (true) or numbers, and where the first was.
    private var plainValues: (text: Bool, source: String)?
    /// The `--content` keys some object held so far.
    private var foundContentKeys: Set<String> = []
    /// The files read so far, for the message on an unused content key.
    private var sources: [String] = []

    init(reading: ListReading = .standard) { self.reading = reading }

    /// Refuses a content key that no object of the files read held (a typo
    /// would make every content equal). Call after the last file. O(keys).
    func checkContentKeys() throws(InputError) {
        guard let keys = reading.contentKeys, let last = sources.last else { return }
        for key in keys where !foundContentKeys.contains(key) {
            throw InputError(
                source: last,
                problem: "no object of \(sources.joined(separator: " or ")) has the content key \"\(key)\" named by --content; "
                    + "check its spelling (keys are case-sensitive)")
        }
    }

    /// Checks `element` (at `index` of `source`) against the kind of the
    /// elements before it in the same array (`kind`, updated). O(size of the element).
    mutating func check(
        _ element: PositionedJSON, index: Int, source: String, kind: inout ListKind?
    ) throws(InputError) -> ListElement {
        let checked: ListElement
        switch element.value {
        case let .string(text):
            checked = .value(text: text, isNumber: false)
        case let .number(text):
            checked = .value(text: text, isNumber: true)
        case .object:
            // A file of sections read as one flat list would diff the sections
            // alone and drop every row: refused, with the commands that read sections.
            if element.value["rows"] != nil, element.value["content"] == nil {
                throw InputError(
                    source: source, position: element.position,
                    problem: "element \(index) is a section ({\"id\", \"rows\"}), but a flat list is expected here; "
                        + "diff --format batch or batch-json (and validate) read sections and diff their rows")
            }
            guard let id = ListReading.lookUp(reading.id, in: element.value) else {
                throw InputError(
                    source: source, position: element.position,
                    problem: "element \(index) has no \"\(reading.id)\"" + (reading.id == "id" ? " (name the id key with --id KEY, or a dotted path such as user.id)" : ""))
            }
            let userID: UserID
            switch id {
            case let .string(text): userID = UserID(text: text, isNumber: false)
            case let .number(text): userID = UserID(text: text, isNumber: true)
            default:
                throw InputError(
                    source: source, position: element.position,
                    problem: "element \(index): \"\(reading.id)\" must be a string or a number, found \(id.typeName)")
            }
            checked = .item(UserItem(id: userID, content: reading.content(of: element.value, found: &foundContentKeys)))
        default:
            throw InputError(
                source: source, position: element.position,
                problem: "element \(index) is \(element.value.typeName); expected a string, a number or an object with an id")
        }
        return try accept(checked, at: element.position, index: index, source: source, kind: &kind)
    }

    /// Checks an element already known to be a value or a well-formed item
    /// against the kind of the elements before it (`kind`, updated): the
    /// checks that need no tree, shared by ``check(_:index:source:kind:)``
    /// and the reader that takes objects straight from the bytes. O(1).
    private mutating func accept(
        _ checked: ListElement, at position: TextPosition, index: Int, source: String, kind: inout ListKind?
    ) throws(InputError) -> ListElement {
        if case let .value(_, isNumber) = checked {
            let isText = !isNumber
            if let plainValues, plainValues.text != isText {
                let earlier = plainValues.source == source ? "earlier values" : "the values of \(plainValues.source)"
                throw InputError(
                    source: source, position: position,
                    problem: "element \(index) is \(isText ? "a string" : "a number"), but \(earlier) are \(plainValues.text ? "strings" : "numbers"); use one or the other")
            }
            if plainValues == nil { plainValues = (isText, source) }
        }
        let thisKind = checked.kind
        if let kind, kind != thisKind {
            throw InputError(
                source: source, position: position,
                problem: "element \(index) mixes \(thisKind == .values ? "plain values" : "objects") with \(kind == .values ? "plain values" : "objects") earlier in the array")
        }
        kind = thisKind
        return checked
    }

    /// Reads a JSON document of one list, handing each checked element to
    /// `add` as it is parsed (the file's bytes are held, never a tree of
    /// every element); `source` names it in errors. Objects of the common
    /// case are read straight from the bytes (``ListObjectReader``); any
    /// other element, and any the reader declines, is read again from its
    /// first byte as a tree and checked here. O(bytes).
    mutating func read(
        json bytes: [UInt8], source: String, _ add: (ListElement) -> Void
    ) throws(InputError) -> ListKind {
        var kind: ListKind?
        if !sources.contains(source) { sources.append(source) }
        var objects = reading.contentKeys == nil ? ListObjectReader(idKey: reading.id) : nil
        let document = try InputFile.parsing(source) {
            try JSONParser.parse(bytes, readingArray: { parser, index in
                let start = parser
                if let (id, content) = objects?.read(&parser) ?? nil {
                    add(try self.accept(.item(UserItem(id: id, content: content)), at: start.position, index: index, source: source, kind: &kind))
                } else {
                    parser = start
                    add(try self.check(try parser.parseValue(depth: 1), index: index, source: source, kind: &kind))
                }
            })
        }
        // A dataset file (an object with "old" and "new") is handled by the dataset reader.
        guard case .array = document.value else {
            throw InputError(
                source: source, position: document.position,
                problem: "expected a JSON array of strings, numbers or objects with an id, found \(document.value.typeName)"
                    + (document.value.typeName == "an object" ? " (a dataset file goes to run --dataset)" : ""))
        }
        return kind ?? .values
    }
}

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

    /// Lines of text (``TextLines/lines``), each its own identity.
    public mutating func read(lines: [String]) -> LoadedList {
        LoadedList(items: lines.map { FeedItem(id: interner.code(for: "l" + $0), content: 0) }, labels: lines, kind: .values)
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
