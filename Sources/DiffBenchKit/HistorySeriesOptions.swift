import ArgumentParser
import HistoryStore
import RunResults

/// The series filters `history show` and `history changes` share, with one
/// meaning each: which engine × workload × element kind × size, measure and
/// machine, and which branch's runs give the points.
struct HistorySeriesOptions: ParsableArguments {
    @Option(help: "Only this engine (or reference: stdlib, floor).")
    var engine: String?

    // Read as written, not checked against the registrations: the store also
    // holds series of the user's own datasets and of kinds no longer registered.
    @Option(help: "Only this workload.", transform: WorkloadName.init(_:))
    var workload: WorkloadName?

    @Option(help: "Only this element kind (int, uuid, record).", transform: ElementKind.init(_:))
    var elements: ElementKind?

    @Option(help: "Only this size.")
    var size: Int?

    @Option(help: ArgumentHelp("Only this measure: \(HistoryMeasure.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "measure"))
    var measure: HistoryMeasure?

    @Option(help: "Only series of this machine (as `history list` names it).")
    var machine: String?

    @Option(help: "Only points of runs on this branch.")
    var branch: String?

    /// The store's filter for these options, narrowed to `plan` where a command takes one.
    func filter(plan: String? = nil) -> SeriesFilter {
        SeriesFilter(machine: machine, plan: plan, engine: engine, workload: workload, elements: elements, size: size, measure: measure)
    }
}
