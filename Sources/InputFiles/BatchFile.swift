import ListUpdates
import Foundation

/// The batch file (contract, version 1), written by `diff --format batch-json`
/// and read by `validate`:
///
///     {"schema": "diffbench.batch", "version": 1, "engine": "myers",
///      "stages": [
///        {"delete_sections": [s], "insert_sections": [s], "move_sections": [{"from": s, "to": s}],
///         "reload_sections": [s],
///         "delete_items": [[s, r]], "insert_items": [[s, r]], "move_items": [{"from": [s, r], "to": [s, r]}],
///         "reload_items": [[s, r]]}
///      ]}
///
/// One stage is one `performBatchUpdates` call, applied in order. Indices are
/// UIKit's: deletes and reloads before the update, inserts after it, moves
/// from before to after. Every stage key is optional (missing = none);
/// `engine` is optional and informative. Unknown keys are errors, so that a
/// typo cannot silently drop operations.
public enum BatchFile {
    public static let schema = "diffbench.batch"
    public static let version = 1

    public static func render(_ staged: StagedBatches, engine: String?) -> String {
        func list(_ sections: [Int]) -> String { "[" + sections.map(String.init).joined(separator: ", ") + "]" }
        func path(_ p: ListIndexPath) -> String { "[\(p.section), \(p.row)]" }
        func paths(_ ps: [ListIndexPath]) -> String { "[" + ps.map(path).joined(separator: ", ") + "]" }
        let stages = staged.stages.map { raw -> String in
            let b = raw.sorted()
            let sectionMoves = b.movedSections.map { "{\"from\": \($0.from), \"to\": \($0.to)}" }.joined(separator: ", ")
            let rowMoves = b.movedRows.map { "{\"from\": \(path($0.from)), \"to\": \(path($0.to))}" }.joined(separator: ", ")
            return "    {\"delete_sections\": \(list(b.deletedSections)), \"insert_sections\": \(list(b.insertedSections)), "
                + "\"move_sections\": [\(sectionMoves)], \"reload_sections\": \(list(b.reloadedSections)), "
                + "\"delete_items\": \(paths(b.deletedRows)), \"insert_items\": \(paths(b.insertedRows)), "
                + "\"move_items\": [\(rowMoves)], \"reload_items\": \(paths(b.reloadedRows))}"
        }
        let engineField = engine.map { "\"engine\": \(JSONValue.quoted($0)), " } ?? ""
        let body = stages.isEmpty ? "[]" : "[\n" + stages.joined(separator: ",\n") + "\n  ]"
        return "{\"schema\": \"\(schema)\", \"version\": \(version), \(engineField)\"stages\": \(body)}"
    }

    /// Reads a batch file; errors name the file, line and column.
    public static func read(path: String) throws(InputError) -> StagedBatches {
        let document = try InputFile.json(at: path, expected: "a batch file")
        return try BatchFileParser(source: path).parse(document)
    }
}

private struct BatchFileParser {
    public let source: String

    public func fail(_ at: PositionedJSON, _ problem: String) -> InputError {
        InputError(source: source, position: at.position, problem: problem)
    }

    /// The members of an object with their positioned values.
    public func members(_ json: PositionedJSON, what: String) throws(InputError) -> [(key: String, value: PositionedJSON)] {
        guard case let .object(members) = json.value else { throw fail(json, "\(what) must be an object, found \(json.value.typeName)") }
        return zip(members, json.children).map { ($0.key, $1) }
    }

    public func parse(_ document: PositionedJSON) throws(InputError) -> StagedBatches {
        let top = try members(document, what: "a batch file")
        var stages: [BatchUpdate]?
        var sawSchema = false, sawVersion = false
        for (key, value) in top {
            switch key {
            case "schema":
                guard case let .string(text) = value.value, text == BatchFile.schema else {
                    throw fail(value, "\"schema\" must be \"\(BatchFile.schema)\"")
                }
                sawSchema = true
            case "version":
                guard case let .number(text) = value.value, text == String(BatchFile.version) else {
                    throw fail(value, "unsupported \"version\" \(value.value.canonicalText); this diffbench reads version \(BatchFile.version)")
                }
                sawVersion = true
            case "engine":
                guard case .string = value.value else { throw fail(value, "\"engine\" must be a string") }
            case "stages":
                guard case .array = value.value else { throw fail(value, "\"stages\" must be an array of stage objects") }
                var parsed: [BatchUpdate] = []
                for (k, stage) in value.children.enumerated() { parsed.append(try parseStage(stage, number: k + 1)) }
                stages = parsed
            default:
                throw fail(value, "unknown key \"\(key)\" (expected schema, version, engine, stages)")
            }
        }
        guard sawSchema else { throw fail(document, "not a batch file: \"schema\": \"\(BatchFile.schema)\" is missing") }
        guard sawVersion else { throw fail(document, "\"version\" is missing") }
        guard let stages else { throw fail(document, "\"stages\" is missing") }
        return StagedBatches(stages)
    }

    public func parseStage(_ json: PositionedJSON, number: Int) throws(InputError) -> BatchUpdate {
        var batch = BatchUpdate()
        for (key, value) in try members(json, what: "stage \(number)") {
            let what = "stage \(number) \"\(key)\""
            switch key {
            case "delete_sections": batch.deletedSections = try indices(value, what)
            case "insert_sections": batch.insertedSections = try indices(value, what)
            case "reload_sections": batch.reloadedSections = try indices(value, what)
            case "move_sections": batch.movedSections = try moves(value, what, at: index)
            case "delete_items": batch.deletedRows = try paths(value, what)
            case "insert_items": batch.insertedRows = try paths(value, what)
            case "reload_items": batch.reloadedRows = try paths(value, what)
            case "move_items": batch.movedRows = try moves(value, what, at: path)
            default:
                throw fail(
                    value,
                    "unknown key \"\(key)\" in stage \(number) (expected delete_sections, insert_sections, move_sections, "
                        + "reload_sections, delete_items, insert_items, move_items, reload_items)")
            }
        }
        return batch
    }

    public func array(_ json: PositionedJSON, _ what: String) throws(InputError) -> [PositionedJSON] {
        guard case .array = json.value else { throw fail(json, "\(what) must be an array, found \(json.value.typeName)") }
        return json.children
    }

    public func index(_ json: PositionedJSON, _ what: String) throws(InputError) -> Int {
        guard case let .number(text) = json.value, let value = Int(text), value >= 0 else {
            throw fail(json, "\(what): expected a non-negative integer index, found \(json.value.canonicalText)")
        }
        return value
    }

    public func indices(_ json: PositionedJSON, _ what: String) throws(InputError) -> [Int] {
        var result: [Int] = []
        for element in try array(json, what) { result.append(try index(element, what)) }
        return result
    }

    public func path(_ json: PositionedJSON, _ what: String) throws(InputError) -> ListIndexPath {
        guard case .array = json.value, json.children.count == 2 else {
            throw fail(json, "\(what): expected an index path [section, item], found \(json.value.canonicalText)")
        }
        return ListIndexPath(section: try index(json.children[0], what), row: try index(json.children[1], what))
    }

    public func paths(_ json: PositionedJSON, _ what: String) throws(InputError) -> [ListIndexPath] {
        var result: [ListIndexPath] = []
        for element in try array(json, what) { result.append(try path(element, what)) }
        return result
    }

    /// `{"from": x, "to": y}` objects, sections or rows as `position` reads
    /// them. Every move's keys are checked before any position is read, so a
    /// file with both kinds of mistake names its malformed move first.
    /// O(moves).
    public func moves<Position>(
        _ json: PositionedJSON, _ what: String, at position: (PositionedJSON, String) throws(InputError) -> Position
    ) throws(InputError) -> [BatchUpdate.Move<Position>] {
        var pairs: [(PositionedJSON, PositionedJSON)] = []
        for element in try array(json, what) {
            var from: PositionedJSON?, to: PositionedJSON?
            for (key, value) in try members(element, what: "\(what): a move") {
                switch key {
                case "from": from = value
                case "to": to = value
                default: throw fail(value, "\(what): unknown key \"\(key)\" in a move (expected from, to)")
                }
            }
            guard let from, let to else { throw fail(element, "\(what): a move needs \"from\" and \"to\"") }
            pairs.append((from, to))
        }
        var result: [BatchUpdate.Move<Position>] = []
        for (from, to) in pairs { result.append(BatchUpdate.Move(from: try position(from, what), to: try position(to, what))) }
        return result
    }
}

/// The `diff --format batch` listing: each stage's operations in the order
/// UIKit performs them, with the labels of the elements they touch.
public enum BatchText {
    public static func render(_ staged: StagedBatches, states: [FileState], engine: String, style: ListViewStyle) -> String {
        let noun = style == .collectionView ? "item" : "row"
        let old = states.first!, new = states.last!
        let sectioned = old.sections.count != 1 || new.sections.count != 1
        let oldRows = old.sections.reduce(0) { $0 + $1.rows.count }, newRows = new.sections.reduce(0) { $0 + $1.rows.count }
        let stageCount = staged.stages.count
        var lines = [
            "\(engine): \(oldRows) → \(newRows) \(noun)s"
                + (sectioned ? " in \(old.sections.count) → \(new.sections.count) sections" : "")
                + "; \(stageCount) batch update\(stageCount == 1 ? "" : "s") (performBatchUpdates call\(stageCount == 1 ? "" : "s"), "
                + "in order; deletes and reloads name index paths before the update, inserts after it, moves go from before to after)"
        ]
        if stageCount == 0 { lines.append("nothing to update") }
        for (k, raw) in staged.stages.enumerated() {
            let before = states[k], after = states[k + 1]
            let b = raw.sorted()
            lines.append("batch \(k + 1) of \(stageCount)")
            func rowLabel(_ state: FileState, _ p: ListIndexPath) -> String { state.sections[p.section].rows[p.row].description }
            func sectionLabel(_ state: FileState, _ s: Int) -> String { "section \(state.sections[s].id)" }
            func row(_ op: String, _ where_: String, _ label: String) {
                lines.append("  " + op.padding(toLength: 16, withPad: " ", startingAt: 0) + where_.padding(toLength: 18, withPad: " ", startingAt: 0) + label)
            }
            for s in b.deletedSections.reversed() { row("delete section", "\(s)", sectionLabel(before, s)) }
            for p in b.deletedRows.reversed() { row("delete \(noun)", "\(p)", rowLabel(before, p)) }
            for s in b.reloadedSections { row("reload section", "\(s)", sectionLabel(before, s)) }
            for p in b.reloadedRows { row("reload \(noun)", "\(p)", reloadLabel(p, before: before, after: after)) }
            for m in b.movedSections { row("move section", "\(m.from) → \(m.to)", sectionLabel(before, m.from)) }
            for m in b.movedRows { row("move \(noun)", "\(m.from) → \(m.to)", rowLabel(before, m.from)) }
            for s in b.insertedSections { row("insert section", "\(s)", sectionLabel(after, s)) }
            for p in b.insertedRows { row("insert \(noun)", "\(p)", rowLabel(after, p)) }
        }
        return lines.joined(separator: "\n")
    }

    /// A reloaded row is named by its old index path; the label shows its
    /// content before and after (the row of the same id after the update,
    /// looked up in the same section first).
    private static func reloadLabel(_ p: ListIndexPath, before: FileState, after: FileState) -> String {
        let old = before.sections[p.section].rows[p.row]
        let sameSection = p.section < after.sections.count ? [p.section] : []
        for t in sameSection + Array(after.sections.indices) {
            if let new = after.sections[t].rows.first(where: { $0.id == old.id }) {
                return new == old ? old.description : "\(old) → \(new)"
            }
        }
        return old.description
    }
}
