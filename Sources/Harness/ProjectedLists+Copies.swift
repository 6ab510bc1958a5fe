import Workloads

extension ProjectedLists {
    /// `count` copies of both lists, equal in content, each in storage of
    /// its own (a new buffer, never a shared one: `Array(array)` would hand
    /// back the same buffer). The sampler rotates between them
    /// (``Runner/sample(_:lists:options:warmup:expected:agrees:)``), so no
    /// two consecutive calls see the same arrays and an engine that keeps
    /// its last answer keyed on its input's identity is timed on real
    /// work. An answer cached on contents must at least compare the lists,
    /// which reads them. O(count × (N + M)), made before any clock starts.
    func freshCopies(_ count: Int) -> [ProjectedLists] {
        (0..<count).map { _ in
            switch self {
            case let .items(old, new): return .items(Self.copy(old), Self.copy(new))
            case let .uuids(old, new): return .uuids(Self.copy(old), Self.copy(new))
            case let .records(old, new): return .records(Self.copy(old), Self.copy(new))
            case let .strings(old, new): return .strings(Self.copy(old), Self.copy(new))
            }
        }
    }

    /// `list` in a buffer of its own. O(N).
    static func copy<Element>(_ list: [Element]) -> [Element] {
        [Element](unsafeUninitializedCapacity: list.count) { buffer, initialized in
            _ = buffer.initialize(fromContentsOf: list)
            initialized = list.count
        }
    }
}
