/// The longest-common-subsequence memo table (Wagner–Fischer), as in the blog
/// posts that taught list diffing: fill an (N+1) × (M+1) table of LCS lengths,
/// then walk back from the corner. See `Guides/LCS.md`.
///
/// - Complexity: O(N·M) time and memory after trimming the common prefix and
///   suffix. Cells are 16-bit while both sides are under 65,535 elements (2 bytes
///   per cell), 32-bit otherwise; a table over ``DiffOptions/lcsMemoryBudget`` is
///   refused with ``DiffError/memoryBudgetExceeded(engine:cells:bytes:budget:)``
///   before anything is allocated. Under ``DiffOptions/costLimit`` (table
///   cells) or ``DiffOptions/deadline`` the fill stops between two rows and
///   the answer is coarse: the traceback starts from the last full row, and
///   what lies below it is deleted and inserted. The bound is checked before
///   the table is allocated, and the table is sized to it: a deadline that
///   has passed allocates one row, a cost limit of c cells allocates at most
///   c / m + 1 rows, and rows are never zero-filled ahead of the fill, so a
///   call stopped by its deadline touches only the rows it filled.
public struct LCSEngine: CodedDiffEngine {
    public static let name = EngineName.lcs
    public static let summary = "LCS memoization table (Wagner–Fischer), O(NM) time and memory"
    public static let cost = EngineCost.tableCells
    public static let infersMoves = true
    public static let claims: EngineClaims = [.minimalEdits, .fewestMoves, .honoursBounds]
    @inlinable public init() {}

    /// The core: fills the LCS table of the region left after trimming the
    /// common prefix and suffix, then walks back from its corner.
    ///
    /// - Complexity: O(n·m) time and (n+1)(m+1) cells of 2 or 4 bytes for
    ///   the n × m middle region: the table is the algorithm. Refused with
    ///   ``DiffError/memoryBudgetExceeded(engine:cells:bytes:budget:)`` over
    ///   ``DiffOptions/lcsMemoryBudget``.
    @usableFromInline
    static func matching(codes: IdentityCodes, options: DiffOptions, limit: SearchLimit) throws(DiffError) -> Matching {
        let table = try LCSTable(codes: codes, memoryBudget: options.lcsMemoryBudget, limit: limit)
        // A table stopped before its last row is the answer's only approximation.
        var matching = codes.old.withUnsafeBufferPointer { oldCodes in
            codes.new.withUnsafeBufferPointer { newCodes in
                Matching.fromAlignment(
                    newToOld: table.alignment(), oldCodes: oldCodes, newCodes: newCodes,
                    symbolCount: codes.symbolCount, inferMoves: options.inferMoves)
            }
        }
        matching.isApproximate = table.isPartial
        return matching
    }
}

extension EngineName {
    /// ``LCSEngine``'s stable name.
    public static let lcs: EngineName = "lcs"
}
