import ListUpdates
import Foundation

public typealias FileState = ListViewState<UserKey, ListRow>

/// Reads before/after states for `diff --format batch` and `validate`.
///
/// A file holds either a list (a JSON array of strings, numbers or
/// `{"id", "content"}` objects: one section) or sections (a JSON array of
/// `{"id": string|number, "rows": [list]}` objects). An empty array is one
/// empty section, or no sections when the other file of the pair holds sections.
public struct ListStateReader {
    public var lists = ListReader()

    /// The identity of the one section of a plain list.
    public static let flatSectionID = UserKey(code: -1, label: "0")

    public mutating func read(path: String) throws(InputError) -> LoadedState {
        let document = try InputFile.json(at: path, expected: "a JSON file")
        guard case .array = document.value else {
            throw InputError(
                source: path, position: document.position,
                problem: "expected a JSON array: a list (strings, numbers or {\"id\", \"content\"} objects) "
                    + "or sections ({\"id\", \"rows\": [...]} objects), found \(document.value.typeName)")
        }
        if let first = document.children.first, first.value["rows"] != nil {
            return try readSections(document, source: path)
        }
        let list = try lists.read(array: document, source: path)
        return LoadedState(
            state: FileState(rows: rows(of: list), sectionID: Self.flatSectionID), sectioned: false, kind: list.kind)
    }

    /// The lines of a text (``ListReader/read(text:)``): one section, each
    /// line its own identity. O(bytes).
    public mutating func read(text: TextLines) -> LoadedState {
        let list = lists.read(text: text)
        return LoadedState(
            state: FileState(rows: rows(of: list), sectionID: Self.flatSectionID), sectioned: false, kind: .values)
    }

    /// The characters of a literal string: one section, each character its own identity.
    public mutating func read(characters text: String) -> LoadedState {
        let list = lists.read(characters: text)
        return LoadedState(
            state: FileState(rows: rows(of: list), sectionID: Self.flatSectionID), sectioned: false, kind: .values)
    }

    private mutating func readSections(_ document: PositionedJSON, source: String) throws(InputError) -> LoadedState {
        var sections: [ListSection<UserKey, ListRow>] = []
        var kind: ListKind?
        for (index, element) in document.children.enumerated() {
            guard case let .object(members) = element.value else {
                throw InputError(
                    source: source, position: element.position,
                    problem: "element \(index) is \(element.value.typeName); a file of sections holds only {\"id\", \"rows\"} objects")
            }
            guard let rowsIndex = members.firstIndex(where: { $0.key == "rows" }) else {
                throw InputError(source: source, position: element.position, problem: "section \(index) has no \"rows\"")
            }
            let rowsJSON = element.children[rowsIndex]
            guard case .array = rowsJSON.value else {
                throw InputError(
                    source: source, position: rowsJSON.position,
                    problem: "section \(index): \"rows\" must be an array, found \(rowsJSON.value.typeName)")
            }
            let id: UserKey
            switch element.value["id"] {
            case let .string(text)?: id = UserKey(code: lists.interner.code(for: "§s" + text), label: text)
            case let .number(text)?: id = UserKey(code: lists.interner.code(for: "§n" + text), label: text)
            case nil:
                throw InputError(source: source, position: element.position, problem: "section \(index) has no \"id\"")
            case let other?:
                throw InputError(
                    source: source, position: element.position,
                    problem: "section \(index): \"id\" must be a string or a number, found \(other.typeName)")
            }
            let list = try lists.read(array: rowsJSON, source: source)
            if !list.items.isEmpty {
                if let kind, kind != list.kind {
                    throw InputError(
                        source: source, position: rowsJSON.position,
                        problem: "section \(index) holds \(list.kind == .values ? "plain values" : "objects") but an earlier section holds \(kind == .values ? "plain values" : "objects")")
                }
                kind = list.kind
            }
            sections.append(ListSection(id: id, rows: rows(of: list)))
        }
        return LoadedState(state: FileState(sections: sections), sectioned: true, kind: kind ?? .values)
    }

    private func rows(of list: LoadedList) -> [ListRow] {
        zip(list.items, list.labels).map { item, label in
            let content =
                list.kind == .identified
                ? UserKey(code: item.content, label: String(lists.interner.text(for: item.content).dropFirst()))
                : UserKey(code: -1, label: "")
            return ListRow(id: UserKey(code: item.id, label: label), content: content)
        }
    }
}
