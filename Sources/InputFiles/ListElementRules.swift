import FileSupport

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
