import ListUpdates
import Formats

/// The workloads DiffBench generates. The raw values are a contract: the
/// runner, the charts, the CI report and the dataset files use them.
/// Datasets/README.md describes each one and the app scenario it stands for.
public enum WorkloadName: String, CaseIterable, Sendable {
    case same, created, deleted, shuffled, mixed, feed, updates, duplicates, text, sectioned

    /// Bumped whenever any workload's output for a given size, seed and
    /// parameters changes, so that a dataset file names the code that made it.
    public static let generatorVersion = Dataset.generatorVersion

    /// The largest size accepted: ten million elements already take
    /// gigabytes once diffed; beyond that a typo is likelier than an intent.
    public static let maximumSize = 10_000_000

    /// One line for `--list` and `--help`.
    public var summary: String {
        switch self {
        case .same: return "old == new: n items, nothing changes (a refresh that returns the same page)"
        case .created: return "[] → n items (first load of a screen)"
        case .deleted: return "n items → [] (logout, clearing a list)"
        case .shuffled: return "a uniformly random permutation of n items (re-sorting by another key)"
        case .mixed:
            return "remove [0.4n, 0.6n), insert 0.2n new there, derange the first 0.04n positions "
                + "(n = 5,000: 1,000 deleted, 1,000 inserted, 200 shuffled)"
        case .feed:
            return "pull-to-refresh: n new posts on top, 0.2n interleaved, 0.1n removed, 0.1n edited, "
                + "0.05n bumped up by score (n = 100: 100 → 210)"
        case .updates: return "same ids and order, a fraction of the items with new content (live like counts)"
        case .duplicates: return "plain values from a small alphabet, 10% deleted and 10% inserted (repeated ids)"
        case .text: return "two versions of a synthetic source text, as lines or characters (a file diff)"
        case .sectioned:
            return "a grouped feed: sections of rows; sections inserted, deleted, moved; rows moved across sections"
        }
    }

    /// The knobs this workload takes, with their defaults.
    public var parameters: [WorkloadParameter] {
        switch self {
        case .same, .created, .deleted, .shuffled, .mixed, .feed: return []
        case .updates:
            return [WorkloadParameter(name: "fraction", defaultValue: "0.1", help: "share of the items whose content changes, 0 to 1")]
        case .duplicates:
            return [WorkloadParameter(name: "alphabet", defaultValue: "8", help: "number of distinct values, 1 to 1000000")]
        case .text:
            return [WorkloadParameter(name: "unit", defaultValue: "lines", help: "lines or characters: what one element is")]
        case .sectioned:
            return [WorkloadParameter(name: "sections", defaultValue: "10", help: "number of sections in the old list, 1 to 100000")]
        }
    }

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
        var dataset: Dataset
        switch self {
        case .same: dataset = Generators.same(size, &rng)
        case .created: dataset = Generators.created(size, &rng)
        case .deleted: dataset = Generators.deleted(size, &rng)
        case .shuffled: dataset = Generators.shuffled(size, &rng)
        case .mixed: dataset = Generators.mixed(size, &rng)
        case .feed: dataset = Generators.feed(size, &rng)
        case .updates: dataset = Generators.updates(size, fraction: try knobs.fraction("fraction"), &rng)
        case .duplicates: dataset = Generators.duplicates(size, alphabet: try knobs.integer("alphabet", 1...1_000_000), &rng)
        case .text: dataset = Generators.text(size, unit: try knobs.choice("unit", TextUnit.self), &rng)
        case .sectioned: dataset = Generators.sectioned(size, sections: try knobs.integer("sections", 1...100_000), &rng)
        }
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
struct WorkloadKnobs {
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
    func fraction(_ name: String) throws(WorkloadError) -> Double {
        guard let text = effective[name], let value = Double(text), value.isFinite, value >= 0, value <= 1 else {
            throw bad(name, "a number from 0 to 1")
        }
        return value
    }

    func integer(_ name: String, _ range: ClosedRange<Int>) throws(WorkloadError) -> Int {
        guard let text = effective[name], let value = Int(text), range.contains(value) else {
            throw bad(name, "an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(WorkloadError) -> T
    where T.RawValue == String {
        guard let text = effective[name], let value = T(rawValue: text) else {
            throw bad(name, "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }
}
