import ListUpdates
import Foundation

extension DatasetFile {
    /// Reads the dataset file at `path`. Every problem is refused with the
    /// file, the line:column and what is wrong; nothing is guessed. O(n).
    public static func read(path: String) throws(InputError) -> Dataset {
        try decode(try contents(of: path), source: path)
    }

    /// Reads a dataset file's text; `source` names it in errors. O(n).
    ///
    /// Memory: the `old` and `new` lists are turned into items as they are
    /// parsed (when `kind` comes before them, as the writer puts it), so the
    /// peak is the file's bytes plus the items, not a tree of every element.
    public static func decode(_ bytes: [UInt8], source: String) throws(InputError) -> Dataset {
        var reader = DatasetReader(source: source)
        var streamed: [String: [FeedItem]] = [:]
        var streamedKind = ListKind.values
        let document = try InputFile.parsing(source) {
            try JSONParser.parse(
                bytes,
                streaming: { key, members in
                    guard key == "old" || key == "new",
                        case let .string(text)? = members.first(where: { $0.key == "kind" })?.value,
                        let kind = ListKind(rawValue: text)
                    else { return false }
                    streamedKind = kind
                    streamed[key] = []
                    return true
                },
                element: { key, index, node in
                    streamed[key]!.append(try reader.element(node, streamedKind, key, index))
                })
        }
        return try reader.dataset(document, streamed: streamed)
    }

    /// A dataset from a user's two list files (`run --old A --new B`):
    /// JSON arrays read by ``UserListReader`` under `reading`, or text files
    /// read as lines (`lines`); see ``Dataset/init(userPair:oldSource:newSource:unit:)``
    /// for the names and ids. Every problem names the file (and the line and
    /// column where there is one). O(bytes of both files).
    public static func readPair(
        old: String, new: String, reading: ListReading = .standard, lines: Bool = false
    ) throws(InputError) -> Dataset {
        if lines {
            let pair = UserLists.lines(try TextLines.read(path: old).strings(), try TextLines.read(path: new).strings())
            return try Dataset(userPair: pair, oldSource: old, newSource: new, unit: "lines")
        }
        var reader = UserListReader(reading: reading)
        return try Dataset(userPair: try reader.read(old: old, new: new), oldSource: old, newSource: new)
    }

    /// The bytes of the file at `path`, or why it cannot be read.
    static func contents(of path: String) throws(InputError) -> [UInt8] {
        try InputFile.bytes(at: path, expected: "a dataset file")
    }

    /// A regular file's bytes read straight into one array (no `Data` copy
    /// beside it: one file's worth of memory, not two), or nil when it is
    /// not a regular file or cannot be read. O(bytes).
    static func readWhole(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(status.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = Glibc.read(descriptor, buffer.baseAddress! + count, size - count)
                if got < 0, errno == EINTR { continue }
                if got <= 0 {
                    failed = got < 0
                    break
                }
                count += got
            }
        }
        return failed || bytes.count != size ? nil : bytes
    }
}

/// Turns a parsed dataset document into a ``Dataset``, checking every field.
private struct DatasetReader {
    let source: String
    /// Whether the ids (of plain values, or of identified items) are
    /// integers or strings, decided by the first met; the strings' codes.
    private var idsAreText: Bool?
    private var interner = Interner()

    init(source: String) { self.source = source }

    private func fail(_ node: PositionedJSON, _ problem: String) -> InputError {
        InputError(source: source, position: node.position, problem: problem)
    }

    static let fields = [
        "schema", "version", "generator", "workload", "size", "seed", "parameters", "kind", "old", "new",
        "old_sections", "new_sections", "git_hunks",
    ]

    /// `streamed`: the lists already read while parsing (their nodes are empty).
    mutating func dataset(_ document: PositionedJSON, streamed: [String: [FeedItem]] = [:]) throws(InputError) -> Dataset {
        let field = try fields(of: document)
        func required(_ name: String) throws(InputError) -> PositionedJSON {
            guard let node = field[name] else {
                throw InputError(source: source, position: document.position, problem: "the dataset has no \"\(name)\" field")
            }
            return node
        }

        let schemaNode = try required("schema")
        guard case let .string(schema) = schemaNode.value, schema == DatasetFile.schema else {
            throw fail(schemaNode, "\"schema\" must be \"\(DatasetFile.schema)\", found \(schemaNode.value.canonicalText)")
        }
        let versionNode = try required("version")
        let version = try integer(versionNode, "\"version\"")
        guard version == DatasetFile.version else {
            throw fail(
                versionNode,
                version > DatasetFile.version
                    ? "dataset format version \(version) is newer than this diffbench reads (\(DatasetFile.version))"
                    : "unknown dataset format version \(version); this diffbench reads version \(DatasetFile.version)")
        }
        let generator = try field["generator"].map { node throws(InputError) in try string(node, "\"generator\"") }
        let kindNode = try required("kind")
        guard case let .string(kindText) = kindNode.value, let kind = ListKind(rawValue: kindText) else {
            throw fail(kindNode, "\"kind\" must be \"identified\" or \"values\", found \(kindNode.value.canonicalText)")
        }

        let oldNode = try required("old"), newNode = try required("new")
        let old: [FeedItem], new: [FeedItem]
        if let items = streamed["old"] { old = items } else { old = try list(oldNode, kind, "old") }
        if let items = streamed["new"] { new = items } else { new = try list(newNode, kind, "new") }
        var dataset = Dataset(workload: "file", size: old.count, seed: 0, kind: kind, old: old, new: new)
        dataset.generator = generator
        try readLabels(field, into: &dataset)
        switch (field["old_sections"], field["new_sections"]) {
        case (nil, nil): break
        case let (oldNode?, newNode?):
            guard kind == .identified else {
                throw fail(oldNode, "sections need \"kind\": \"identified\" (rows are {\"id\", \"content\"} objects)")
            }
            dataset.oldSections = try sections(oldNode, matching: old, "old")
            dataset.newSections = try sections(newNode, matching: new, "new")
        case let (oldNode?, nil):
            throw fail(oldNode, "\"old_sections\" without \"new_sections\"; give both or neither")
        case let (nil, newNode?):
            throw fail(newNode, "\"new_sections\" without \"old_sections\"; give both or neither")
        }
        if let node = field["git_hunks"] {
            guard case .array = node.value else {
                throw fail(node, "\"git_hunks\" must be an array of hunk headers (\"-1,3 +1,4\"), found \(node.value.typeName)")
            }
            var hunks: [String] = []
            for (index, header) in node.children.enumerated() {
                hunks.append(try string(header, "\"git_hunks\" element \(index)"))
            }
            dataset.gitHunks = hunks
        }
        if idsAreText == true { dataset.symbols = interner.texts }
        return dataset
    }

    /// The dataset object's fields by name: an unknown field or one given
    /// twice is refused at its place, since a misspelt optional field would
    /// otherwise be dropped without a word. O(fields).
    private func fields(of document: PositionedJSON) throws(InputError) -> [String: PositionedJSON] {
        guard case let .object(members) = document.value else {
            throw fail(
                document,
                "expected a dataset object {\"schema\": \"\(DatasetFile.schema)\", ...}, found \(document.value.typeName)"
                    + (document.value.typeName == "an array" ? " (a plain array is a list, not a dataset)" : ""))
        }
        var field: [String: PositionedJSON] = [:]
        for (index, member) in members.enumerated() {
            let node = document.children[index]
            guard DatasetReader.fields.contains(member.key) else {
                throw fail(node, "unknown field \"\(member.key)\"; a dataset has: " + DatasetReader.fields.joined(separator: ", "))
            }
            guard field[member.key] == nil else { throw fail(node, "the field \"\(member.key)\" appears twice") }
            field[member.key] = node
        }
        return field
    }

    /// The optional fields that name the dataset (workload, size, seed,
    /// parameters), over the defaults of a plain file, each checked at its
    /// place. O(parameters).
    private func readLabels(_ field: [String: PositionedJSON], into dataset: inout Dataset) throws(InputError) {
        if let node = field["workload"] { dataset.workload = try string(node, "\"workload\"") }
        if let node = field["size"] {
            dataset.size = try integer(node, "\"size\"")
            guard dataset.size >= 0 else { throw fail(node, "\"size\" must not be negative, found \(dataset.size)") }
        }
        if let node = field["seed"] {
            guard case let .number(text) = node.value, let seed = UInt64(text) else {
                throw fail(node, "\"seed\" must be an integer from 0 to \(UInt64.max), found \(node.value.canonicalText)")
            }
            dataset.seed = seed
        }
        if let node = field["parameters"] {
            guard case let .object(parameters) = node.value else {
                throw fail(node, "\"parameters\" must be an object of strings, found \(node.value.typeName)")
            }
            for (index, parameter) in parameters.enumerated() {
                guard case let .string(value) = parameter.value else {
                    throw fail(
                        node.children[index],
                        "parameter \"\(parameter.key)\" must be a string, found \(parameter.value.typeName)")
                }
                dataset.parameters[parameter.key] = value
            }
        }
    }

    private func string(_ node: PositionedJSON, _ what: @autoclosure () -> String) throws(InputError) -> String {
        guard case let .string(text) = node.value else { throw fail(node, "\(what()) must be a string, found \(node.value.typeName)") }
        return text
    }

    private func integer(_ node: PositionedJSON, _ what: @autoclosure () -> String) throws(InputError) -> Int {
        guard case let .number(text) = node.value else {
            throw fail(node, "\(what()) must be an integer, found \(node.value.typeName)")
        }
        guard let value = Int(text) else {
            let fractional = text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
            throw fail(node, "\(what()) must be an integer, found \(fractional ? "" : "the out-of-range number ")\(text)")
        }
        return value
    }

    private mutating func list(_ node: PositionedJSON, _ kind: ListKind, _ name: String) throws(InputError) -> [FeedItem] {
        guard case .array = node.value else { throw fail(node, "\"\(name)\" must be an array, found \(node.value.typeName)") }
        var items: [FeedItem] = []
        items.reserveCapacity(node.children.count)
        for (index, element) in node.children.enumerated() {
            // Messages are built only on error: formatting one per element would double the reading time.
            switch kind {
            case .identified: items.append(try item(element, "\(name) element \(index)"))
            case .values: items.append(try value(element, "\(name) element \(index)"))
            }
        }
        return items
    }

    /// One element of the list `name` (at `index`), as its kind reads it.
    mutating func element(_ node: PositionedJSON, _ kind: ListKind, _ name: String, _ index: Int) throws(InputError) -> FeedItem {
        switch kind {
        case .identified: return try item(node, "\(name) element \(index)")
        case .values: return try value(node, "\(name) element \(index)")
        }
    }

    /// An `{"id", "content"}` element: the id an integer, or a string
    /// (coded in order of first appearance, its text kept in `symbols`); the
    /// content an integer. All ids of a dataset are of one type.
    private mutating func item(_ element: PositionedJSON, _ what: @autoclosure () -> String) throws(InputError) -> FeedItem {
        guard case let .object(members) = element.value else {
            throw fail(element, "\(what()) must be an {\"id\", \"content\"} object, found \(element.value.typeName)")
        }
        var id: Int?
        var content: Int?
        for (index, member) in members.enumerated() {
            switch member.key {
            case "id": id = try identifier(element.children[index], "\(what()): \"id\"")
            case "content": content = try integer(element.children[index], "\(what()): \"content\"")
            default: continue  // other tools may add fields; they are not part of the diff
            }
        }
        guard let id else { throw fail(element, "\(what()) has no \"id\"") }
        guard let content else { throw fail(element, "\(what()) has no \"content\"") }
        return FeedItem(id: id, content: content)
    }

    private mutating func value(_ element: PositionedJSON, _ what: @autoclosure () -> String) throws(InputError) -> FeedItem {
        switch element.value {
        case .number, .string: return FeedItem(id: try identifier(element, what(), noun: "values"), content: 0)
        default:
            throw fail(element, "\(what()) must be an integer or a string (\"kind\": \"values\"), found \(element.value.typeName)")
        }
    }

    /// An id (or a plain value): an integer as itself, a string as its code.
    /// Integers and strings do not mix in one dataset (they could not be
    /// told apart once coded).
    private mutating func identifier(
        _ node: PositionedJSON, _ what: @autoclosure () -> String, noun: String = "ids"
    ) throws(InputError) -> Int {
        switch node.value {
        case .number:
            guard idsAreText != true else {
                throw fail(node, "\(what()) is a number, but earlier \(noun) are strings; use one or the other")
            }
            idsAreText = false
            return try integer(node, what())
        case let .string(text):
            guard idsAreText != false else {
                throw fail(node, "\(what()) is a string, but earlier \(noun) are integers; use one or the other")
            }
            idsAreText = true
            // By its bytes: run's lines are kept in dataset files
            // (`inputs/pair-N.json`, `git-N.json`, `generate --from-git`),
            // and a line is its bytes (``Interner/code(forLine:)``).
            return interner.code(forLine: text)
        default:
            throw fail(node, "\(what()) must be an integer or a string, found \(node.value.typeName)")
        }
    }

    private mutating func sections(
        _ node: PositionedJSON, matching rows: [FeedItem], _ name: String
    ) throws(InputError) -> [ListSection<Int, FeedItem>] {
        let field = "\(name)_sections"
        guard case .array = node.value else { throw fail(node, "\"\(field)\" must be an array, found \(node.value.typeName)") }
        var result: [ListSection<Int, FeedItem>] = []
        var seen: [Int: Int] = [:]
        var rowCount = 0
        for (index, element) in node.children.enumerated() {
            let what = "\(field) element \(index)"
            guard case let .object(members) = element.value else {
                throw fail(element, "\(what) must be an {\"id\", \"rows\"} object, found \(element.value.typeName)")
            }
            var id: Int?
            var sectionRows: [FeedItem]?
            for (memberIndex, member) in members.enumerated() {
                let child = element.children[memberIndex]
                switch member.key {
                case "id": id = try integer(child, "\(what): \"id\"")
                case "rows": sectionRows = try list(child, .identified, "\(what): rows")
                default: continue
                }
            }
            guard let id else { throw fail(element, "\(what) has no \"id\"") }
            guard let sectionRows else { throw fail(element, "\(what) has no \"rows\"") }
            if let first = seen[id] {
                throw fail(element, "\(what) has the id \(id) of \(field) element \(first); section ids must be unique")
            }
            seen[id] = index
            for (offset, row) in sectionRows.enumerated() where rowCount + offset >= rows.count || rows[rowCount + offset] != row {
                throw fail(
                    element.children[members.firstIndex { $0.key == "rows" }!],
                    "row \(offset) of \(what) is \(row), but \(name) element \(rowCount + offset) is "
                        + (rowCount + offset < rows.count ? "\(rows[rowCount + offset])" : "missing")
                        + "; the sections' rows, in order, must be the \"\(name)\" list")
            }
            rowCount += sectionRows.count
            result.append(ListSection(id: id, rows: sectionRows))
        }
        guard rowCount == rows.count else {
            throw fail(node, "the sections hold \(rowCount) rows but \"\(name)\" has \(rows.count) elements; they must be the same list")
        }
        return result
    }
}
