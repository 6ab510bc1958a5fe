import Formats

/// A workload as the catalog holds it: what it stands for, its knobs, its
/// generator, and the sizes the plans add for it.
public struct WorkloadDescriptor: Sendable {
    public var name: WorkloadName
    /// One line for `generate --list` and `--help`.
    public var summary: String
    /// The knobs it takes, with their defaults.
    public var parameters: [WorkloadParameter]
    /// Sizes the default plan (`make bench`) runs besides 100, 1,000 and 10,000.
    public var benchSizes: [Int]
    /// Sizes the CI plan (`make bench-ci`) runs besides 100 and 1,000.
    public var ciSizes: [Int]
    /// The two lists for a size; the checked knobs and the seeded generator are given.
    public var generate: @Sendable (Int, WorkloadKnobs, inout SplitMix64) throws(WorkloadError) -> Dataset

    public init(
        name: WorkloadName, summary: String, parameters: [WorkloadParameter] = [], benchSizes: [Int] = [],
        ciSizes: [Int] = [], generate: @escaping @Sendable (Int, WorkloadKnobs, inout SplitMix64) throws(WorkloadError) -> Dataset
    ) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.benchSizes = benchSizes
        self.ciSizes = ciSizes
        self.generate = generate
    }
}

/// Every workload DiffBench generates, registered once: the CLI's names,
/// help texts and `--list`, the default and CI plans, and the error for an
/// unknown name all read this list. Datasets/README.md describes each one
/// and the app scenario it stands for; adding a workload is one generator
/// file and one entry here (see Guides/Extending.md).
public enum WorkloadCatalog {
    public static let all: [WorkloadDescriptor] = [
        WorkloadDescriptor(
            name: .same, summary: "old == new: n items, nothing changes (a refresh that returns the same page)",
            ciSizes: [10_000]
        ) { n, _, rng in Generators.same(n, &rng) },
        WorkloadDescriptor(name: .created, summary: "[] → n items (first load of a screen)") { n, _, rng in
            Generators.created(n, &rng)
        },
        WorkloadDescriptor(name: .deleted, summary: "n items → [] (logout, clearing a list)") { n, _, rng in
            Generators.deleted(n, &rng)
        },
        WorkloadDescriptor(
            name: .shuffled, summary: "a uniformly random permutation of n items (re-sorting by another key)",
            benchSizes: [2_000, 100_000]
        ) { n, _, rng in Generators.shuffled(n, &rng) },
        WorkloadDescriptor(
            name: .mixed,
            summary: "remove [0.4n, 0.6n), insert 0.2n new there, derange the first 0.04n positions "
                + "(n = 5,000: 1,000 deleted, 1,000 inserted, 200 shuffled)",
            benchSizes: [5_000, 100_000], ciSizes: [10_000]
        ) { n, _, rng in Generators.mixed(n, &rng) },
        WorkloadDescriptor(
            name: .feed,
            summary: "pull-to-refresh: n new posts on top, 0.2n interleaved, 0.1n removed, 0.1n edited, "
                + "0.05n bumped up by score (n = 100: 100 → 210)",
            benchSizes: [100_000]
        ) { n, _, rng in Generators.feed(n, &rng) },
        WorkloadDescriptor(
            name: .updates, summary: "same ids and order, a fraction of the items with new content (live like counts)",
            parameters: [WorkloadParameter(name: "fraction", defaultValue: "0.1", help: "share of the items whose content changes, 0 to 1")],
            ciSizes: [10_000]
        ) { n, knobs, rng throws(WorkloadError) in Generators.updates(n, fraction: try knobs.fraction("fraction"), &rng) },
        WorkloadDescriptor(
            name: .duplicates, summary: "plain values from a small alphabet, 10% deleted and 10% inserted (repeated ids)",
            parameters: [WorkloadParameter(name: "alphabet", defaultValue: "8", help: "number of distinct values, 1 to 1000000")]
        ) { n, knobs, rng throws(WorkloadError) in
            Generators.duplicates(n, alphabet: try knobs.integer("alphabet", 1...1_000_000), &rng)
        },
        WorkloadDescriptor(
            name: .text, summary: "two versions of a synthetic source text, as lines or characters (a file diff)",
            parameters: [WorkloadParameter(name: "unit", defaultValue: "lines", help: "lines or characters: what one element is")]
        ) { n, knobs, rng throws(WorkloadError) in Generators.text(n, unit: try knobs.choice("unit", TextUnit.self), &rng) },
        WorkloadDescriptor(
            name: .sectioned,
            summary: "a grouped feed: sections of rows; sections inserted, deleted, moved; rows moved across sections",
            parameters: [WorkloadParameter(name: "sections", defaultValue: "10", help: "number of sections in the old list, 1 to 100000")]
        ) { n, knobs, rng throws(WorkloadError) in
            Generators.sectioned(n, sections: try knobs.integer("sections", 1...100_000), &rng)
        },
    ]

    /// The descriptor called `name`, or nil. O(workloads).
    public static func descriptor(named name: String) -> WorkloadDescriptor? {
        all.first { $0.name.rawValue == name }
    }
}
