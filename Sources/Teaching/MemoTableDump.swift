import DiffEngines
import Rendering

/// The memo-table dump the benchmark run writes into its report folder for
/// one dataset: the table as text and TSV (see ``LCSTableDump``) while it is
/// small enough to read, and always the PNG heatmap (``LCSHeatmap``).
package enum MemoTableDump {
    /// Text and TSV are written up to this many cells (a 500 × 500 table);
    /// past it they would be tens of megabytes nobody reads.
    package static let textCellLimit = 250_000

    /// What was written, as paths.
    package struct Files: Sendable, Equatable {
        package var text: String?
        package var tsv: String?
        package var png: String
        /// Why the text and TSV were left out, when they were.
        package var note: String?
    }

    /// Writes `<baseName>.txt`, `<baseName>.tsv` and `<baseName>.png` into
    /// `directory` (created when missing) for the LCS table of two id lists.
    ///
    /// - Parameters:
    ///   - old, new: the ids of the two lists (equal ids are the same item).
    ///   - oldLabels, newLabels: how elements are shown; default the ids.
    ///   - title: the first line of the text and the heatmap.
    /// - Throws: ``TeachingError/tableRefused(reason:)`` when the table is
    ///   over `memoryBudget`, ``TeachingError/output(path:problem:)`` when a
    ///   file cannot be written. Nothing is written on error.
    package static func write<ID: Hashable>(
        old: [ID], new: [ID], oldLabels: [String]? = nil, newLabels: [String]? = nil, title: String,
        to directory: String, baseName: String = "memo-table",
        memoryBudget: Int = DiffOptions.defaultLCSMemoryBudget, maxSide: Int = 4096
    ) throws(TeachingError) -> Files {
        let table: LCSTable
        do {
            table = try LCSTable(old: old, new: new, identity: ValueElements<ID>(), memoryBudget: memoryBudget)
        } catch {
            throw .tableRefused(reason: error.description)
        }
        let image = LCSHeatmap.render(table: table, title: title.uppercased(), maxSide: maxSide)
        try TeachingFile.makeDirectory(directory)
        var files = Files(text: nil, tsv: nil, png: directory + "/" + baseName + ".png", note: nil)
        if table.rows * table.columns <= textCellLimit {
            let oldText = oldLabels ?? old.map { String(describing: $0) }
            let newText = newLabels ?? new.map { String(describing: $0) }
            let text = directory + "/" + baseName + ".txt", tsv = directory + "/" + baseName + ".tsv"
            try TeachingFile.write(LCSTableDump.text(table: table, oldLabels: oldText, newLabels: newText, title: title), to: text)
            try TeachingFile.write(LCSTableDump.tsv(table: table, oldLabels: oldText, newLabels: newText), to: tsv)
            files.text = text
            files.tsv = tsv
        } else {
            files.note = "text and TSV left out: \(table.rows) × \(table.columns) cells is over the \(textCellLimit)-cell limit"
        }
        do {
            try PNGFile.write(image, to: files.png)
        } catch {
            throw .output(path: files.png, problem: error.problem)
        }
        return files
    }
}
