import RunResults

/// One series of the history: a measure of one case (engine × dataset ×
/// element kind) on one machine under one plan, across runs. Machines are a
/// dimension of every series, so two machines' values are never mixed.
package struct SeriesKey: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The machine's name in the store (``RunIdentity/machineName(_:)`` or `--machine`).
    package var machine: String
    /// The plan's settings text (``RunIdentity/planSettings(_:)``).
    package var plan: String
    package var engine: String
    package var workload: WorkloadName
    /// The workload's further parameters (`key=value;…`), empty for most.
    package var parameters: String
    /// The element kind (`int`, `uuid`, `record`).
    package var elements: ElementKind
    package var size: Int
    package var measure: HistoryMeasure

    package init(
        machine: String, plan: String, engine: String, workload: WorkloadName, parameters: String = "", elements: ElementKind, size: Int,
        measure: HistoryMeasure
    ) {
        self.machine = machine
        self.plan = plan
        self.engine = engine
        self.workload = workload
        self.parameters = parameters
        self.elements = elements
        self.size = size
        self.measure = measure
    }

    /// The case and measure in one line: `heckel/feed@1000 int median_ns` (parameters in brackets when present).
    package var description: String {
        "\(engine)/\(workload)@\(size)\(parameters.isEmpty ? "" : "[\(parameters)]") \(elements) \(measure.rawValue)"
    }

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
