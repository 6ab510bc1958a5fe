import Foundation
import RunResults
import Testing

@testable import RunReport

/// Time against (N + M)·D: which rows, which x, which buckets, which medians.
@Suite("Complexity chart") struct ComplexityChartTests {
    /// A verified row whose (N + M)·D is `(old + new) · d`; `size` and
    /// `steps` deliberately differ from those, so a chart that used them
    /// instead of the lists' sizes and D would put the row elsewhere.
    static func row(_ engine: String, old: Int, new: Int, d: Int?, median: Double, kind: ElementKind = .int) -> ResultRow {
        var row = ResultRow(engine: Subject(engine), workload: WorkloadName("w\(old)-\(new)"), size: 7, sizeOld: old, sizeNew: new, seed: 1, parameters: "")
        row.status = .ok
        row.medianNs = median
        row.minEdits = d
        row.steps = (d ?? 0) * 3 + 1
        row.elements = kind
        row.verified = true
        return row
    }

    @Test("x is (size_old + size_new) × min_edits, not the workload size or the engine's steps")
    func complexityUsesTheListsAndD() {
        #expect(ComplexityChart.complexity(Self.row("a", old: 300, new: 200, d: 40, median: 1)) == 20_000)
        #expect(ComplexityChart.complexity(Self.row("a", old: 3, new: 9, d: 6, median: 1)) == 72)
        // A list built from or to nothing needs no search: left out, whatever its (N + M)·D.
        #expect(ComplexityChart.complexity(Self.row("a", old: 0, new: 9, d: 9, median: 1)) == nil)
        #expect(ComplexityChart.complexity(Self.row("a", old: 9, new: 0, d: 9, median: 1)) == nil)
        // D = 0 (identical lists) and an unknown D have no place on a log axis.
        #expect(ComplexityChart.complexity(Self.row("a", old: 10, new: 10, d: 0, median: 1)) == nil)
        #expect(ComplexityChart.complexity(Self.row("a", old: 10, new: 10, d: nil, median: 1)) == nil)
    }

    @Test("buckets are equal steps of log x, two per power of ten — never equal steps of x")
    func bucketsAreLogarithmic() {
        func bucket(_ x: Double) -> Int { ComplexityChart.bucket(x) }
        // Same ratio, same number of buckets apart, at any scale.
        #expect(bucket(1_000) == bucket(3_000))
        #expect(bucket(1e8) == bucket(3e8))
        #expect(bucket(3_000) != bucket(3_200))
        #expect(bucket(1e8) - bucket(1_000) == 10)
        #expect(bucket(10) == 2 && bucket(31) == 2 && bucket(32) == 3 && bucket(100) == 4)
        // Each bucket is drawn at its geometric middle.
        let middle = ComplexityChart.centre(ofBucket: bucket(1_000))
        #expect(abs(middle - 1_000 * pow(10, 0.25)) < 1e-6)
    }

    @Test("each engine's line is the median of its rows per bucket")
    func bucketMedians() {
        let rows = [
            Self.row("a", old: 500, new: 500, d: 1, median: 10),  // 1,000
            Self.row("a", old: 1_000, new: 1_000, d: 1, median: 50),  // 2,000
            Self.row("a", old: 1_250, new: 1_250, d: 1, median: 30),  // 2,500
            Self.row("b", old: 500, new: 500, d: 1, median: 1),
            Self.row("b", old: 1_000, new: 1_000, d: 1, median: 2),
            Self.row("b", old: 1_000, new: 1_000, d: 1, median: 3),
            Self.row("b", old: 1_250, new: 1_250, d: 1, median: 100),
            Self.row("a", old: 5_000, new: 5_000, d: 10, median: 7),  // 100,000
        ]
        let medians = ComplexityChart.bucketMedians(rows)
        let low = ComplexityChart.bucket(1_000), high = ComplexityChart.bucket(100_000)
        #expect(medians["a"] == [low: 30, high: 7])
        #expect(medians["b"] == [low: 2.5])
    }

    @Test("drawn from two buckets on, per element kind, without references, D = 0 or unknown D")
    func whichRowsAreDrawn() throws {
        var floor = Self.row("floor", old: 500, new: 500, d: 1, median: 1)
        floor.status = .reference
        var skipped = Self.row("c", old: 5_000, new: 5_000, d: 10, median: 1)
        skipped.status = .skipped
        let rows = [
            Self.row("a", old: 500, new: 500, d: 1, median: 10), Self.row("a", old: 5_000, new: 5_000, d: 10, median: 90),
            Self.row("a", old: 50, new: 50, d: 0, median: 1), Self.row("a", old: 70, new: 70, d: nil, median: 1),
            // A list made from nothing: D = N + M, found without a search.
            Self.row("a", old: 0, new: 10_000, d: 10_000, median: 1),
            floor, skipped,
            Self.row("a", old: 500, new: 500, d: 1, median: 20, kind: "uuid"),
        ]
        #expect(ComplexityChart.plotted(rows).count == 3)
        let series = RunSeries.group(
            RunDocument(
                environment: RunEnvironment(
                    swiftVersion: "6", os: "x", cpu: "y", cores: 1, memoryBytes: 1, buildConfiguration: "release", gitCommit: "z",
                    seed: 1, startTime: "now", runName: "c"),
                plan: PlanSummary(
                    engines: ["a"], workloads: [], sizes: [7], extraCases: [], minSamples: 1, minTimeSeconds: 0, timeBudgetSeconds: 1,
                    lcsMemoryBudgetBytes: 1),
                complete: true, rows: rows),
            palette: EnginePalette())
        let drafts = ComplexityChart.drafts(series, runName: "c")
        // The uuid rows fill one bucket only: no chart for them.
        #expect(drafts.map(\.file.name) == ["complexity-int"])
        let draft = try #require(drafts.first)
        #expect(draft.file.kind == ComplexityChart.kind && draft.file.rows == 2)
        #expect(draft.data.contains("# derived: complexity bucket bucket_centre bucket_median_ns"))
        #expect(draft.script.contains("smooth unique") && draft.script.contains("set logscale xy"))
    }

    @Test("text advice names the fastest of the engines that search the edit graph, by total time, and only those")
    func textAdviceNamesTheFastestSearch() throws {
        let engines = [
            EngineInfo(name: "slowsearch", summary: "s", colour: "#111111", symbol: 7, cost: .trimmedDifferencesSquared),
            EngineInfo(name: "fastsearch", summary: "f", colour: "#222222", symbol: 5, cost: .trimmedDifferencesSquared),
            EngineInfo(name: "linear", summary: "l", colour: "#333333", symbol: 9),
        ]
        // Per workload: slowsearch 100 + 100, fastsearch 150 + 30 (faster in all, not on each), linear fastest of all.
        let times: [(String, WorkloadName, Double)] = [
            ("slowsearch", "t1", 100), ("fastsearch", "t1", 150), ("linear", "t1", 1),
            ("slowsearch", "t2", 100), ("fastsearch", "t2", 30), ("linear", "t2", 1),
        ]
        var rows: [ResultRow] = []
        for (engine, workload, median) in times {
            var row = Self.row(engine, old: 100, new: 100, d: 4, median: median)
            row.workload = workload
            row.size = 100
            row.parameters = "unit=lines"
            rows.append(row)
        }
        let shapes = ["t1", "t2"].map {
            DatasetShape(
                workload: $0, size: 100, parameters: "unit=lines", sizeOld: 100, sizeNew: 100, idsRepeat: true, changedFraction: 0.04,
                unit: "lines", generated: true)
        }
        let document = RunDocument(
            environment: RunEnvironment(
                swiftVersion: "6", os: "x", cpu: "y", cores: 1, memoryBytes: 1, buildConfiguration: "release", gitCommit: "z", seed: 1,
                startTime: "now", runName: "t"),
            plan: PlanSummary(
                engines: engines.map(\.subject), workloads: ["t1", "t2"], sizes: [100], extraCases: [], minSamples: 1, minTimeSeconds: 0,
                timeBudgetSeconds: 1, lcsMemoryBudgetBytes: 1),
            complete: true, engines: engines, rows: rows)
        let advice = EngineAdvice.advise(RunSeries.group(document, palette: EnginePalette(engines)), datasets: shapes)
        let text = try #require(advice.first { $0.shape == .text }).plainText
        let sentence = try #require(text.range(of: "Of the engines that search the edit graph").map { String(text[$0.lowerBound...]) })
        #expect(sentence.hasPrefix("Of the engines that search the edit graph, fastsearch took the least time over the 2 text workloads"), "\(sentence)")
        #expect(sentence.contains("then slowsearch") && !sentence.contains("linear"), "\(sentence)")
    }
}
