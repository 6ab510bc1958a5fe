import RunResults

/// Which series to list: every field that is set must match.
package struct SeriesFilter: Hashable, Sendable {
    package var machine: String?
    package var plan: String?
    package var engine: String?
    package var workload: WorkloadName?
    package var elements: ElementKind?
    package var size: Int?
    package var measure: HistoryMeasure?

    package init(
        machine: String? = nil, plan: String? = nil, engine: String? = nil, workload: WorkloadName? = nil, elements: ElementKind? = nil,
        size: Int? = nil, measure: HistoryMeasure? = nil
    ) {
        self.machine = machine
        self.plan = plan
        self.engine = engine
        self.workload = workload
        self.elements = elements
        self.size = size
        self.measure = measure
    }
}
