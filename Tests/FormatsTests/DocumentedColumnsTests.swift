import Foundation
import Testing
@testable import RunResults

/// README.md's table of `results.csv` columns names every column the file
/// has, and no column it lacks: a column added to `ResultRow` without a word
/// in the README fails here (the `trimmed_old`/`trimmed_new` columns once
/// went undocumented for a whole round).
@Suite struct DocumentedColumnsTests {
    static var readme: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        }
    }

    /// The column names in the first cell of each row of the README table
    /// under "### `results.csv` columns".
    static func documentedColumns(in readme: String) throws -> Set<String> {
        try documentedNames(under: "### `results.csv` columns", in: readme)
    }

    /// The names in backquotes in the first cell of each row of the table
    /// under `heading`, up to the next heading.
    static func documentedNames(under heading: String, in readme: String) throws -> Set<String> {
        let section = try #require(readme.components(separatedBy: heading).dropFirst().first)
        var names = Set<String>()
        for line in section.split(separator: "\n") {
            if line.hasPrefix("## ") || line.hasPrefix("### ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            for match in cell.matches(of: /`([a-z0-9_]+)`/) { names.insert(String(match.1)) }
        }
        return names
    }

    @Test func everyCSVColumnIsDocumented() throws {
        let header = ResultRow.csvColumns
        #expect(header.count > 20)
        let documented = try Self.documentedColumns(in: Self.readme)
        #expect(Set(header).subtracting(documented).isEmpty, "undocumented: \(Set(header).subtracting(documented).sorted())")
        #expect(documented.subtracting(header).isEmpty, "documented but absent: \(documented.subtracting(header).sorted())")
    }

    /// The parser itself: a table missing a column is caught.
    @Test func aMissingRowIsSeen() throws {
        let readme = try Self.readme
        let trimmed = readme.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("| `trimmed_old`") }.joined(separator: "\n")
        let documented = try Self.documentedColumns(in: trimmed)
        #expect(!documented.contains("trimmed_old") && documented.contains("min_edits"))
    }
}
