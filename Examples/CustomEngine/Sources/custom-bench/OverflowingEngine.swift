import DiffBenchKit

/// A deliberately broken engine, registered only when the environment has
/// `CUSTOM_BENCH_BROKEN=1`: it diffs small lists correctly (by reloading
/// every row) and traps with `fatalError` on lists over 500 elements, as an
/// engine still being written does. `make example` runs it to show that
/// the crash costs only its own rows: they say `crashed`, with the
/// message below, and every other engine's rows are measured as usual.
///
/// - Complexity: O(N + M) below the limit.
struct OverflowingEngine: DiffEngine {
    static let name: EngineName = "overflowing"
    static let limit = 500

    func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        guard old.count <= Self.limit, new.count <= Self.limit else {
            fatalError("overflowing: lists over \(Self.limit) elements are not handled yet")
        }
        return Changeset(deletes: Array(old.indices), inserts: Array(new.indices))
    }
}
