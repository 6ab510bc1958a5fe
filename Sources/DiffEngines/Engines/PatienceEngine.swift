/// Patience diff (Bram Cohen's, as in git and Bazaar): align on the ids that
/// occur exactly once in each list, in their longest increasing order, cut
/// the lists at those anchors and do the same between them; where no such id
/// remains, Myers. See `Guides/Patience.md`.
///
/// Why: an id that occurs once on each side is almost certainly the same
/// item in both, while a frequent one (a blank line, a closing brace) may
/// match the wrong copy; anchoring on the rare ones keeps whole blocks
/// together where Myers, counting edits only, may interleave them. The price:
/// the script is not always the shortest, since an anchor that a shortest
/// script would give up is kept (a unique line moved far away pins the rest).
///
/// Moves are inferred afterwards, as Myers does: an unmatched old item and an
/// unmatched new item with the same id are paired (k-th with k-th). On lists
/// with unique ids every common id is a candidate, the anchors are one
/// longest increasing run of them, and so the moves are the fewest possible.
///
/// - Complexity: O(N + M) per level for counting and O(U log U) for the
///   longest increasing run of U unique pairs, over as many levels as anchors
///   nest (a few on text; up to O(N) on a crafted input, as in git), plus
///   O((n + m)·d) for each box left to Myers; O(N + M + distinct ids) memory.
///
///     let changes = try PatienceEngine().diff(fromValues: Array("UVxxxW"), toValues: Array("WxxxUV"))
///     // U and V are the anchors (unique, in order): W and the three x move,
///     // 4 steps where Myers keeps x x x and moves 3
public struct PatienceEngine: CodedDiffEngine {
    public static let name = EngineName.patience
    public static let summary = "patience diff: anchors on ids unique in both lists (their LIS), recursively, Myers where none remain"
    public static let cost = EngineCost.trimmedDifferencesSquared
    public static let infersMoves = true
    public static let claims: EngineClaims = [.fewestMoves, .honoursBounds]
    @inlinable public init() {}

    /// The core: anchors on ids unique in both lists, recursively, with
    /// Myers where none is left, then pairs the leftovers into moves.
    ///
    /// - Complexity: see ``PatienceEngine``: about linear per nesting level
    ///   of anchors, plus Myers' O((n + m)·d) on boxes without a unique id.
    @usableFromInline
    static func matching(codes: IdentityCodes, options: DiffOptions, limit: SearchLimit) -> Matching {
        matching(codes: codes, inTrimmedEnds: [], options: options, limit: limit)
    }

    /// Uniqueness is counted over the whole lists, as git counts it over
    /// the whole files: a line that also occurs in the trimmed common ends
    /// is not unique in the first box (see ``UniqueAnchors``).
    @usableFromInline
    static let countsTrimmedEnds = true

    /// The core, with the ids of the middle that the trimmed ends also hold:
    /// those are never anchors of the first box.
    @usableFromInline
    static func matching(codes: IdentityCodes, inTrimmedEnds: [Int32], options: DiffOptions, limit: SearchLimit) -> Matching {
        Matching.ofAlignment(codes, inferMoves: options.inferMoves) { old, new, symbols in
            var cutter = UniqueAnchors(symbolCount: symbols, oldCount: old.count)
            cutter.countTwice(inTrimmedEnds)
            return UniqueAnchors.alignment(old: old, new: new, limit: limit, cutter: cutter)
        }
    }
}

extension EngineName {
    /// ``PatienceEngine``'s stable name.
    public static let patience: EngineName = "patience"
}
