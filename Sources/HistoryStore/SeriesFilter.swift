/// Which series to list: every field that is set must match.
public struct SeriesFilter: Hashable, Sendable {
    public var machine: String?
    public var plan: String?
    public var engine: String?
    public var workload: String?
    public var elements: String?
    public var size: Int?
    public var measure: HistoryMeasure?

    public init(
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
