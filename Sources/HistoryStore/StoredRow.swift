import RunResults

/// One results row as the store keeps it: its case and every measure,
/// status and reason code (what ``HistoryStore/rows(ofRun:)`` returns).
/// The case's fields read as the row's own (`row.engine`).
@dynamicMemberLookup
package struct StoredRow: Hashable, Sendable {
    package var storedCase: StoredCase
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

    /// A field of the case, as the row's own. O(1).
    package subscript<Value>(dynamicMember field: KeyPath<StoredCase, Value>) -> Value { storedCase[keyPath: field] }
}
