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
public struct SetEngine: DiffEngine {
    public static let name = EngineName.set
    @inlinable public init() {}

    /// Diffs by set difference of the ids, then the fewest moves; throws
    /// ``DiffError/duplicateID(id:side:first:second:)`` on a repeated id that
    /// could make the result wrong.
    ///
    /// - Complexity: O(N + M) expected for the set part (one hash per
    ///   element), plus O(K log K) for the longest increasing run of the K
    ///   common items that gives the fewest moves; O(N + M) memory.
    @inlinable
    public func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        do {
            return try diffOnCodes(old: old, new: new, identity: identity, options: options) {
                codes throws(DiffError) in try setMatching(codes)
            }
        } catch let .duplicateID(_, side, first, second) {
            let id = identity.id(of: side == .old ? old[first] : new[first])
            throw .duplicateID(id: "\(id)", side: side, first: first, second: second)
        }
    }
}

/// The set diff on codes. With unique old ids a code is its old position, so
/// `new[j]`'s code is directly the old index it matches; a code seen twice
/// in the new list is a repeated id among the matched items. New-only ids
/// (code -1) are inserts and never hashed twice.
@usableFromInline
func setMatching(_ codes: IdentityCodes) throws(DiffError) -> Matching {
    if let duplicate = codes.firstOldDuplicate {
        throw .duplicateID(id: "", side: .old, first: duplicate.first, second: duplicate.second)
    }
    let n = codes.old.count, m = codes.new.count
    var newToOld = [Int32](repeating: -1, count: m)
    var oldMatched = [Bool](repeating: false, count: n)
    var inserts: [Int] = []
    var repeated = -1
    codes.new.withUnsafeBufferPointer { newCodes in
        newToOld.withUnsafeMutableBufferPointer { sources in
            oldMatched.withUnsafeMutableBufferPointer { matched in
                for j in 0..<m {
                    let code = newCodes[j]
                    if code < 0 {
                        inserts.append(j)
                        continue
                    }
                    let c = Int(code)
                    if matched[c] {
                        repeated = j
                        return
                    }
                    matched[c] = true
                    sources[j] = code
                }
            }
        }
    }
    if repeated >= 0 {
        let code = codes.new[repeated]
        let first = codes.new.firstIndex(of: code)!
        throw .duplicateID(id: "", side: .new, first: first, second: repeated)
    }
    var deletes: [Int] = []
    deletes.reserveCapacity(n - (m - inserts.count))
    oldMatched.withUnsafeBufferPointer { matched in
        for i in 0..<n where !matched[i] { deletes.append(i) }
    }
    var staying = [Bool](repeating: false, count: m)
    var moves: [Changeset.Move] = []
    newToOld.withUnsafeBufferPointer { sources in
        staying.withUnsafeMutableBufferPointer { staying in
            let kept = markLongestIncreasingRun(sources, into: staying)
            moves.reserveCapacity(m - inserts.count - kept)
            for j in 0..<m where sources[j] >= 0 && !staying[j] {
                moves.append(Changeset.Move(from: Int(sources[j]), to: j))
            }
        }
    }
    return Matching(newToOld: newToOld, deletes: deletes, inserts: inserts, moves: moves)
}
