/// Which series to list: every field that is set must match.
package struct SeriesFilter: Hashable, Sendable {
    package var machine: String?
    package var plan: String?
    package var engine: String?
    package var workload: String?
    package var elements: String?
    package var size: Int?
    package var measure: HistoryMeasure?

    package init(
        machine: String? = nil, plan: String? = nil, engine: String? = nil, workload: String? = nil, elements: String? = nil,
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
