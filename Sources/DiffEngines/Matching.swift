/// What an engine's core found: which new item comes from which old item, and
/// which of those pairs are moves. Engines build it on integer codes; the
/// generic front turns it into a ``Changeset`` and adds the updates.
@usableFromInline
struct Matching {
    /// For each new index: the matched old index, or -1 (an insert).
    @usableFromInline var newToOld: [Int32]
    /// Deleted old indices, ascending.
    @usableFromInline var deletes: [Int]
    /// Inserted new indices, ascending.
    @usableFromInline var inserts: [Int]
    /// Moves ordered by target.
    @usableFromInline var moves: [Changeset.Move]
    /// The search stopped at its cost limit and finished coarsely.
    @usableFromInline var isApproximate = false

    @usableFromInline
    init(newToOld: [Int32], deletes: [Int], inserts: [Int], moves: [Changeset.Move]) {
        self.newToOld = newToOld
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
    }

    /// Builds the changeset of a matching over the whole lists: adds the
    /// updates and applies `minimizeMoves`. O(N + M).
    @inlinable
    func changeset<I: ElementIdentity>(
        old: [I.Element], new: [I.Element], identity: I, options: DiffOptions
    ) -> Changeset {
        var result = Changeset(deletes: deletes, inserts: inserts, moves: moves)
        appendUpdates(to: &result.updates, old: old, new: new, offset: 0, identity: identity)
        if options.minimizeMoves, !result.moves.isEmpty {
            // The matching is consistent by construction, so this cannot throw.
            result = (try? result.minimizingMoves(oldCount: old.count, newCount: new.count)) ?? result
        }
        return result
    }

    /// The matching of the alignment `align` computes on the coded lists
    /// (old codes, new codes, symbol count → for each new index its aligned
    /// old index or -1): the shared core of the engines that align first and
    /// pair moves after (Myers, patience, histogram).
    ///
    /// - Complexity: that of `align`, plus O(N + M + symbols).
    @usableFromInline
    static func ofAlignment(
        _ codes: IdentityCodes, inferMoves: Bool,
        _ align: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>, Int) -> (newToOld: [Int32], approximate: Bool)
    ) -> Matching {
        codes.old.withUnsafeBufferPointer { old in
            codes.new.withUnsafeBufferPointer { new in
                let aligned = align(old, new, codes.symbolCount)
                var matching = fromAlignment(
                    newToOld: aligned.newToOld, oldCodes: old, newCodes: new,
                    symbolCount: codes.symbolCount, inferMoves: inferMoves)
                matching.isApproximate = aligned.approximate
                return matching
            }
        }
    }

    /// The matching of an alignment (LCS, Myers): `newToOld` holds the aligned
    /// pairs, all in order; the unmatched items become deletes and inserts,
    /// and, with `inferMoves`, an unmatched old and new item with the same code
    /// are paired as a move (k-th occurrence with k-th occurrence).
    ///
    /// - Complexity: O(N + M + symbols).
    @usableFromInline
    static func fromAlignment(
        newToOld: consuming [Int32], oldCodes: UnsafeBufferPointer<Int32>, newCodes: UnsafeBufferPointer<Int32>,
        symbolCount: Int, inferMoves: Bool
    ) -> Matching {
        let n = oldCodes.count, m = newCodes.count
        var newToOld = newToOld
        var oldMatched = [Bool](repeating: false, count: n)
        var moves: [Changeset.Move] = []
        newToOld.withUnsafeMutableBufferPointer { sources in
            oldMatched.withUnsafeMutableBufferPointer { matched in
                for j in 0..<m where sources[j] >= 0 { matched[Int(sources[j])] = true }
                guard inferMoves, symbolCount > 0 else { return }
                // Per code, a chain of its unmatched old positions in ascending order.
                var head = [Int32](repeating: -1, count: symbolCount)
                var next = [Int32](repeating: -1, count: n)
                head.withUnsafeMutableBufferPointer { head in
                    next.withUnsafeMutableBufferPointer { next in
                        var i = n - 1
                        while i >= 0 {
                            if !matched[i] {
                                let code = Int(oldCodes[i])
                                next[i] = head[code]
                                head[code] = Int32(i)
                            }
                            i -= 1
                        }
                        for j in 0..<m where sources[j] < 0 {
                            let code = Int(newCodes[j])
                            guard code >= 0 else { continue }
                            let i = head[code]
                            guard i >= 0 else { continue }
                            head[code] = next[Int(i)]
                            sources[j] = i
                            matched[Int(i)] = true
                            moves.append(Changeset.Move(from: Int(i), to: j))
                        }
                    }
                }
            }
        }
        var deletes: [Int] = []
        var inserts: [Int] = []
        oldMatched.withUnsafeBufferPointer { matched in
            for i in 0..<n where !matched[i] { deletes.append(i) }
        }
        newToOld.withUnsafeBufferPointer { sources in
            for j in 0..<m where sources[j] < 0 { inserts.append(j) }
        }
        return Matching(newToOld: newToOld, deletes: deletes, inserts: inserts, moves: moves)
    }
}

/// The indices in `0..<count` where `selected` holds, ascending, in an array
/// of that exact length (capacity one more).
///
/// A counting pass, then every index is written at the end and the end
/// advances only past a selected one: no branch on the data (`flag` returns
/// 1 for a selected index, 0 otherwise, computed with arithmetic: a
/// conditional expression there is compiled back into a branch). An `if` per
/// index is mispredicted about once per selected index when they come
/// scattered (the deletes and inserts of a feed refresh), which cost more
/// than the pass's own work. The extra slot takes the write after the last
/// selected index. `flag` must be a cheap, side-effect-free test; it is
/// called twice per index. O(count).
@inlinable @inline(__always)
func _selectedIndices(count: Int, _ flag: (Int) -> Int) -> [Int] {
    var total = 0
    for index in 0..<count { total &+= flag(index) }
    if total == 0 { return [] }
    return [Int](unsafeUninitializedCapacity: total &+ 1) { buffer, initialized in
        var end = 0
        for index in 0..<count {
            buffer[end] = index
            end &+= flag(index)
        }
        initialized = end
    }
}

/// 1 when `value` is negative, else 0, by arithmetic (no compare a compiler
/// could turn into a branch).
@inlinable @inline(__always)
func _negativeBit(_ value: Int32) -> Int { Int(truncatingIfNeeded: UInt32(bitPattern: value) &>> 31) }

extension Matching {
    /// The same matched pairs, with the fewest moves for them: one longest
    /// increasing run of the matched old positions (in new order) stays, and
    /// every other matched pair is a move. Never more moves than before (the
    /// pairs that stayed were increasing already); on lists with unique ids,
    /// where every common id is matched, the fewest of any changeset.
    ///
    /// Why: an engine that aligns on something other than a longest common
    /// subsequence (histogram's rarest run) leaves moves that a different
    /// choice of stayers would save, and the moves are paired after its
    /// script, so the script alone cannot see them.
    ///
    /// - Complexity: O(M + K log K) for M new items, K of them matched;
    ///   nothing when there is no move.
    @usableFromInline
    func withFewestMoves() -> Matching {
        guard !moves.isEmpty else { return self }
        var staying = [Bool](repeating: false, count: newToOld.count)
        newToOld.withUnsafeBufferPointer { sources in
            staying.withUnsafeMutableBufferPointer { marks in _ = markLongestIncreasingRun(sources, into: marks) }
        }
        var moves: [Changeset.Move] = []
        for j in newToOld.indices where newToOld[j] >= 0 && !staying[j] {
            moves.append(Changeset.Move(from: Int(newToOld[j]), to: j))
        }
        var result = Matching(newToOld: newToOld, deletes: deletes, inserts: inserts, moves: moves)
        result.isApproximate = isApproximate
        return result
    }
}
