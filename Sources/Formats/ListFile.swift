import DiffEngines
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

    public var description: String {
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

/// Reads lists from JSON files or literal strings. See the README, "Input files".
///
/// Accepted: a JSON array of strings, of numbers, or of objects
/// `{"id": string|number, "content": any JSON}` (content optional, default
/// null). Ids and contents go through one ``Interner`` so that the old and
/// the new list share codes. Numbers are compared as written (`1` and `1.0`
/// are different ids).
public struct ListReader {
    public var interner = Interner()
    /// Whether plain values met so far are strings (true) or numbers, and
    /// where the first was: a list (or a pair of lists) holds one or the
    /// other, as dataset files do — mixed, `"1"` and `1` could not be told
    /// apart once written to a dataset.
    private var plainValues: (text: Bool, source: String)?
    public init() {}

    /// Reads the JSON file at `path`.
    public mutating func read(path: String) throws(InputError) -> LoadedList {
        try read(json: InputFile.bytes(at: path, expected: "a JSON file"), source: path)
    }

    /// Reads a JSON document; `source` names it in errors.
    /// The elements are read as they are parsed (the file's bytes plus
    /// the list are held, never a tree of every element). O(bytes).
    public mutating func read(json bytes: [UInt8], source: String) throws(InputError) -> LoadedList {
        var list = LoadedList(items: [], labels: [], kind: .values)
        var kind: ListKind?
        let document: PositionedJSON
        do {
            document = try JSONParser.parse(bytes) { index, element in
                try self.add(element, index: index, source: source, kind: &kind, to: &list)
            }
        } catch let error as JSONSyntaxError {
            throw InputError(source: source, position: error.position, problem: "malformed JSON: \(error.problem)")
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(source: source, problem: "\(error)")
        }
        // A dataset file (an object with "old" and "new") is handled by the dataset reader.
        guard case .array = document.value else {
            throw InputError(
                source: source, position: document.position,
                problem: "expected a JSON array of strings, numbers or {\"id\", \"content\"} objects, found \(document.value.typeName)")
        }
        list.kind = kind ?? .values
        return list
    }

    /// Reads an already parsed array.
    public mutating func read(array document: PositionedJSON, source: String) throws(InputError) -> LoadedList {
        var list = LoadedList(items: [], labels: [], kind: .values)
        list.items.reserveCapacity(document.children.count)
        var kind: ListKind?
        for (index, element) in document.children.enumerated() {
            try add(element, index: index, source: source, kind: &kind, to: &list)
        }
        list.kind = kind ?? .values
        return list
    }

    /// Adds one element of an array to `list`, checking it against the kind of those before it.
    private mutating func add(
        _ element: PositionedJSON, index: Int, source: String, kind: inout ListKind?, to list: inout LoadedList
    ) throws(InputError) {
        do {
            let thisKind: ListKind
            let label: String
            let item: FeedItem
            switch element.value {
            case let .string(text):
                thisKind = .values
                label = text
                item = FeedItem(id: interner.code(for: "s" + text), content: 0)
            case let .number(text):
                thisKind = .values
                label = text
                item = FeedItem(id: interner.code(for: "n" + text), content: 0)
            case .object:
                thisKind = .identified
                guard let id = element.value["id"] else {
                    throw InputError(source: source, position: element.position, problem: "element \(index) has no \"id\"")
                }
                let idKey: String
                switch id {
                case let .string(text): idKey = "s" + text; label = text
                case let .number(text): idKey = "n" + text; label = text
                default:
                    throw InputError(
                        source: source, position: element.position,
                        problem: "element \(index): \"id\" must be a string or a number, found \(id.typeName)")
                }
                let content = element.value["content"] ?? .null
                item = FeedItem(id: interner.code(for: idKey), content: interner.code(for: "c" + content.canonicalText))
            default:
                throw InputError(
                    source: source, position: element.position,
                    problem: "element \(index) is \(element.value.typeName); expected a string, a number or an {\"id\", \"content\"} object")
            }
            if thisKind == .values {
                let isText: Bool = if case .string = element.value { true } else { false }
                if let plainValues, plainValues.text != isText {
                    let earlier = plainValues.source == source ? "earlier values" : "the values of \(plainValues.source)"
                    throw InputError(
                        source: source, position: element.position,
                        problem: "element \(index) is \(isText ? "a string" : "a number"), but \(earlier) are \(plainValues.text ? "strings" : "numbers"); use one or the other")
                }
                if plainValues == nil { plainValues = (isText, source) }
            }
            if let kind, kind != thisKind {
                throw InputError(
                    source: source, position: element.position,
                    problem: "element \(index) mixes \(thisKind == .values ? "plain values" : "objects") with \(kind == .values ? "plain values" : "objects") earlier in the array")
            }
            kind = thisKind
            list.items.append(item)
            list.labels.append(label)
        }
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
