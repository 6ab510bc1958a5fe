import RunResults
import Harness
import Testing

@testable import RunReport

/// Where a reader meets a dataset's parameters — a chart's title, the
/// "your lists" headline — they are words, escaped for the medium as any
/// label is; the `key=value;…` form stays in the data files.
@Suite struct ParameterWordsLabelTests {
    /// The parameters of a file imported from git, with a hostile path.
    static let parameters = "file=src/a`id`$HOME\".swift;from=600.0.1;to=601.0.0;unit=lines"

    static func document(_ rows: [ResultRow]) -> RunDocument {
        RunDocument(
            environment: RunEnvironment(
                swiftVersion: "6", os: "x", cpu: "y", cores: 1, memoryBytes: 1, buildConfiguration: "release", gitCommit: "z",
                seed: 1, startTime: "now", runName: "w"),
            plan: PlanSummary(
                engines: ["heckel"], workloads: ["git"], sizes: [10], extraCases: [], minSamples: 1, minTimeSeconds: 0,
                timeBudgetSeconds: 1, lcsMemoryBudgetBytes: 1),
            complete: true, rows: rows)
    }

    static func row(size: Int, median: Double) -> ResultRow {
        var row = ResultRow(engine: "heckel", workload: "git", size: size, sizeOld: size, sizeNew: size, seed: 1, parameters: parameters)
        row.elements = "uuid"
        row.status = .ok
        row.medianNs = median
        row.spreadNs = 0
        return row
    }

    @Test("a chart's title shows the parameters as words, escaped for gnuplot")
    func chartTitle() throws {
        let series = RunSeries.group(Self.document([Self.row(size: 10, median: 100), Self.row(size: 20, median: 200)]), palette: EnginePalette())
        let one = try #require(series.first)
        #expect(one.label == "git (file src/a`id`$HOME\".swift, 600.0.1 → 601.0.0, lines, uuid elements)")
        let draft = try #require(TimeChart.draft(one, runName: "w"))
        #expect(draft.script.contains("600.0.1 → 601.0.0, lines, uuid elements"), "\(draft.script)")
        #expect(!draft.script.contains("file="), "\(draft.script)")
        // Gnuplot runs a backquoted command inside a string: outside comments the path is escaped.
        let commands = draft.script.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(commands.contains { $0.contains("600.0.1 → 601.0.0") }, "\(draft.script)")
        #expect(!commands.contains { $0.contains("`id`") || $0.contains("$HOME") }, "unescaped: \(draft.script)")
    }

    @Test("the your-lists headline names the pair in words")
    func yourListsHeadline() {
        let shape = DatasetShape(
            workload: "a.swift → b.swift", size: 3, parameters: "unit=lines", sizeOld: 3, sizeNew: 3, idsRepeat: false,
            changedFraction: 0.5, unit: "lines", generated: false)
        let lists = YourLists(shape: shape, elements: "uuid", advice: nil, evidence: [])
        #expect(lists.headline.hasPrefix("Your lists a.swift → b.swift (lines): n = 3"), "\(lists.headline)")
    }
}
