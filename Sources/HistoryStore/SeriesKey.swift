import RunResults

/// One series of the history: a measure of one case (engine × dataset ×
/// element kind) on one machine under one plan, across runs. Machines are a
/// dimension of every series, so two machines' values are never mixed.
///
/// The case's fields read as the key's own (`key.engine`, `key.machine`),
/// and the key codes as one flat object, the case's fields beside `measure`:
/// the series object of the history commands' `--format json`.
@dynamicMemberLookup
package struct SeriesKey: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    package var storedCase: StoredCase
    package var measure: HistoryMeasure

    package init(_ storedCase: StoredCase, measure: HistoryMeasure) {
        self.storedCase = storedCase
        self.measure = measure
    }

    /// A field of the case, as the key's own. O(1).
    package subscript<Value>(dynamicMember field: KeyPath<StoredCase, Value>) -> Value { storedCase[keyPath: field] }

    private enum CodingKeys: String, CodingKey { case measure }

    package init(from decoder: any Decoder) throws {
        storedCase = try StoredCase(from: decoder)
        measure = try decoder.container(keyedBy: CodingKeys.self).decode(HistoryMeasure.self, forKey: .measure)
    }

    package func encode(to encoder: any Encoder) throws {
        try storedCase.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(measure, forKey: .measure)
    }

    /// The case and measure in one line: `heckel/feed@1000 int median_ns` (parameters in brackets when present).
    package var description: String { "\(storedCase.name) \(measure.rawValue)" }

    /// Machine, plan, then the case as tables show it (workload, size, kind, parameters, engine), then the measure.
    package static func < (lhs: SeriesKey, rhs: SeriesKey) -> Bool {
        let left = [lhs.machine, lhs.plan, lhs.workload.rawValue], right = [rhs.machine, rhs.plan, rhs.workload.rawValue]
        if left != right { return left.lexicographicallyPrecedes(right) }
        if lhs.size != rhs.size { return lhs.size < rhs.size }
        let rest = [lhs.elements.rawValue, lhs.parameters, lhs.engine], restRight = [rhs.elements.rawValue, rhs.parameters, rhs.engine]
        if rest != restRight { return rest.lexicographicallyPrecedes(restRight) }
        return lhs.measure < rhs.measure
    }
}
