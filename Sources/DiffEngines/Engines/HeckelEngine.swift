/// `count + 1`, saturating at 2, for a count of 0, 1 or 2, by arithmetic
/// (no compare a compiler could turn into a branch).
@inlinable @inline(__always)
func _saturatingIncrement(_ count: UInt8) -> UInt8 {
    count &+ UInt8(truncatingIfNeeded: (UInt32(count) &- 2) &>> 31)
}

/// Paul Heckel's 1978 "technique for isolating differences between files":
/// six linear passes over a symbol table. See `Guides/Heckel.md`.
///
/// - Complexity: O(N + M) time (one hash per element, done once in
///   ``IdentityCodes``), O(N + M + distinct ids) memory.
///
/// Matches come from ids that occur exactly once in each list (pass 3),
/// extended to equal neighbours (passes 4 and 5). A repeated id that no unique
/// neighbour reaches is reported as a delete and an insert: that is Heckel's
/// defined behaviour for duplicates. Moves follow the rule list UIs use for
/// this family: a matched item moves when its rank among the kept items
/// differs between the lists, which is linear but can report more moves than
/// the minimum (set `minimizeMoves` to get the fewest).
public struct HeckelEngine: CodedDiffEngine {
    public static let name = EngineName.heckel
    public static let summary = "Paul Heckel 1978, six passes over a symbol table, O(N+M)"
    @inlinable public init() {}

    /// The core: Heckel's six passes over the symbol table.
    ///
    /// - Complexity: O(N + M) time: one hash per element to code the ids, then
    ///   six linear passes with no search; O(N + M + distinct ids) memory.
    @usableFromInline
    static func matching(codes: IdentityCodes, options: DiffOptions, limit: SearchLimit) -> Matching {
        var passes = HeckelPasses(codes: codes)
        passes.runAll()
        return passes.matching()
    }
}

extension EngineName {
    /// ``HeckelEngine``'s stable name.
    public static let heckel: EngineName = "heckel"
}
