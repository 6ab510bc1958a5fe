import InputFiles

/// A workload's stable name. The raw values are a contract: the runner,
/// the charts, the CI report and the dataset files use them. The workloads
/// themselves — summary, knobs, generator, the sizes the plans add — are
/// registered once, in ``WorkloadCatalog``.
public struct WorkloadName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init?(rawValue: String) {
        guard WorkloadCatalog.descriptor(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) { rawValue = value }

    public static let same: WorkloadName = "same"
    public static let created: WorkloadName = "created"
    public static let deleted: WorkloadName = "deleted"
    public static let shuffled: WorkloadName = "shuffled"
    public static let mixed: WorkloadName = "mixed"
    public static let feed: WorkloadName = "feed"
    public static let updates: WorkloadName = "updates"
    public static let duplicates: WorkloadName = "duplicates"
    public static let text: WorkloadName = "text"
    public static let sectioned: WorkloadName = "sectioned"
    public static let pathologicalDisjoint: WorkloadName = "pathological-disjoint"
    public static let pathologicalPatience: WorkloadName = "pathological-patience"
    public static let pathologicalIdentical: WorkloadName = "pathological-identical"
    public static let pathologicalFrequent: WorkloadName = "pathological-frequent"
    public static let periodic: WorkloadName = "periodic"

    /// Every registered workload, in the catalog's order.
    public static var allCases: [WorkloadName] { WorkloadCatalog.all.map(\.name) }

    /// The workloads the default and CI plans run: every registered one
    /// outside a family (families are opt-in, ``WorkloadDescriptor/family``).
    public static var planned: [WorkloadName] { WorkloadCatalog.all.filter { $0.family == nil }.map(\.name) }

    /// The family this workload belongs to, if any.
    public var family: String? { descriptor.family }

    /// Names the generator code in every dataset file written.
    public static let generatorVersion = Dataset.generatorVersion

    /// The largest size accepted: ten million elements already take
    /// gigabytes once diffed; beyond that a typo is likelier than an intent.
    public static let maximumSize = 10_000_000

    public var description: String { rawValue }

    var descriptor: WorkloadDescriptor {
        guard let found = WorkloadCatalog.descriptor(named: rawValue) else {
            preconditionFailure("workload \(rawValue) is not in the catalog")
        }
        return found
    }

    /// One line for `--list` and `--help`.
    public var summary: String { descriptor.summary }

    /// The knobs this workload takes, with their defaults.
    public var parameters: [WorkloadParameter] { descriptor.parameters }

    /// Generates this workload. Same size, seed and parameters give the same
    /// dataset on every machine. Time and memory are O(n) except where a
    /// workload says otherwise.
    ///
    /// `parameters` may leave knobs out (their defaults are used); the
    /// dataset records every knob's effective value.
    public func make(size: Int, seed: UInt64, parameters: [String: String] = [:]) throws(WorkloadError) -> Dataset {
        guard size >= 0 else { throw .negativeSize(size) }
        guard size <= WorkloadName.maximumSize else { throw .sizeTooLarge(size, limit: WorkloadName.maximumSize) }
        let knobs = try WorkloadKnobs(workload: self, given: parameters)
        var rng = SplitMix64(seed: seed)
        var dataset = try descriptor.generate(size, knobs, &rng)
        dataset.workload = rawValue
        dataset.size = size
        dataset.seed = seed
        dataset.parameters = knobs.effective
        return dataset
    }

    /// The workload called `name`, or the unknown-workload error listing the names.
    public init(validating name: String) throws(WorkloadError) {
        guard let workload = WorkloadName(rawValue: name) else { throw .unknownWorkload(name) }
        self = workload
    }
}

/// Generates the workload called `workload` (the string entry point for the
/// runner and the CLI; see ``WorkloadName/make(size:seed:parameters:)``).
/// Call it as `Workloads.make(workload:size:seed:parameters:)`.
public func make(workload: String, size: Int, seed: UInt64, parameters: [String: String] = [:]) throws(WorkloadError) -> Dataset {
    try WorkloadName(validating: workload).make(size: size, seed: seed, parameters: parameters)
}

/// A knob of a workload, as `--list` and the README show it.
public struct WorkloadParameter: Hashable, Sendable {
    public var name: String
    public var defaultValue: String
    public var help: String
}

/// A workload that cannot be generated as asked.
public enum WorkloadError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownWorkload(String)
    case negativeSize(Int)
    case sizeTooLarge(Int, limit: Int)
    case unknownParameter(workload: WorkloadName, name: String)
    case badParameter(workload: WorkloadName, name: String, value: String, expected: String)

    public var description: String {
        switch self {
        case let .unknownWorkload(name):
            return "unknown workload \"\(name)\"; expected one of: "
                + WorkloadName.allCases.map(\.rawValue).joined(separator: ", ")
        case let .negativeSize(size):
            return "size \(size) is negative; a workload needs a size of 0 or more"
        case let .sizeTooLarge(size, limit):
            return "size \(size) is larger than the largest supported size, \(limit)"
        case let .unknownParameter(workload, name):
            let known = workload.parameters.map(\.name)
            return "the \(workload.rawValue) workload has no parameter \"\(name)\""
                + (known.isEmpty ? " (it takes none)" : "; it takes: " + known.joined(separator: ", "))
        case let .badParameter(workload, name, value, expected):
            return "\(workload.rawValue) parameter \(name)=\(value): expected \(expected)"
        }
    }
}

/// What one element of the `text` workload is.
public enum TextUnit: String, CaseIterable, Sendable {
    case lines, characters
}

/// The given parameters checked against a workload's knobs, with defaults
/// filled in. Unknown names are refused so that a typo never silently
/// generates the default dataset.
public struct WorkloadKnobs {
    let workload: WorkloadName
    private(set) var effective: [String: String] = [:]

    init(workload: WorkloadName, given: [String: String]) throws(WorkloadError) {
        self.workload = workload
        let known = workload.parameters
        // Sorted so that, with several unknown names, the same one is reported every time.
        for name in given.keys.sorted() where !known.contains(where: { $0.name == name }) {
            throw .unknownParameter(workload: workload, name: name)
        }
        for parameter in known {
            effective[parameter.name] = given[parameter.name] ?? parameter.defaultValue
        }
    }

    private func bad(_ name: String, _ expected: String) -> WorkloadError {
        .badParameter(workload: workload, name: name, value: effective[name] ?? "", expected: expected)
    }

    /// A share from 0 to 1, written as a decimal number.
    public func fraction(_ name: String) throws(WorkloadError) -> Double {
        guard let text = effective[name], let value = Double(text), value.isFinite, value >= 0, value <= 1 else {
            throw bad(name, "a number from 0 to 1")
        }
        return value
    }

    public func integer(_ name: String, _ range: ClosedRange<Int>) throws(WorkloadError) -> Int {
        guard let text = effective[name], let value = Int(text), range.contains(value) else {
            throw bad(name, "an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    public func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(WorkloadError) -> T
    where T.RawValue == String {
        guard let text = effective[name], let value = T(rawValue: text) else {
            throw bad(name, "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }
}
