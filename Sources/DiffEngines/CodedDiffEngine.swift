/// The generic front every code-based engine shares: trim the common prefix
/// and suffix by identity (no hashing), code the identities of the middle
/// once, run the engine's non-generic core there, then widen the result back
/// to full indices and add the updates.
///
/// Trimming is why an unchanged 10,000-item list costs one pass of id
/// comparisons and no hashing at all.
@inlinable
func diffOnCodes<I: ElementIdentity>(
    old: [I.Element], new: [I.Element], identity: I, options: DiffOptions,
    core: (IdentityCodes) throws(DiffError) -> Matching
) throws(DiffError) -> Changeset {
    let n = old.count, m = new.count
    if n == 0 || m == 0 {
        return Changeset(deletes: Array(0..<n), inserts: Array(0..<m))
    }
    // One fused pass per end: ids decide where the common prefix and suffix
    // stop, contents give their updates on the way (so an unchanged or
    // updated-in-place list is done in this loop alone).
    var updates: [Changeset.Update] = []
    var suffixUpdates: [Changeset.Update] = []
    let (prefix, suffix) = old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new in
            let limit = min(n, m)
            var prefix = 0
            while prefix < limit {
                let a = old[prefix], b = new[prefix]
                if identity.id(of: a) != identity.id(of: b) { break }
                if identity.contentCanDiffer, !identity.hasSameContent(a, b) {
                    updates.append(Changeset.Update(old: prefix, new: prefix))
                }
                prefix &+= 1
            }
            var suffix = 0
            while suffix < limit &- prefix {
                let i = n &- 1 &- suffix, j = m &- 1 &- suffix
                let a = old[i], b = new[j]
                if identity.id(of: a) != identity.id(of: b) { break }
                if identity.contentCanDiffer, !identity.hasSameContent(a, b) {
                    suffixUpdates.append(Changeset.Update(old: i, new: j))
                }
                suffix &+= 1
            }
            return (prefix, suffix)
        }
    }
    var result: Changeset
    if prefix + suffix == n || prefix + suffix == m {
        result = Changeset(deletes: Array(prefix..<(n - suffix)), inserts: Array(prefix..<(m - suffix)))
    } else {
        let codes = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                IdentityCodes(
                    old: UnsafeBufferPointer(rebasing: old[prefix..<(n - suffix)]),
                    new: UnsafeBufferPointer(rebasing: new[prefix..<(m - suffix)]),
                    identity: identity)
            }
        }
        let middle: Matching
        do {
            middle = try core(codes)
        } catch {
            throw error.shifted(by: prefix)
        }
        result = middle.shifted(by: prefix)
        middle.appendUpdates(to: &updates, old: old, new: new, offset: prefix, identity: identity)
    }
    if !suffixUpdates.isEmpty { updates.append(contentsOf: suffixUpdates.reversed()) }
    result.updates = updates
    if options.minimizeMoves, !result.moves.isEmpty {
        // The matching is consistent by construction, so this cannot throw.
        let approximate = result.isApproximate
        result = (try? result.minimizingMoves(oldCount: n, newCount: m)) ?? result
        result.isApproximate = approximate
    }
    return result
}

extension DiffError {
    /// The same error with positions counted in the full lists.
    @usableFromInline
    func shifted(by offset: Int) -> DiffError {
        if case let .duplicateID(id, side, first, second) = self {
            return .duplicateID(id: id, side: side, first: first + offset, second: second + offset)
        }
        return self
    }
}

extension Matching {
    /// The middle region's changes in full-list indices (no updates yet).
    @usableFromInline
    func shifted(by prefix: Int) -> Changeset {
        var result: Changeset
        if prefix == 0 {
            result = Changeset(deletes: deletes, inserts: inserts, moves: moves)
        } else {
            result = Changeset(
                deletes: deletes.map { $0 &+ prefix },
                inserts: inserts.map { $0 &+ prefix },
                moves: moves.map { Changeset.Move(from: $0.from &+ prefix, to: $0.to &+ prefix) })
        }
        result.isApproximate = isApproximate
        return result
    }

    /// Appends, in new-index order, an update for every matched pair whose
    /// contents differ; `offset` shifts the matching's indices into the full
    /// lists. Skipped when content cannot differ. O(M) comparisons.
    @inlinable
    func appendUpdates<I: ElementIdentity>(
        to updates: inout [Changeset.Update], old: [I.Element], new: [I.Element], offset: Int, identity: I
    ) {
        guard identity.contentCanDiffer else { return }
        newToOld.withUnsafeBufferPointer { sources in
            old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in
                    for j in 0..<sources.count {
                        let i = Int(sources[j])
                        if i >= 0, !identity.hasSameContent(old[i &+ offset], new[j &+ offset]) {
                            updates.append(Changeset.Update(old: i &+ offset, new: j &+ offset))
                        }
                    }
                }
            }
        }
    }
}
