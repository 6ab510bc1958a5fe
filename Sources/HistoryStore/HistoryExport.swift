import Foundation

/// A stored run in the formats other dashboards read:
///
/// - **Bencher Metric Format** (`bencher run --adapter json`): an object
///   keyed by benchmark name, each an object keyed by measure slug, each
///   `{value, lower_value?, upper_value?}`. The median is Bencher's built-in
///   `latency` (nanoseconds), with median ∓ spread as its bounds; the counts
///   are measures of their own (`instructions`, `allocations`,
///   `peak-heap-bytes`, `steps`), which Bencher makes on first sight.
/// - **github-action-benchmark**, tool `customSmallerIsBetter`: an array of
///   `{name, unit, value, range?, extra?}`, one per row and measure; the
///   median's range is `± spread`, and extra names the commit, run and machine.
///
/// Only measured rows (`ok`, and the `reference` rows) are exported: a
/// failed or skipped row has no figure a dashboard should plot. Samples
/// are not a measure of the code and are left out.
package enum HistoryExport {
    /// The export formats.
    package enum Format: String, CaseIterable, Sendable {
        case bencher
        case githubActionBenchmark = "github-action-benchmark"
    }

    /// The measures exported, with Bencher's slug for each.
    static let bencherSlugs: [(HistoryMeasure, String)] = [
        (.medianNs, "latency"), (.instructions, "instructions"), (.allocations, "allocations"),
        (.peakHeapBytes, "peak-heap-bytes"), (.steps, "steps"),
    ]

    /// One Bencher metric.
    package struct BencherMetric: Codable, Hashable, Sendable {
        package var value: Double
        package var lowerValue: Double?
        package var upperValue: Double?
        enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }

    /// One github-action-benchmark entry.
    package struct BenchmarkEntry: Codable, Hashable, Sendable {
        package var name: String
        package var unit: String
        package var value: Double
        package var range: String?
        package var extra: String?
    }

    /// The rows of `run` in Bencher Metric Format. O(rows).
    package static func bencher(_ rows: [StoredRow]) -> [String: [String: BencherMetric]] {
        var benchmarks: [String: [String: BencherMetric]] = [:]
        let names = benchmarkNames(rows)
        for (row, name) in zip(rows, names) where isMeasured(row) {
            var metrics: [String: BencherMetric] = [:]
            for (measure, slug) in bencherSlugs {
                guard let value = row.value(measure) else { continue }
                let spread = measure == .medianNs ? row.spreadNs : nil
                metrics[slug] = BencherMetric(value: value, lowerValue: spread.map { value - $0 }, upperValue: spread.map { value + $0 })
            }
            if !metrics.isEmpty { benchmarks[name] = metrics }
        }
        return benchmarks
    }

    /// The rows of `run` as github-action-benchmark's customSmallerIsBetter entries. O(rows).
    package static func githubActionBenchmark(_ rows: [StoredRow], run: StoredRun) -> [BenchmarkEntry] {
        var entries: [BenchmarkEntry] = []
        for (row, name) in zip(rows, benchmarkNames(rows)) where isMeasured(row) {
            for (measure, _) in bencherSlugs {
                guard let value = row.value(measure) else { continue }
                entries.append(
                    BenchmarkEntry(
                        name: name + " " + measure.rawValue, unit: measure.unit, value: value,
                        range: measure == .medianNs ? row.spreadNs.map { "± \(Self.number($0))" } : nil,
                        extra: "commit \(run.commit), run \(run.runID), \(row.samples) samples, machine \(row.machine)"))
            }
        }
        return entries
    }

    /// The export of `rows` of `run` in `format`, as JSON text (sorted keys, a final newline).
    package static func json(_ format: Format, rows: [StoredRow], run: StoredRun) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        switch format {
        case .bencher: data = try encoder.encode(bencher(rows))
        case .githubActionBenchmark: data = try encoder.encode(githubActionBenchmark(rows, run: run))
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Whether a row carries figures a dashboard should plot.
    static func isMeasured(_ row: StoredRow) -> Bool { row.status == .ok || row.status == .reference }

    /// Each row's benchmark name: its case (``StoredCase/name``), with
    /// the machine added when the run spans several (a merge with
    /// `--allow-mixed-machines`), so names stay unique.
    static func benchmarkNames(_ rows: [StoredRow]) -> [String] {
        let mixed = Set(rows.map(\.machine)).count > 1
        return rows.map { mixed ? "\($0.storedCase.name) on \($0.machine)" : $0.storedCase.name }
    }

    /// A spread as text: whole numbers without a fraction, others to 4 significant digits.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.4g", value)
    }
}
