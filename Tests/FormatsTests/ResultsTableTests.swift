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
