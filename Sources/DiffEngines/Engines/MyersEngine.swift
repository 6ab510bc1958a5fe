/// Eugene Myers' 1986 O((N+M)D) diff with the linear-space "middle snake"
/// refinement. See `Guides/Myers.md`.
///
/// The edit script is minimal: before move inference, deletes + inserts =
/// N + M − 2·LCS. Moves are inferred afterwards by pairing an unmatched old
/// item with an unmatched new item of the same identity.
///
/// - Complexity: O((N+M)·D) time, where D is the number of deletes and inserts
///   of the minimal script (after trimming the common prefix and suffix), so a
///   pair of lists that differ in a handful of places costs close to one linear
///   pass, while a full shuffle (D ≈ 2N) is quadratic. Memory is O(N+M): two
///   diagonal arrays of N + M + 3 `Int32`s, allocated once per call, and a split
///   stack of O(log D) boxes.
///
///     let changes = try MyersEngine().diff(fromValues: Array("kitten"), toValues: Array("sitting"))
///     // deletes [0, 4], inserts [0, 4, 6], moves [] (k→s and e→i are not
///     // the same item, so nothing pairs up as a move)
public struct MyersEngine: CodedDiffEngine {
    public static let name = EngineName.myers
    public static let summary = "Myers 1986 greedy with the linear-space middle snake, O((N+M)D) time, O(N+M) memory"
    public static let cost = EngineCost.trimmedDifferencesSquared
    public static let infersMoves = true
    public static let claims: EngineClaims = [.minimalEdits, .fewestMoves, .honoursBounds]
    @inlinable public init() {}

    /// The core: a shortest edit script (deletes + inserts = N + M − 2·LCS
    /// before move inference) on the coded middle region, its aligned pairs
    /// handed to the shared move inference.
    ///
    /// - Complexity: O((N + M)·D) time for D deletes plus inserts, because
    ///   the search widens one diagonal per edit; O(N + M) memory, since the
    ///   middle snake keeps two diagonal arrays instead of the whole trace.
    @usableFromInline
    static func matching(codes: IdentityCodes, options: DiffOptions, limit: SearchLimit) -> Matching {
        Matching.ofAlignment(codes, inferMoves: options.inferMoves) { old, new, _ in
            alignment(old: old, new: new, limit: limit)
        }
    }

    /// For each new index, the old index it is aligned with on a shortest
    /// edit path, or -1. Equal codes match; a negative code (a new-only id)
    /// never equals an old code, which are all ≥ 0. One search over the
    /// whole edit graph (``MyersSearch/align(_:into:)``); `approximate` when
    /// it stopped at the limit (cells or deadline) and finished coarsely.
    static func alignment(
        old a: UnsafeBufferPointer<Int32>, new b: UnsafeBufferPointer<Int32>, limit: SearchLimit = .none
    ) -> (newToOld: [Int32], approximate: Bool) {
        let n = a.count, m = b.count
        var result = [Int32](repeating: -1, count: m)
        guard n > 0, m > 0, let a = a.baseAddress, let b = b.baseAddress else { return (result, false) }
        var approximate = false
        result.withUnsafeMutableBufferPointer { out in
            guard let out = out.baseAddress else { return }
            var search = MyersSearch(old: a, new: b, oldCount: n, newCount: m, limit: limit)
            defer { search.deallocate() }
            search.align(MyersSearch.Box(x0: 0, y0: 0, x1: n, y1: m), into: out)
            approximate = search.stopped
        }
        return (result, approximate)
    }
}

extension EngineName {
    /// ``MyersEngine``'s stable name.
    public static let myers: EngineName = "myers"
}
