import FileSupport
import Foundation
import Testing

@testable import RunResults

/// The table `run` prints: columns stay aligned whatever the length of an
/// engine's or a workload's name (a registered engine can be named anything;
/// a workload name comes from a dataset file).
@Suite("Results table") struct ResultsTableTests {
    @Test("every row's columns start where the header's do, with names longer than the old fixed widths", arguments: [
        ("myers", "same"),
        ("a-registered-engine-with-a-long-name", "same"),
        ("heckel", "a-workload-named-at-length-in-a-file"),
    ])
    func columnsFitTheLongestName(engine: String, workload: String) throws {
        var rows: [ResultRow] = []
        for (name, place) in [(engine, workload), ("set", "mixed")] {
            var row = ResultRow(engine: Subject(name), workload: WorkloadName(place), size: 100, sizeOld: 100, sizeNew: 100, seed: 1, parameters: "")
            row.status = .ok
            row.medianNs = 1_500
            rows.append(row)
        }
        let lines = ResultsTable.render(rows).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let header = try #require(lines.first)
        for column in ["workload", "size", "status", "median"] {
            let start = try #require(header.range(of: column)).lowerBound.utf16Offset(in: header)
            for line in lines.dropFirst() {
                // The cell starts at the header's column, right after a space.
                let utf16 = Array(line.utf16)
                #expect(start < utf16.count && utf16[start - 1] == 32 && utf16[start] != 32, "\(column) in: \(line)")
            }
        }
    }
}

/// Issues 37 and 38: the `elements` column is text from a results file, as
/// the workload is, and reaches the terminal the same way: its control
/// characters shown as escapes, so it can neither move the cursor nor start
/// a line of its own.
@Suite("Results table, hostile text") struct ResultsTableHostileTests {
    @Test("an elements value read from a results file is shown escaped, and the columns stay aligned")
    func elementsFromAFileAreEscaped() throws {
        let hostile = "<script>|x\n\u{1B}[31m"
        var row = ResultRow(engine: "heckel", workload: "mixed", size: 10, sizeOld: 10, sizeNew: 10, seed: 1, parameters: "")
        row.elements = ElementKind(hostile)
        row.refuse(.needsUniqueIDs, "needs unique ids")
        var plan = RunDocumentVersionTests.plan
        plan.elements = [ElementKind(hostile)]
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("results-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appendingPathComponent("results.json").path
        let document = RunDocument(environment: RunDocumentVersionTests.environment, plan: plan, complete: true, rows: [row])
        try Data(ResultsStore.json(document).utf8).write(to: URL(fileURLWithPath: path))
        let rows = try ResultsStore.read(path).rows
        #expect(rows.first?.elements.rawValue == hostile)
        let table = ResultsTable.render(rows)
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2, "\(table.debugDescription)")
        #expect(!table.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) }, "\(table.debugDescription)")
        #expect(table.contains(TerminalText.visible(hostile)))
        let header = try #require(lines.first.map(String.init))
        let start = try #require(header.range(of: "status")).lowerBound.utf16Offset(in: header)
        let cells = Array(String(lines[1]).utf16)
        #expect(start < cells.count && cells[start - 1] == 32 && cells[start] != 32, "\(lines[1])")
    }
}
