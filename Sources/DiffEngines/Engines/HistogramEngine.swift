/// Histogram diff (JGit's, later git's and imara-diff's default): split the
/// lists at a common run of ids whose rarest id is as rare as possible in the
/// old list, then do the same on each side of it; Myers where every common
/// id occurs more than ``HistogramEngine/maxOccurrences`` times. See
/// `Guides/Histogram.md`.
///
/// Why: it extends patience diff's idea (anchor on rare ids) to ids that are
/// merely rare, not unique, so it still finds anchors in text where every
/// line repeats somewhere, and it needs no longest-increasing-run pass: one
/// anchor per box, found by walking each new item's old occurrences.
///
/// Moves are inferred afterwards, as Myers does: an unmatched old item and an
/// unmatched new item with the same id are paired (k-th with k-th). The
/// script is not always the shortest. Its aligned pairs need not be a
/// longest increasing run of the matched pairs either (on unique ids the
/// anchor is the longest common run), so, when there are moves, the stayers
/// are chosen again as one longest increasing run: the fewest moves for the
/// matching, and on unique ids the fewest of any changeset.
///
/// - Complexity: per box, O(n + m) to count the old ids, plus the anchor
///   search: each new item walks the old occurrences of its id (at most 64)
///   and extends each into a common run, skipping the new items the best run
///   covers; over as many levels as anchors nest (O(log N) when anchors fall
///   mid-box, O(N) in the worst case, as in git), plus O((n + m)·d) for each
///   box left to Myers. O(N + M + distinct ids) memory.
public struct HistogramEngine: CodedDiffEngine {
    public static let name = EngineName.histogram
    public static let summary = "histogram diff: splits at the rarest common run (ids seen ≤ 64 times), recursively, else Myers"
    public static let cost = EngineCost.trimmedDifferencesSquared
    public static let infersMoves = true
    public static let claims: EngineClaims = [.fewestMoves, .honoursBounds]
    /// Ids occurring more often than this in a box's old side are never
    /// anchors (git's and JGit's limit); a box whose common ids all exceed it
    /// goes to Myers.
    public static let maxOccurrences = 64
    @inlinable public init() {}

    /// The core: splits at the rarest common run, recursively, with Myers
    /// where only frequent ids are common; pairs the leftovers into moves,
    /// then keeps the fewest moves for those pairs.
    ///
    /// - Complexity: see ``HistogramEngine``.
    @usableFromInline
    static func matching(codes: IdentityCodes, options: DiffOptions, limit: SearchLimit) -> Matching {
        Matching.ofAlignment(codes, inferMoves: options.inferMoves) { old, new, symbols in
            RarestRun.alignment(old: old, new: new, symbolCount: symbols, limit: limit)
        }.withFewestMoves()
    }
}

extension EngineName {
    /// ``HistogramEngine``'s stable name.
    public static let histogram: EngineName = "histogram"
}
