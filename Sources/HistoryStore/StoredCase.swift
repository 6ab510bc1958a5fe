import RunResults

/// One case as the store keys it: an engine on one dataset (workload, size,
/// parameters) and element kind, measured on one machine under one plan.
/// ``SeriesKey`` adds a measure to it and ``StoredRow`` a row's measures, so
/// what identifies a case, its name and the columns a query reads it from
/// are written here once.
package struct StoredCase: Hashable, Sendable, Codable {
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

    package init(
        machine: String, plan: String, engine: String, workload: WorkloadName, parameters: String = "", elements: ElementKind, size: Int
    ) {
        self.machine = machine
        self.plan = plan
        self.engine = engine
        self.workload = workload
        self.parameters = parameters
        self.elements = elements
        self.size = size
    }

    /// `engine/workload@size kind` (with `[parameters]` when present): the
    /// name exports and tables give the case.
    package var name: String {
        "\(engine)/\(workload)@\(size)\(parameters.isEmpty ? "" : "[\(parameters)]") \(elements)"
    }

    /// The case's columns as a query selects them first, in the order
    /// ``init(_:)`` reads them.
    static let columns = "m.name, p.settings, c.engine, c.workload, c.parameters, c.elements, c.size"

    /// The case from the first columns of a row that selected ``columns`` first. O(1).
    init(_ row: SQLiteStatement) {
        self.init(
            machine: row.text(0), plan: row.text(1), engine: row.text(2), workload: WorkloadName(row.text(3)),
            parameters: row.text(4), elements: ElementKind(row.text(5)), size: Int(row.integer(6)))
    }
}
