import RunResults
import Testing

@testable import RunReport

/// A prediction more than 10× off the measured time is named first on the
/// page and the closing screen.
@Suite("Predictions off") struct PredictionReportTests {
    static func row(_ engine: String, predicted: Double?, median: Double) -> ResultRow {
        var row = EngineAdviceTests.row(engine, "text", size: 1_000_000, median: median, steps: 10)
        row.predictedSeconds = predicted
        return row
    }

    @Test("a median 10× or more off its prediction (either way) is named; nearer ones, tiny ones and unpredicted ones are not")
    func tenTimesOff() throws {
        let rows = [
            Self.row("alpha", predicted: 5_381, median: 2.9e9),  // the histogram: 1,856× too pessimistic
            Self.row("beta", predicted: 0.1, median: 1.0e9),  // 10× too optimistic
            Self.row("gamma", predicted: 1, median: 0.2e9),  // 5×: within the model's error
            Self.row("omega", predicted: 0.000_9, median: 0.009e9),  // 10× off, but under 10 ms both ways
            Self.row("delta", predicted: nil, median: 1e9),  // a linear engine: no prediction
        ]
        #expect(ReportPage.predictionsOff(rows).map(\.engine) == ["alpha", "beta"])
        let text = try #require(ReportPage.predictionsOffText(rows))
        #expect(text.contains("alpha on text@1,000,000 predicted 5,381 s, took 2.9 s"), "\(text)")
        let page = ReportPage(
            document: EngineAdviceTests.document(rows), palette: EnginePalette(EngineAdviceTests.engines), charts: [], fits: [],
            verdicts: [], advice: [], yourLists: [], sections: [], chartProblem: nil)
        #expect(page.problems.contains(text))
        #expect(ReportPage.predictionsOffText(Array(rows.dropFirst(2))) == nil)
    }
}
