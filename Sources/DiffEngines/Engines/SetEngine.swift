/// The set-based diff: inserted = new − old, deleted = old − new by id, then
/// the fewest moves (the common items off one longest increasing run of old
/// positions), then updates where the content differs. See `Guides/Set.md`.
///
/// - Complexity: O(N + M) expected for the set part (one hash per element),
///   O(K log K) for the moves of K common items; O(N + M) memory.
///
/// Needs unique ids: in the region left after trimming the common prefix and
/// suffix (when both sides of it are non-empty), a repeated id in the old
/// list, or an id of the old list that the new list repeats, is a
/// ``DiffError/duplicateID(id:side:first:second:)`` naming both positions.
/// Repeats that cannot make the result wrong are not looked for: inside the
/// common prefix or suffix, in a region that is only inserted or only
/// deleted, or among new ids absent from the old list (all plain inserts).
/// Looking would cost a hash per element on exactly the cases this engine
/// makes cheap.
public struct SetEngine: CodedDiffEngine {
    public static let name = EngineName.set
    public static let summary = "set difference for inserts/deletes, fewest moves by LIS, O(N+M + K log K); unique ids only"
    public static let claims: EngineClaims = [.uniqueIDsOnly, .fewestMoves]
    @inlinable public init() {}

    /// The core: the set diff on codes, then the fewest moves; throws
    /// ``DiffError/duplicateID(id:side:first:second:)`` (positions only; the
    /// front names the id) on a repeated id that could make the result wrong.
    ///
    /// With unique old ids a code is its old position, so `new[j]`'s code is
    /// directly the old index it matches; a code seen twice in the new list
    /// is a repeated id among the matched items. New-only ids (code -1) are
    /// inserts and never hashed twice.
    ///
    /// - Complexity: O(N + M) for the set part (the one hash per element is
    ///   spent coding the ids), plus O(K log K) for the longest increasing
    ///   run of the K common items that gives the fewest moves; O(N + M) memory.
    @usableFromInline
    static func matching(codes: IdentityCodes, options: DiffOptions, limit: SearchLimit) throws(DiffError) -> Matching {
        if let duplicate = codes.firstOldDuplicate {
            throw .duplicateID(id: "", side: .old, first: duplicate.first, second: duplicate.second)
        }
        let n = codes.old.count, m = codes.new.count
        guard n > 0 else {
            return Matching(newToOld: codes.new, deletes: [], inserts: Array(0..<m), moves: [])
        }
        // With unique old ids a code is the matched old index (-1: an insert),
        // so the new codes are already the new-to-old map; this pass only marks
        // the matched old items and looks for a repeat. It has no branch on the
        // data but the rare repeat: an insert marks old item 0 with the mark it
        // already has. Inserts come scattered in a real feed, and a branch on
        // each was mispredicted about once per insert.
        // 1 for a matched old item (bytes, so the marks are plain arithmetic).
        var oldMatched = [UInt8](repeating: 0, count: n)
        var repeated = -1
        codes.new.withUnsafeBufferPointer { newCodes in
            oldMatched.withUnsafeMutableBufferPointer { matched in
                for j in 0..<m {
                    let code = newCodes[j]
                    let known = UInt8(truncatingIfNeeded: 1 &- _negativeBit(code))
                    let c = Int(code) & (0 &- Int(known))
                    let seen = matched[c]
                    if known & seen != 0 {
                        repeated = j
                        return
                    }
                    matched[c] = seen | known
                }
            }
        }
        if repeated >= 0 {
            let code = codes.new[repeated]
            let first = codes.new.firstIndex(of: code)!
            throw .duplicateID(id: "", side: .new, first: first, second: repeated)
        }
        let newToOld = codes.new
        let inserts = newToOld.withUnsafeBufferPointer { sources in _selectedIndices(count: m) { _negativeBit(sources[$0]) } }
        let deletes = oldMatched.withUnsafeBufferPointer { matched in _selectedIndices(count: n) { Int(matched[$0] ^ 1) } }
        var staying = [Bool](repeating: false, count: m)
        var moves: [Changeset.Move] = []
        newToOld.withUnsafeBufferPointer { sources in
            staying.withUnsafeMutableBufferPointer { staying in
                let kept = markLongestIncreasingRun(sources, into: staying)
                moves.reserveCapacity(m - inserts.count - kept)
                for j in 0..<m {
                    // Both read first, so the test is one branch, taken only by a move.
                    let source = sources[j], stays = staying[j]
                    if source >= 0 && !stays { moves.append(Changeset.Move(from: Int(source), to: j)) }
                }
            }
        }
        return Matching(newToOld: newToOld, deletes: deletes, inserts: inserts, moves: moves)
    }
}

extension EngineName {
    /// ``SetEngine``'s stable name.
    public static let set: EngineName = "set"
}
