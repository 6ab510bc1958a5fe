import FileSupport
import ListUpdates
import Foundation

/// The dataset file format (contract; Datasets/README.md documents every
/// field): one JSON object,
///
/// ```
/// {
///   "schema": "diffbench.dataset",
///   "version": 1,
///   "generator": "diffbench-workloads/1",
///   "workload": "mixed",
///   "size": 5000,
///   "seed": 1,
///   "parameters": {},
///   "kind": "identified",
///   "old": [
///     {"id": 1, "content": 48213},
///     ...
///   ],
///   "new": [...],
///   "old_sections": [{"id": 1, "rows": [...]}, ...],   (optional, with new_sections)
///   "new_sections": [...],
///   "git_hunks": ["-1,3 +1,4", ...]                      (optional, git imports)
/// }
/// ```
///
/// The writer emits keys in this fixed order, parameters sorted by name, one
/// element per line and integers only, so that the same dataset is the same
/// bytes on every machine (no dictionary order, no floating-point text) and a
/// text diff of two dataset files is readable.
public enum DatasetFile {
    public static let schema = "diffbench.dataset"
    /// The format version this code writes and reads.
    public static let version = 1

    /// Writes `dataset` to `path` atomically: the text goes to a temporary
    /// file in the same folder, which is then renamed over `path`, so a
    /// reader (or a crash) never sees half a file. Missing parent folders are
    /// created. O(n).
    public static func write(_ dataset: Dataset, to path: String) throws(DatasetWriteError) {
        let bytes = try encode(dataset)
        do {
            try AtomicFile.write(Data(bytes), to: path, createFolder: true)
        } catch {
            throw DatasetWriteError(path: path, problem: error.problem)
        }
    }

    /// The file's text for `dataset`, after checking that it can be read back
    /// as the same dataset. O(n).
    public static func encode(_ dataset: Dataset) throws(DatasetWriteError) -> [UInt8] {
        if let problem = problem(with: dataset) {
            throw DatasetWriteError(path: nil, problem: problem)
        }
        var out = TextBuffer()
        out.line("{")
        out.line("  \"schema\": \(JSONValue.quoted(schema)),")
        out.line("  \"version\": \(version),")
        if let generator = dataset.generator { out.line("  \"generator\": \(JSONValue.quoted(generator)),") }
        out.line("  \"workload\": \(JSONValue.quoted(dataset.workload)),")
        out.line("  \"size\": \(dataset.size),")
        out.line("  \"seed\": \(dataset.seed),")
        let parameters = dataset.parameters.keys.sorted().map {
            JSONValue.quoted($0) + ": " + JSONValue.quoted(dataset.parameters[$0]!)
        }
        out.line("  \"parameters\": {\(parameters.joined(separator: ", "))},")
        out.line("  \"kind\": \(JSONValue.quoted(dataset.kind.rawValue)),")
        out.append("  \"old\": ")
        out.elements(dataset.old, dataset, indent: "  ")
        out.line(",")
        out.append("  \"new\": ")
        out.elements(dataset.new, dataset, indent: "  ")
        if let oldSections = dataset.oldSections, let newSections = dataset.newSections {
            out.line(",")
            out.append("  \"old_sections\": ")
            out.sections(oldSections, dataset)
            out.line(",")
            out.append("  \"new_sections\": ")
            out.sections(newSections, dataset)
        }
        if let hunks = dataset.gitHunks {
            out.line(",")
            out.append("  \"git_hunks\": [\(hunks.map(JSONValue.quoted).joined(separator: ", "))]")
        }
        out.line("")
        out.line("}")
        return out.bytes
    }

    /// Why `dataset` cannot be written faithfully, or nil.
    static func problem(with dataset: Dataset) -> String? {
        guard dataset.size >= 0 else { return "size \(dataset.size) is negative" }
        if let symbols = dataset.symbols {
            for item in dataset.old + dataset.new where !symbols.indices.contains(item.id) {
                return "value \(item.id) has no symbol (the dataset has \(symbols.count))"
            }
        }
        switch (dataset.oldSections, dataset.newSections) {
        case (nil, nil): return nil
        case let (old?, new?):
            guard dataset.kind == .identified else { return "sections need identified items, not plain values" }
            if old.flatMap(\.rows) != dataset.old { return "the rows of the old sections are not the old list" }
            if new.flatMap(\.rows) != dataset.new { return "the rows of the new sections are not the new list" }
            return nil
        default: return "a dataset has both old and new sections or neither"
        }
    }
}

/// A dataset that could not be written.
public struct DatasetWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, or nil when the dataset itself is the problem.
    public var path: String?
    public var problem: String

    public var description: String { (path.map { $0 + ": " } ?? "") + problem }
}

/// The writer's output: UTF-8 bytes, appended in place.
private struct TextBuffer {
    var bytes: [UInt8] = []

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func line(_ text: String) {
        append(text)
        bytes.append(UInt8(ascii: "\n"))
    }

    mutating func item(_ item: FeedItem, symbols: [String]?) {
        append("{\"id\": \(symbols.map { JSONValue.quoted($0[item.id]) } ?? String(item.id)), \"content\": \(item.content)}")
    }

    /// A list, one element per line; plain values are the id (or its symbol).
    mutating func elements(_ items: [FeedItem], _ dataset: Dataset, indent: String) {
        guard !items.isEmpty else { return append("[]") }
        line("[")
        for (index, element) in items.enumerated() {
            append(indent + "  ")
            switch dataset.kind {
            case .identified: item(element, symbols: dataset.symbols)
            case .values:
                if let symbols = dataset.symbols {
                    append(JSONValue.quoted(symbols[element.id]))
                } else {
                    append(String(element.id))
                }
            }
            if index < items.count - 1 { line(",") } else { line("") }
        }
        append(indent + "]")
    }

    mutating func sections(_ sections: [ListSection<Int, FeedItem>], _ dataset: Dataset) {
        guard !sections.isEmpty else { return append("[]") }
        line("[")
        for (index, section) in sections.enumerated() {
            append("    {\"id\": \(section.id), \"rows\": ")
            elements(section.rows, dataset, indent: "    ")
            append("}")
            if index < sections.count - 1 { line(",") } else { line("") }
        }
        append("  ]")
    }
}
