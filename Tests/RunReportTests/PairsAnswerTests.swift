import Foundation
import RunResults
import Testing

@testable import RunReport

/// A run over many of the user's pairs opens with one answer for the set,
/// folds each pair's block after it, and keeps its page to a few dozen charts.
@Suite("One answer for many pairs") struct PairsAnswerTests {
    /// A user's text pair (not generated) named `name`.
    static func pair(_ name: String) -> DatasetShape {
        DatasetShape(
            workload: WorkloadName(name), size: 1_000, parameters: "", sizeOld: 1_000, sizeNew: 1_000, idsRepeat: true, changedFraction: 0.1,
            unit: "lines", sectioned: false, generated: false)
    }

    /// Pairs with alpha's and beta's medians (same steps on each).
    static func document(_ medians: [(alpha: Double, beta: Double)]) -> RunDocument {
        var rows: [ResultRow] = []
        for (index, pair) in medians.enumerated() {
            rows.append(EngineAdviceTests.row("alpha", WorkloadName("pair\(index)"), median: pair.alpha, steps: 10, fewestMoves: nil))
            rows.append(EngineAdviceTests.row("beta", WorkloadName("pair\(index)"), median: pair.beta, steps: 10, fewestMoves: nil))
        }
        var document = EngineAdviceTests.document(rows)
        document.datasets = medians.indices.map { pair("pair\($0)") }
        return document
    }

    @Test("the pick over all pairs, the pairs each engine won, ties counted apart")
    func answerAndWins() throws {
        let document = Self.document([(100, 300), (100, 50), (100, 120), (100, 101)])
        let palette = EnginePalette(EngineAdviceTests.engines)
        let blocks = YourLists.blocks(document, palette: palette)
        #expect(blocks.map { $0.advice?.pick } == ["alpha", "beta", "alpha", "alpha"])
        let answer = try #require(PairsAnswer.answer(blocks, document: document, palette: palette))
        // Geometric means of time over the fastest: alpha (1·2·1·1)^¼ = 1.19, beta (3·1·1.2·1.01)^¼ = 1.38.
        #expect(answer.advice?.pick == "alpha")
        #expect(answer.pairs == 4 && answer.otherShape == 0)
        #expect(answer.wins == [PairsAnswer.Win(engine: "alpha", pairs: 2), PairsAnswer.Win(engine: "beta", pairs: 1)])
        #expect(answer.ties == 1)
        #expect(answer.headline == "One answer for 4 pairs: use alpha")
        #expect(answer.winsLine == "Pairs won: alpha 2, beta 1; tied 1.")
        // One pair is its own answer.
        #expect(PairsAnswer.answer(Array(blocks.prefix(1)), document: document, palette: palette) == nil)
    }

    @Test("the page and the closing screen open with the answer; each pair's block is folded after it; many pairs, no chart per pair")
    func pageOpensWithTheAnswer() throws {
        let many = Array(repeating: (alpha: 100.0, beta: 300.0), count: ReportBuilder.perPairChartLimit + 1)
        let folder = try SyntheticRun.write(Self.document(many))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        #expect(summary.brief.hasPrefix("One answer for 13 pairs: use alpha\n"), "\(summary.brief)")
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        let answer = try #require(html.range(of: "<h2>One answer for 13 pairs: use alpha</h2>"))
        let folded = try #require(html.range(of: "<details class=\"pairs\"><summary>Each of the 13 pairs</summary>"))
        let firstPair = try #require(html.range(of: "<h2>Your lists pair0"))
        #expect(answer.lowerBound < folded.lowerBound && folded.lowerBound < firstPair.lowerBound)
        #expect(summary.charts.filter { $0.kind == TimeChart.kind }.isEmpty)
        #expect(html.contains("The 13 series of your pairs get no time chart each"))

        // At the limit, each pair keeps its time chart.
        let few = try SyntheticRun.write(Self.document(Array(many.prefix(ReportBuilder.perPairChartLimit))))
        defer { try? FileManager.default.removeItem(atPath: few) }
        let fewSummary = try ReportBuilder.build(runDirectory: few, gnuplot: .none)
        #expect(fewSummary.charts.filter { $0.kind == TimeChart.kind }.count == ReportBuilder.perPairChartLimit)
    }
}
