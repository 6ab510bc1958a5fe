import RunResults
import Rendering

/// A gnuplot data file (`.dat`) that holds results rows exactly as
/// `results.csv` spells them, so a reader can check a chart against the
/// table, and restyle it without rerunning anything.
///
/// Layout: comment lines (`#`) name the chart, the rule that chose the rows
/// and the columns; then one block per engine, blocks separated by two blank
/// lines (gnuplot's `index`). A line is one results row: the result columns
/// first, with the text `results.csv` has for that row (strings in double
/// quotes, an empty field as `""`), then the columns the chart computed
/// (listed on the `# derived:` line; `NaN` where there is no value).
struct DataTable {
    /// Columns taken from the results, by their `results.csv` names.
    var columns: [String]
    /// Columns the chart computes from a row (plot positions, ratios).
    var derived: [String]
    /// Comment lines placed after the title.
    var notes: [String]
    private(set) var blocks: [(engine: Subject, lines: [String])] = []

    /// The identity of a row: every data file starts with these.
    static let identity = ["engine", "workload", "parameters", "size", "status"]
    /// Result columns that hold text (quoted in the file).
    static let textColumns: Set<String> = ["engine", "workload", "parameters", "status", "reason", "verified", "batch_verified", "approximate"]

    init(columns: [String], derived: [String] = [], notes: [String] = []) {
        precondition(columns.allSatisfy(ResultRow.csvColumns.contains), "unknown results column")
        self.columns = DataTable.identity + columns.filter { !DataTable.identity.contains($0) }
        self.derived = derived
        self.notes = notes
    }

    /// 1-based column number, as gnuplot's `using` counts.
    func number(_ column: String) -> Int {
        if let index = columns.firstIndex(of: column) { return index + 1 }
        if let index = derived.firstIndex(of: column) { return columns.count + index + 1 }
        preconditionFailure("no column \(column)")
    }

    /// The 0-based `index` of an engine's block, once added.
    func block(of engine: Subject) -> Int? { blocks.firstIndex { $0.engine == engine } }

    /// Adds a row to its engine's block (created on first use). O(columns).
    mutating func add(_ row: ResultRow, derived values: [Double?] = []) {
        precondition(values.count == derived.count, "one value per derived column")
        let fields = row.csvFields
        var tokens: [String] = []
        for column in columns {
            let field = fields[ResultRow.csvColumns.firstIndex(of: column)!]
            tokens.append(DataTable.textColumns.contains(column) || field.isEmpty ? DataTable.quote(field) : field)
        }
        for value in values {
            tokens.append(value.map { $0.isFinite ? "\($0)" : "NaN" } ?? "NaN")
        }
        let line = tokens.joined(separator: " ")
        if let index = block(of: row.engine) {
            blocks[index].lines.append(line)
        } else {
            blocks.append((row.engine, [line]))
        }
    }

    var rowCount: Int { blocks.reduce(0) { $0 + $1.lines.count } }

    func render(title: String) -> String {
        // Titles, notes and engine names hold results text: a line break in
        // one would end its comment and turn the rest into a data line.
        var text = "# \(GnuplotScript.comment(title))\n"
        for note in notes { text += "# \(GnuplotScript.comment(note))\n" }
        text += "# columns: \(columns.joined(separator: " "))"
        text += derived.isEmpty ? "\n" : " \(derived.joined(separator: " "))\n"
        text += "# derived: \(derived.joined(separator: " "))\n"
        for (number, block) in blocks.enumerated() {
            if number > 0 { text += "\n\n" }
            text += "# index \(number): \(GnuplotScript.comment(block.engine.name))\n"
            for line in block.lines { text += line + "\n" }
        }
        return text
    }

    /// A data-file string: gnuplot reads a double-quoted token as one
    /// column. It has no escape for a quote inside, so one becomes `'`;
    /// control characters (line breaks, tabs, NUL) become spaces, so a
    /// row stays one line. O(length).
    static func quote(_ text: String) -> String {
        "\"" + GnuplotScript.withoutControls(text).replacingOccurrences(of: "\"", with: "'") + "\""
    }
}
