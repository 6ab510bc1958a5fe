import RunResults

/// One results row as the store keeps it: its case and every measure,
/// status and reason code (what ``HistoryStore/rows(ofRun:)`` returns).
package struct StoredRow: Hashable, Sendable, Codable {
    package var machine: String
    package var plan: String
    package var engine: String
    package var workload: WorkloadName
    package var parameters: String
    package var elements: ElementKind
    package var size: Int
    package var status: ResultRow.Status
    package var reasonCode: String?
    package var samples: Int
    package var medianNs: Double?
    package var spreadNs: Double?
    package var instructions: Int?
    package var peakHeapBytes: Int?
    package var allocations: Int?
    package var steps: Int?

    /// The value of `measure` in this row, as ``HistoryMeasure/value(of:)`` reads it from a results row.
    package func value(_ measure: HistoryMeasure) -> Double? {
        switch measure {
        case .medianNs: return medianNs
        case .instructions: return instructions.map(Double.init)
        case .peakHeapBytes: return peakHeapBytes.map(Double.init)
        case .allocations: return allocations.map(Double.init)
        case .steps: return steps.map(Double.init)
        case .samples: return status == .ok || status == .reference ? Double(samples) : nil
        }
    }

    /// `engine/workload@size kind` (with `[parameters]` when present): the
    /// name exports give the row.
    package var caseName: String {
        "\(engine)/\(workload)@\(size)\(parameters.isEmpty ? "" : "[\(parameters)]") \(elements)"
    }
}
