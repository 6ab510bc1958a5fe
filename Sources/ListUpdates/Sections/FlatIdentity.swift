import DiffEngines

/// Identity for the flattened list: markers are identified by the surviving
/// section's ordinal (the same on both sides, unique even when section ids
/// repeat), rows by their own id; only rows have content.
struct FlatIdentity<Row: Identifiable & Equatable>: ElementIdentity {
    enum ID: Hashable {
        case marker(Int)
        case row(Row.ID)
    }

    func id(of element: FlatEntry<Row>) -> ID {
        switch element {
        case let .marker(k): return .marker(k)
        case let .row(row): return .row(row.id)
        }
    }

    func hasSameContent(_ lhs: FlatEntry<Row>, _ rhs: FlatEntry<Row>) -> Bool {
        if case let .row(a) = lhs, case let .row(b) = rhs { return a == b }
        return true
    }

    var contentCanDiffer: Bool { true }
}
