import RunResults
import Testing

@testable import RunReport

/// With several element kinds the same workload appears once per kind, so
/// every finding line must say which kind it speaks of (issue 29: "Above the
/// optimum" listed "heckel ×1.50 moves on shuffled" three times).
@Suite("Findings name the element kind") struct KindFindingTests {
    static func row(_ engine: String, kind: ElementKind, moves: Int, median: Double) -> ResultRow {
        var row = ResultRow(engine: Subject(engine), workload: "shuffled", size: 100, sizeOld: 100, sizeNew: 100, seed: 1, parameters: "")
        row.elements = kind
        row.status = .ok
        row.inserts = 0
        row.deletes = 0
        row.moves = moves
        row.steps = moves
        row.minMoves = 10
        row.minEdits = 20
        row.medianNs = median
        row.spreadNs = 0
        row.ratioToStdlib = median / 1_000
        return row
    }

    static func groups(_ kinds: [ElementKind]) -> [[ResultRow]] {
        kinds.map { [row("heckel", kind: $0, moves: 15, median: 100), row("myers", kind: $0, moves: 10, median: 400)] }
    }

    @Test("time: the finding of a workload's chart names the kind it timed", arguments: [
        ("int", "At n = 100 on integer ids heckel is fastest"), ("uuid", "At n = 100 on uuid elements heckel is fastest"),
        ("record", "At n = 100 on record elements heckel is fastest"),
    ])
    func timeFindingNamesItsKind(kind: ElementKind, expected: String) {
        let text = TimeChart.finding(Self.groups([kind])[0], largest: 100, palette: EnginePalette())
        #expect(text.hasPrefix(expected), "\(text)")
    }

    @Test("quality: each item above the optimum names its kind when the run has several", arguments: [
        (["int", "uuid", "record"], ["on shuffled, integer ids", "on shuffled, uuid elements", "on shuffled, record elements"]),
        (["int"], ["×1.50 moves on shuffled."]),
    ])
    func qualityNamesKinds(kinds: [ElementKind], expected: [String]) {
        let text = QualityChart.finding(Self.groups(kinds))
        for part in expected { #expect(text.contains(part), "\(text)") }
        #expect(text.components(separatedBy: "heckel ×1.50 moves").count - 1 == kinds.count)
    }

    @Test("tradeoff: one sentence per kind, each naming it")
    func tradeoffNamesKinds() {
        let kinds: [ElementKind] = [.int, .uuid, .record]
        let text = TradeoffChart.finding(zip(kinds, Self.groups(kinds)).map { ($0.0, $0.1) }, palette: EnginePalette())
        for kind in ["For integer ids: fastest", "For uuid elements: fastest", "For record elements: fastest"] {
            #expect(text.contains(kind), "\(text)")
        }
    }
}
