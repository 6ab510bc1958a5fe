/// One performance target of the project, as data: what it measures (a
/// ``Measure``, one of a small set, each evaluated by one function in
/// `Compare`), on which rows (engines, workloads, sizes, element kinds), and
/// the limit the figure must keep.
///
/// A target is a ratio within one run, a per-unit cost against a reference
/// timed in the same run, or a count (steps, bytes); never an absolute wall
/// time, so it is met or missed alike on a quiet and on a loaded machine.
/// `results.json` records the targets a run was made with (`targets`), and
/// `diffbench targets` evaluates those, not the ones of the binary that
/// reads the file. The project's list is `PerformanceTargets.catalog`.
public struct PerformanceTarget: Hashable, Sendable, Codable {
    /// What a target's figure is. The names are a contract of results.json;
    /// a measure this binary does not know is read, and reported as not
    /// measured (a file written by a newer diffbench stays readable).
    public struct Measure: StringNamed {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// How the figure is held to the limit.
    public enum Comparison: String, Hashable, Sendable, Codable, CaseIterable {
        /// figure ≤ limit
        case atMost = "at-most"
        /// figure ≥ limit
        case atLeast = "at-least"

        /// Whether `value` keeps `limit`.
        public func holds(_ value: Double, _ limit: Double) -> Bool {
            switch self {
            case .atMost: return value <= limit
            case .atLeast: return value >= limit
            }
        }

        /// `≤` or `≥`.
        public var symbol: String { self == .atMost ? "≤" : "≥" }
    }

    /// Unique within a catalog: what `--list` and the checks name.
    public var id: String
    /// The heading its checks are printed under (`heckel ÷ stdlib`).
    public var area: String
    public var measure: Measure
    /// The subject engines; empty: every engine of the run the measure applies to.
    public var engines: [Subject]
    /// The engine the subject is divided by, when the measure is a ratio.
    public var reference: Subject?
    /// The element kind of the reference row, when it is not the subject
    /// row's own (anchor on `uuid` over anchor on `int`).
    public var referenceElements: ElementKind?
    /// The workloads read; empty: every workload.
    public var workloads: [WorkloadName]
    /// The sizes read; empty: every size.
    public var sizes: [Int]
    /// The element kinds read; empty: every kind.
    public var elements: [ElementKind]
    public var limit: Double
    public var comparison: Comparison
    /// An allowance per element (old + new) on top of the limit, where the
    /// measure takes one (`peak-heap-per-cell`: bytes of bookkeeping per
    /// element beside the table).
    public var allowancePerElement: Double?

    enum CodingKeys: String, CodingKey {
        case id, area, measure, engines, reference, workloads, sizes, elements, limit, comparison
        case referenceElements = "reference_elements"
        case allowancePerElement = "allowance_per_element"
    }

    public init(
        id: String, area: String, measure: Measure, engines: [Subject], reference: Subject? = nil,
        referenceElements: ElementKind? = nil, workloads: [WorkloadName] = [], sizes: [Int] = [], elements: [ElementKind] = [.int],
        limit: Double, comparison: Comparison = .atMost, allowancePerElement: Double? = nil
    ) {
        self.id = id
        self.area = area
        self.measure = measure
        self.engines = engines
        self.reference = reference
        self.referenceElements = referenceElements
        self.workloads = workloads
        self.sizes = sizes
        self.elements = elements
        self.limit = limit
        self.comparison = comparison
        self.allowancePerElement = allowancePerElement
    }
}
