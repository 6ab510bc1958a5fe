/// A changeset that does not describe any pair of lists of the given sizes.
public struct ChangesetError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension Changeset {
    /// The longest list a changeset can describe: 2³¹ − 1 elements. The
    /// engines number list positions with 32-bit integers (the identity
    /// codes, the longest-increasing-run links), and the entry points that
    /// take counts (``newToOld(oldCount:newCount:)``, ``patch(oldCount:newCount:)``,
    /// ``minimizingMoves(oldCount:newCount:)``, the staged batches) refuse
    /// larger counts with a ``ChangesetError`` instead of trying to allocate
    /// arrays of that length.
    public static let maximumCount = Int(Int32.max)

    /// For every new index, the old index it comes from, or `-1` for an insert.
    ///
    /// This is the one place that reads the "staying items fill the free new
    /// positions in order" rule; `apply`, the verifier, the patch and move
    /// minimization all build on it. It checks the structural rules (indices in
    /// range, ascending, no index used twice, sizes that add up) and throws a
    /// ``ChangesetError`` naming the first one broken.
    ///
    /// - Complexity: O(N + M) time and memory.
    public func newToOld(oldCount: Int, newCount: Int) throws(ChangesetError) -> [Int] {
        // A negative count would trap in the arrays below, and an absurd one
        // (Int.max) would try to allocate them: bad input like any other,
        // refused before anything is allocated.
        guard oldCount >= 0, newCount >= 0 else {
            throw ChangesetError("list counts must not be negative (old \(oldCount), new \(newCount))")
        }
        guard oldCount <= Changeset.maximumCount, newCount <= Changeset.maximumCount else {
            throw ChangesetError(
                "list counts must be at most \(Changeset.maximumCount) (old \(oldCount), new \(newCount)): "
                    + "the engines number list positions with 32-bit integers")
        }
        guard oldCount - deletes.count == newCount - inserts.count else {
            throw ChangesetError(
                "sizes do not add up: \(oldCount) old − \(deletes.count) deletes = \(oldCount - deletes.count), "
                    + "but \(newCount) new − \(inserts.count) inserts = \(newCount - inserts.count)")
        }
        var oldRole = [UInt8](repeating: 0, count: oldCount)  // 0 stays, 1 deleted, 2 moved
        var newRole = [UInt8](repeating: 0, count: newCount)  // 0 free, 1 inserted, 2 move target
        try Changeset.markAscending(deletes, in: &oldRole, step: "delete", side: "old")
        try Changeset.markAscending(inserts, in: &newRole, step: "insert", side: "new")
        var result = [Int](repeating: -1, count: newCount)
        var previous = -1
        for (k, move) in moves.enumerated() {
            guard move.from >= 0, move.from < oldCount else {
                throw ChangesetError("move #\(k) (\(move)) starts at old index \(move.from), outside 0..<\(oldCount)")
            }
            guard move.to >= 0, move.to < newCount else {
                throw ChangesetError("move #\(k) (\(move)) ends at new index \(move.to), outside 0..<\(newCount)")
            }
            guard move.to > previous else {
                throw ChangesetError("moves are not ordered by target at move #\(k) (\(move))")
            }
            switch oldRole[move.from] {
            case 1: throw ChangesetError("old index \(move.from) is both deleted and moved (move #\(k))")
            case 2: throw ChangesetError("old index \(move.from) is moved twice")
            default: oldRole[move.from] = 2
            }
            if newRole[move.to] == 1 {
                throw ChangesetError("new index \(move.to) is both inserted and the target of move #\(k)")
            }
            newRole[move.to] = 2
            result[move.to] = move.from
            previous = move.to
        }
        var j = 0
        for i in 0..<oldCount where oldRole[i] == 0 {
            while newRole[j] != 0 { j += 1 }
            result[j] = i
            j += 1
        }
        return result
    }

    /// Marks `indices` as 1 in `roles` (deleted or inserted), checking that
    /// each is in range and that they strictly ascend; the error names the
    /// `step` ("delete") by its position and the `side` its index is on. O(K).
    private static func markAscending(
        _ indices: [Int], in roles: inout [UInt8], step: String, side: String
    ) throws(ChangesetError) {
        var previous = -1
        for (k, index) in indices.enumerated() {
            guard index >= 0, index < roles.count else {
                throw ChangesetError("\(step) #\(k) names \(side) index \(index), outside 0..<\(roles.count)")
            }
            guard index > previous else {
                throw ChangesetError("\(step)s are not strictly ascending at \(step) #\(k) (\(side) index \(index) after \(previous))")
            }
            roles[index] = 1
            previous = index
        }
    }

    /// Rebuilds the new list from the old one. Staying and moved items are
    /// taken from `old`; inserted and updated items from `new` (the changeset
    /// holds indices, not values, exactly like a batch update).
    ///
    /// - Complexity: O(N + M).
    public func apply<Element>(to old: [Element], using new: [Element]) throws(ChangesetError) -> [Element] {
        let source = try newToOld(oldCount: old.count, newCount: new.count)
        var updated = [Bool](repeating: false, count: new.count)
        for update in updates where update.new >= 0 && update.new < new.count { updated[update.new] = true }
        var result: [Element] = []
        result.reserveCapacity(new.count)
        for j in 0..<new.count {
            let i = source[j]
            result.append(i < 0 || updated[j] ? new[j] : old[i])
        }
        return result
    }
}
