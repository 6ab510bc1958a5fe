import ListUpdates
import Foundation

/// An identity or content read from a user file: the interned code (for
/// comparison) and the text the user wrote (for messages).
public struct UserKey: Hashable, Sendable, Codable, CustomStringConvertible {
    public var code: Int
    public var label: String
    public static func == (lhs: UserKey, rhs: UserKey) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
    public var description: String { label }
}

/// A row of a list view read from a file: its id and its content.
public struct ListRow: Identifiable, Equatable, Sendable, Codable, CustomStringConvertible {
    public var id: UserKey
    /// The content's canonical JSON; empty for plain values (which have none).
    public var content: UserKey
    public var description: String { content.label.isEmpty ? id.label : "\(id.label): \(content.label)" }
}

public typealias FileState = ListViewState<UserKey, ListRow>

/// A list view state read from a file (or a literal string with `--chars`).
public struct LoadedState {
    public var state: FileState
    /// True when the file holds sections (`[{"id", "rows": [...]}]`).
    public var sectioned: Bool
    public var kind: ListKind
    public var rowCount: Int { state.sections.reduce(0) { $0 + $1.rows.count } }
}

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

/// The before and after states of a command, read with one interner.
public struct StatePair {
    public var old: LoadedState
    public var new: LoadedState
    public var oldSource: String
    public var newSource: String
    public var sectioned: Bool { old.sectioned || new.sectioned }

    public static func load(old: String, new: String, chars: Bool) throws(InputError) -> StatePair {
        var reader = ListStateReader()
        if chars {
            return StatePair(
                old: reader.read(characters: old), new: reader.read(characters: new), oldSource: "OLD", newSource: "NEW")
        }
        var pair = StatePair(old: try reader.read(path: old), new: try reader.read(path: new), oldSource: old, newSource: new)
        try pair.reconcile()
        return pair
    }

    /// Makes the two sides comparable: an empty list next to sections is no
    /// sections; a list next to sections, or values next to objects, is an error.
    private mutating func reconcile() throws(InputError) {
        if old.sectioned != new.sectioned {
            for side in [\StatePair.old, \StatePair.new] where !self[keyPath: side].sectioned {
                if self[keyPath: side].rowCount == 0 {
                    self[keyPath: side].state.sections = []
                    self[keyPath: side].sectioned = true
                } else {
                    let (list, other) = side == \StatePair.old ? (oldSource, newSource) : (newSource, oldSource)
                    throw InputError(
                        source: list, problem: "holds a plain list but \(other) holds sections; write both as sections")
                }
            }
        }
        if old.kind != new.kind, old.rowCount > 0, new.rowCount > 0 {
            throw InputError(
                source: newSource,
                problem: "holds \(new.kind == .values ? "plain values" : "objects") but \(oldSource) holds \(old.kind == .values ? "plain values" : "objects")")
        }
    }

    /// The first repeated section or row id of a side, in the user's terms (for the set engine's refusal).
    public func firstRepeat() -> String? {
        for (side, source) in [(old, oldSource), (new, newSource)] {
            var sectionSeen: [UserKey: Int] = [:]
            var rowSeen: [UserKey: ListIndexPath] = [:]
            for (s, section) in side.state.sections.enumerated() {
                if let earlier = sectionSeen[section.id] {
                    return "\(source): section id \"\(section.id)\" appears at sections \(earlier) and \(s)"
                }
                sectionSeen[section.id] = s
                for (r, row) in section.rows.enumerated() {
                    let here = ListIndexPath(section: s, row: r)
                    if let earlier = rowSeen[row.id] {
                        return "\(source): id \"\(row.id)\" appears at \(earlier) and \(here)"
                    }
                    rowSeen[row.id] = here
                }
            }
        }
        return nil
    }
}
