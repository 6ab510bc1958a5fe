import RunResults

/// One results row as the store keeps it: its case and every measure,
/// status and reason code (what ``HistoryStore/rows(ofRun:)`` returns).
public struct StoredRow: Hashable, Sendable, Codable {
    public var machine: String
    public var plan: String
    public var engine: String
    public var workload: String
    public var parameters: String
    public var elements: String
    public var size: Int
    public var status: ResultRow.Status
    public var reasonCode: String?
    public var samples: Int
    public var medianNs: Double?
    public var spreadNs: Double?
    public var instructions: Int?
    public var peakHeapBytes: Int?
    public var allocations: Int?
    public var steps: Int?

    /// The value of `measure` in this row, as ``HistoryMeasure/value(of:)`` reads it from a results row.
    public func value(_ measure: HistoryMeasure) -> Double? {
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
    public var caseName: String {
        "\(engine)/\(workload)@\(size)\(parameters.isEmpty ? "" : "[\(parameters)]") \(elements)"
    }
}
