import ArgumentParser
import DiffEngines
import FileSupport
import Foundation
import RunResults
import HistoryStore

/// `diffbench history benchmark` (hidden; scripts/history-bench.sh runs it):
/// measures the store against the targets — adding a 300-row run,
/// a series query on a store of 10,000 runs × 300 rows, bytes per row —
/// on synthetic runs made from a real results file. A benchmark, not a test:
/// it prints figures and checks nothing.
struct HistoryBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark",
        abstract: "Measure the history store: add time, series query time, bytes per row (for scripts/history-bench.sh).",
        shouldDisplay: false
    )

    @Option(help: "The results file whose rows the synthetic runs copy.")
    var template: String = "Reports/baselines/ci.json"

    @Option(help: "Rows per synthetic run.")
    var rows: Int = 300

    @Option(help: "Runs in the synthetic store.")
    var runs: Int = 10_000

    @Option(help: "The synthetic store (replaced).")
    var store: String

    @Option(help: "Also write 11 synthetic runs of --rows rows as run folders DIR/run-1 … DIR/run-11 (for timing `history add` end to end).")
    var writeRuns: String?

    func validate() throws {
        guard rows >= 1, runs >= 2 else { throw ValidationError("--rows must be at least 1 and --runs at least 2") }
    }

    func run() throws {
        let base: RunDocument
        do { base = try ResultsStore.read(template) } catch { throw CLIFailure.badInput(error.description) }
        let widened = Self.widened(base, to: rows)
        if let writeRuns {
            for index in 1...11 { try ResultsStore.write(Self.synthetic(widened, index: runs + index), to: writeRuns + "/run-\(index)") }
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        let history = try HistoryStore.open(store)
        var addTimes: [Double] = []
        let clock = ContinuousClock()
        for index in 0..<runs {
            let document = Self.synthetic(widened, index: index)
            let started = clock.now
            try history.add(document, branch: "main")
            if index < 50 || index >= runs - 50 { addTimes.append(Self.milliseconds(clock.now - started)) }
        }
        let keys = try history.seriesKeys(SeriesFilter(measure: .medianNs))
        // A fresh connection, as a new `history show` process has.
        let reader = try HistoryStore.open(store, create: false)
        var queryTimes: [Double] = []
        var points = 0
        for offset in stride(from: 0, to: keys.count, by: max(1, keys.count / 25)) {
            let started = clock.now
            points = try reader.series(keys[offset]).count
            queryTimes.append(Self.milliseconds(clock.now - started))
        }
        try history.checkpoint()
        let bytes = (try FileManager.default.attributesOfItem(atPath: store)[.size] as? NSNumber)?.intValue ?? 0
        let stored = runs * widened.rows.count
        print("runs: \(runs), rows per run: \(widened.rows.count), rows stored: \(Formatting.grouped(stored))")
        print("add (in process, first/last 50 adds): median \(Self.format(Self.median(addTimes))) ms, max \(Self.format(addTimes.max() ?? 0)) ms")
        print("series query (\(queryTimes.count) series of \(points) points, new connection): median \(Self.format(Self.median(queryTimes))) ms, max \(Self.format(queryTimes.max() ?? 0)) ms")
        print("store: \(Formatting.grouped(bytes)) bytes, \(Self.format(Double(bytes) / Double(stored))) bytes per row")
    }

    /// `document` with exactly `count` rows: its rows repeated, each copy at
    /// a size of its own (size + 1,000,000 × copy), so every row is a case of its own.
    static func widened(_ document: RunDocument, to count: Int) -> RunDocument {
        var widened = document
        widened.machines = nil
        widened.rows = (0..<count).map { index in
            var row = document.rows[index % document.rows.count]
            row.machine = nil
            row.size += 1_000_000 * (index / document.rows.count)
            return row
        }
        widened.datasets = nil
        widened.plan.sizes = Array(Set(widened.rows.map(\.size))).sorted()
        return widened
    }

    /// Run `index` of the synthetic history: its own name, start time (a
    /// minute apart) and commit, and each row's times (median, quantiles,
    /// spread) and instruction count moved by one factor within ±5 % (a
    /// fixed pseudo-random walk, so two benchmarks store the same data);
    /// the ratios follow the moved medians, so the run passes the results
    /// validator as a real one must.
    static func synthetic(_ document: RunDocument, index: Int) -> RunDocument {
        var run = document
        run.environment.runName = "synthetic-\(index)"
        run.environment.startTime = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_700_000_000 + 60 * Double(index)))
        run.environment.gitCommit = String(format: "%012x", UInt64(index) &* 0x9E37_79B9_7F4A_7C15 >> 16)
        var state = UInt64(index) &* 0x2545_F491_4F6C_DD1D | 1
        for position in run.rows.indices {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let factor = 0.95 + Double(state % 1000) / 10_000
            scaleTimes(of: &run.rows[position], by: factor)
            run.rows[position].instructions = run.rows[position].instructions.map { Int(Double($0) * factor) }
        }
        restateRatios(&run.rows)
        return run
    }

    /// Every time of `row` multiplied by `factor` (so min ≤ median ≤ p90 ≤ max still holds).
    static func scaleTimes(of row: inout ResultRow, by factor: Double) {
        row.medianNs = row.medianNs.map { $0 * factor }
        row.minNs = row.minNs.map { $0 * factor }
        row.p90Ns = row.p90Ns.map { $0 * factor }
        row.maxNs = row.maxNs.map { $0 * factor }
        row.spreadNs = row.spreadNs.map { $0 * factor }
        row.sampleQuantilesNs = row.sampleQuantilesNs.map { $0.map { $0 * factor } }
    }

    /// Each row's ratios to its dataset's stdlib and floor medians, from the medians as they now are.
    static func restateRatios(_ rows: inout [ResultRow]) {
        func dataset(_ row: ResultRow) -> String { "\(row.workload)/\(row.size)/\(row.parameters)/\(row.elements)" }
        var stdlib: [String: Double] = [:], floor: [String: Double] = [:]
        for row in rows {
            if row.engine == .stdlib, let median = row.medianNs { stdlib[dataset(row)] = median }
            if row.engine == .floor, let median = row.medianNs { floor[dataset(row)] = median }
        }
        for position in rows.indices {
            let key = dataset(rows[position])
            if rows[position].ratioToStdlib != nil, let median = rows[position].medianNs, let reference = stdlib[key] {
                rows[position].ratioToStdlib = median / reference
            }
            if rows[position].ratioToFloor != nil, let median = rows[position].medianNs, let reference = floor[key] {
                rows[position].ratioToFloor = median / reference
            }
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
