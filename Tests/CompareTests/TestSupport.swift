import RunResults

@testable import Compare
import DiffBenchTestSupport

/// Hand-made results: the subjects of one dataset with their medians, built
/// the way the runner fills a row (ratios to stdlib and floor computed here
/// from the medians, independently of the comparator).
enum Fixture {
    // hand-picked: the labels of made-up rows (no engine runs), with a median each below.
    static let engines: [Subject] = ["lcs", "myers", "heckel", "set", "stdlib"]

    static func row(
        _ engine: Subject, _ workload: WorkloadName, _ size: Int, median: Double, mad: Double? = nil, samples: Int = 50,
        parameters: String = "", seed: UInt64 = 1
    ) -> ResultRow {
        var row = ResultRow(
            engine: engine, workload: workload, size: size, sizeOld: size, sizeNew: size, seed: seed, parameters: parameters)
        row.status = engine == .floor ? .reference : .ok
        row.samples = samples
        let spread = mad ?? median * 0.01
        row.medianNs = median
        row.spreadNs = spread
        row.minNs = median - 2 * spread
        row.p90Ns = median + 2 * spread
        row.maxNs = median + 5 * spread
        row.peakHeapBytes = 8 * size + 1_000
        row.allocations = size / 10 + 3
        row.instructions = 150 * size + 10_000
        if engine != .floor {
            row.inserts = size / 10
            row.deletes = size / 10
            row.moves = size / 20
            row.updates = 0
            row.steps = size / 10 + size / 10 + size / 20
            row.verified = true
        }
        // A pair fact: every row of the dataset, the floor's too, states it.
        row.minMoves = size / 20
        return row
    }

    /// One dataset's rows: every engine plus floor, with the given medians
    /// (default: a plausible spread of speeds).
    static func dataset(_ workload: WorkloadName, _ size: Int, medians: [Subject: Double] = [:], parameters: String = "") -> [ResultRow] {
        let defaults: [Subject: Double] = [
            "lcs": 40_000, "myers": 30_000, "heckel": 8_000, "set": 12_000, "stdlib": 200_000, "floor": 2_000,
        ]
        return (engines + [.floor]).map { engine in
            row(engine, workload, size, median: (medians[engine] ?? defaults[engine]!) * Double(size) / 100, parameters: parameters)
        }
    }

    /// A complete document; ratios are (re)computed from the medians.
    static func document(_ rows: [ResultRow], build: String = "release", complete: Bool = true) -> RunDocument {
        var rows = rows
        for index in rows.indices {
            let row = rows[index]
            func median(of engine: Subject) -> Double? {
                rows.first { $0.engine == engine && $0.workload == row.workload && $0.size == row.size && $0.parameters == row.parameters }?
                    .medianNs
            }
            if let value = row.medianNs {
                rows[index].ratioToStdlib = median(of: .stdlib).map { value / $0 }
                rows[index].ratioToFloor = median(of: .floor).map { value / $0 }
            }
        }
        let environment = RunEnvironment(
            swiftVersion: "6.3", os: "test", cpu: "test", cores: 2, memoryBytes: 1 << 30, buildConfiguration: build,
            gitCommit: "abc", seed: 1, startTime: "2026-01-01T00:00:00Z", runName: "fixture")
        let plan = PlanSummary(
            engines: engines + [.floor], workloads: rows.map(\.workload).reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
            sizes: Set(rows.map(\.size)).sorted(), extraCases: [], minSamples: 10, minTimeSeconds: 0.1,
            timeBudgetSeconds: 3, lcsMemoryBudgetBytes: 1 << 28)
        return RunDocument(environment: environment, plan: plan, complete: complete, rows: rows)
    }

    /// A few datasets, enough to look like a small CI plan.
    static func plan() -> [ResultRow] {
        dataset("mixed", 100) + dataset("mixed", 1_000) + dataset("feed", 100) + dataset("updates", 1_000, parameters: "fraction=0.1")
    }

    static func compare(
        _ baseline: [ResultRow], _ current: [ResultRow], thresholds: CompareThresholds = CompareThresholds(),
        baselineBuild: String = "release", currentBuild: String = "release"
    ) throws -> ComparisonReport {
        try Comparator(thresholds: thresholds).compare(
            baseline: document(baseline, build: baselineBuild), at: "base.json", current: document(current, build: currentBuild),
            at: "current.json")
    }

    /// The comparison with wall time gated (`compare --gate-time`), for the
    /// tests of the timing rules themselves.
    static func compareTimeGated(_ baseline: [ResultRow], _ current: [ResultRow]) throws -> ComparisonReport {
        var thresholds = CompareThresholds()
        thresholds.timeFails = true
        return try compare(baseline, current, thresholds: thresholds)
    }

    /// Applies `change` to the row of `engine` on `workload`@`size`.
    static func modify(_ rows: [ResultRow], _ engine: Subject, _ workload: WorkloadName, _ size: Int, _ change: (inout ResultRow) -> Void)
        -> [ResultRow]
    {
        rows.map { row in
            var row = row
            if row.engine == engine && row.workload == workload && row.size == size { change(&row) }
            return row
        }
    }
}

extension ComparisonReport {
    func row(_ engine: Subject, _ workload: WorkloadName, _ size: Int) -> RowComparison? {
        rows.first { $0.engine == engine && $0.workload == workload && $0.size == size }
    }
}
