import RunResults

/// One measure a results row holds, kept as a series per case: the list of
/// what the history remembers of a row beside its status, reason code and
/// samples. The raw values are the results file's own column names, so a
/// measure is spelled the same in results.json, the store's columns and on
/// the command line.
package enum HistoryMeasure: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    /// The median time of one call, in nanoseconds; its noise is the spread (median absolute deviation).
    case medianNs = "median_ns"
    /// Instructions of one call under callgrind (`run --instructions`).
    case instructions
    /// Peak live heap bytes during one call.
    case peakHeapBytes = "peak_heap_bytes"
    /// Allocations during one call.
    case allocations
    /// Steps of the answer (inserts + deletes + moves + updates).
    case steps
    /// Samples the median was taken over.
    case samples

    /// The column of the store's `results` table that holds the measure
    /// (the same name: the store is read with the sqlite3 shell too).
    var column: String { rawValue }

    /// The column holding the measure's noise, if it has one.
    var noiseColumn: String? { self == .medianNs ? "spread_ns" : nil }

    /// The bit of `cases.measures` saying the case has at least one value of the measure.
    var bit: Int64 { Int64(1) << Int64(HistoryMeasure.allCases.firstIndex(of: self)!) }

    /// What the value counts, for tables and exports.
    package var unit: String {
        switch self {
        case .medianNs: return "ns"
        case .instructions: return "instructions"
        case .peakHeapBytes: return "bytes"
        case .allocations: return "allocations"
        case .steps: return "steps"
        case .samples: return "samples"
        }
    }

    /// The measure's value in `row`, nil when the row has none.
    package func value(of row: ResultRow) -> Double? {
        switch self {
        case .medianNs: return row.medianNs
        case .instructions: return row.instructions.map(Double.init)
        case .peakHeapBytes: return row.peakHeapBytes.map(Double.init)
        case .allocations: return row.allocations.map(Double.init)
        case .steps: return row.steps.map(Double.init)
        case .samples: return row.status == .ok || row.status == .reference ? Double(row.samples) : nil
        }
    }

    /// The noise around the value in `row` (the spread of the median), nil for exact counts.
    package func noise(of row: ResultRow) -> Double? { self == .medianNs ? row.spreadNs : nil }

    package static func < (lhs: HistoryMeasure, rhs: HistoryMeasure) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
