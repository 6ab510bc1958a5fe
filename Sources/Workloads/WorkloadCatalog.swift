import InputFiles
import RunResults

/// Every workload DiffBench generates, registered once: the CLI's names,
/// help texts and `--list`, the default and CI plans, and the error for an
/// unknown name all read this list. Datasets/README.md describes each one
/// and the app scenario it stands for; adding a workload is one generator
/// file and one entry here (see Guides/Extending.md).
public enum WorkloadCatalog {
    public static let all: [WorkloadDescriptor] = [
        WorkloadDescriptor(
            name: .same, summary: "old == new: n items, nothing changes (a refresh that returns the same page)", ids: .unique, sizeChange: "n → n, identical",
            ciSizes: [10_000]
        ) { n, _, rng in Generators.same(n, &rng) },
        WorkloadDescriptor(name: .created, summary: "[] → n items (first load of a screen)", ids: .unique, sizeChange: "0 → n") { n, _, rng in
            Generators.created(n, &rng)
        },
        WorkloadDescriptor(name: .deleted, summary: "n items → [] (logout, clearing a list)", ids: .unique, sizeChange: "n → 0") { n, _, rng in
            Generators.deleted(n, &rng)
        },
        WorkloadDescriptor(
            name: .shuffled, summary: "a uniformly random permutation of n items (re-sorting by another key)", ids: .unique, sizeChange: "n → n, random order",
            benchSizes: [2_000, 100_000]
        ) { n, _, rng in Generators.shuffled(n, &rng) },
        WorkloadDescriptor(
            name: .mixed,
            summary: "remove [0.4n, 0.6n), insert 0.2n new there, derange the first 0.04n positions "
                + "(n = 5,000: 1,000 deleted, 1,000 inserted, 200 shuffled)", ids: .unique, sizeChange: "n → n",
            benchSizes: [5_000, 100_000], ciSizes: [10_000]
        ) { n, _, rng in Generators.mixed(n, &rng) },
        WorkloadDescriptor(
            name: .feed,
            summary: "pull-to-refresh: n new posts on top, 0.2n interleaved, 0.1n removed, 0.1n edited, "
                + "0.05n bumped up by score (n = 100: 100 → 210)", ids: .unique, sizeChange: "n → 2.1n",
            benchSizes: [100_000]
        ) { n, _, rng in Generators.feed(n, &rng) },
        WorkloadDescriptor(
            name: .updates, summary: "same ids and order, a fraction of the items with new content (live like counts)", ids: .unique, sizeChange: "n → n, same order",
            parameters: [WorkloadParameter(name: "fraction", defaultValue: "0.1", help: "share of the items whose content changes, 0 to 1")],
            ciSizes: [10_000]
        ) { n, knobs, rng throws(WorkloadError) in Generators.updates(n, fraction: try knobs.fraction("fraction"), &rng) },
        WorkloadDescriptor(
            name: .duplicates, summary: "plain values from a small alphabet, 10% deleted and 10% inserted (repeated ids)", ids: .repeating, sizeChange: "n → n",
            parameters: [WorkloadParameter(name: "alphabet", defaultValue: "8", help: "number of distinct values, 1 to 1000000")]
        ) { n, knobs, rng throws(WorkloadError) in
            Generators.duplicates(n, alphabet: try knobs.integer("alphabet", 1...1_000_000), &rng)
        },
        WorkloadDescriptor(
            name: .text, summary: "two versions of a synthetic source text, as lines or characters (a file diff)", ids: .repeating, sizeChange: "n → ≈ n",
            parameters: [WorkloadParameter(name: "unit", defaultValue: "lines", help: "lines or characters: what one element is")]
        ) { n, knobs, rng throws(WorkloadError) in Generators.text(n, unit: try knobs.choice("unit", TextUnit.self), &rng) },
        WorkloadDescriptor(
            name: .sectioned,
            summary: "a grouped feed: sections of rows; sections inserted, deleted, moved; rows moved across sections", ids: .unique, sizeChange: "n → ≈ n rows", sectioned: true,
            parameters: [WorkloadParameter(name: "sections", defaultValue: "10", help: "number of sections in the old list, 1 to 100000")]
        ) { n, knobs, rng throws(WorkloadError) in
            Generators.sectioned(n, sections: try knobs.integer("sections", 1...100_000), &rng)
        },
        WorkloadDescriptor(
            name: .pathologicalDisjoint,
            summary: "n words of letters a–z against n words of digits 0–9: nothing in common, D = N + M (unbounded Myers' worst case)", ids: .repeating, sizeChange: "n → n",
            family: WorkloadCatalog.pathological
        ) { n, _, rng in Generators.pathologicalDisjoint(n, &rng) },
        WorkloadDescriptor(
            name: .pathologicalPatience,
            summary: "a + x×0.3n + u + x×0.7n + a against b + x×0.7n + u + x×0.3n + b: patience anchors on u and keeps 0.6n lines, not n", ids: .repeating, sizeChange: "n + 3 → n + 3",
            family: WorkloadCatalog.pathological
        ) { n, _, rng in Generators.pathologicalPatience(n, &rng) },
        WorkloadDescriptor(
            name: .pathologicalIdentical,
            summary: "n copies of one line against n + 1 copies (--sizes 1000000 for the million-line case)", ids: .repeating, sizeChange: "n → n + 1",
            family: WorkloadCatalog.pathological
        ) { n, _, rng in Generators.pathologicalIdentical(n, &rng) },
        WorkloadDescriptor(
            name: .pathologicalFrequent,
            summary: "n/128 tokens each written over 64 times, 5% deleted and 5% inserted (histogram falls back to Myers)", ids: .repeating, sizeChange: "n → ≈ n",
            family: WorkloadCatalog.pathological
        ) { n, _, rng in Generators.pathologicalFrequent(n, &rng) },
        WorkloadDescriptor(
            name: .periodic,
            summary: "ids i mod period, then a fraction of random deletes, inserts and replacements (no unique id; anchor's failure input)", ids: .repeating, sizeChange: "n → ≈ n",
            parameters: [
                WorkloadParameter(name: "period", defaultValue: "8", help: "the ids' period k (ids 0..<k), 1 to 1000000"),
                WorkloadParameter(name: "fraction", defaultValue: "0.01", help: "edits per element, 0 to 1 (at least one edit when n > 0)"),
            ],
            family: WorkloadCatalog.pathological
        ) { n, knobs, rng throws(WorkloadError) in
            Generators.periodic(
                n, period: try knobs.integer("period", 1...1_000_000), fraction: try knobs.fraction("fraction"), &rng)
        },
    ]

    /// The family of known failure inputs (``WorkloadDescriptor/family``).
    public static let pathological = "pathological"

    /// The workloads of `family`, in catalog order; empty for an unknown family. O(workloads).
    public static func members(of family: String) -> [WorkloadName] {
        all.filter { $0.family == family }.map(\.name)
    }

    /// Every family name, in catalog order. O(workloads).
    public static var families: [String] {
        var names: [String] = []
        for family in all.compactMap(\.family) where !names.contains(family) { names.append(family) }
        return names
    }

    /// The descriptor called `name`, or nil. O(workloads).
    public static func descriptor(named name: String) -> WorkloadDescriptor? {
        all.first { $0.name.rawValue == name }
    }
}
