/// The generic front every code-based engine shares: trim the common prefix
/// and suffix by identity (no hashing), code the identities of the middle
/// once, run the engine's non-generic core there, then widen the result back
/// to full indices and add the updates.
///
/// Trimming is why an unchanged 10,000-item list costs one pass of id
/// comparisons and no hashing at all.
@inlinable
func diffOnCodes<I: ElementIdentity>(
    old: [I.Element], new: [I.Element], identity: I, options: DiffOptions, codeNewOnlyIDs: Bool = false,
    core: (IdentityCodes) throws(DiffError) -> Matching
) throws(DiffError) -> Changeset {
    let n = old.count, m = new.count
    if n == 0 || m == 0 {
        return Changeset(deletes: Array(0..<n), inserts: Array(0..<m))
    }
    let (prefix, suffix) = old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new in
            commonPrefixAndSuffix(old, new) { identity.id(of: $0) == identity.id(of: $1) }
        }
    }
    let middle: Matching
    if prefix + suffix == n || prefix + suffix == m {
        middle = Matching(
            newToOld: [], deletes: Array(0..<(n - prefix - suffix)), inserts: Array(0..<(m - prefix - suffix)),
            moves: [])
    } else {
        let codes = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                IdentityCodes(
                    old: UnsafeBufferPointer(rebasing: old[prefix..<(n - suffix)]),
                    new: UnsafeBufferPointer(rebasing: new[prefix..<(m - suffix)]),
                    identity: identity, codeNewOnlyIDs: codeNewOnlyIDs)
            }
        }
        do {
            middle = try core(codes)
        } catch {
            throw error.shifted(by: prefix)
        }
    }
    return middle.embedded(prefix: prefix, suffix: suffix, oldCount: n, newCount: m)
        .changeset(old: old, new: new, identity: identity, options: options)
}

/// Common prefix and suffix lengths under an equality predicate; the suffix
/// never overlaps the prefix.
@inlinable
func commonPrefixAndSuffix<T>(
    _ a: UnsafeBufferPointer<T>, _ b: UnsafeBufferPointer<T>, by equal: (T, T) -> Bool
) -> (prefix: Int, suffix: Int) {
    let limit = min(a.count, b.count)
    var prefix = 0
    while prefix < limit, equal(a[prefix], b[prefix]) { prefix &+= 1 }
    var suffix = 0
    while suffix < limit &- prefix, equal(a[a.count &- 1 &- suffix], b[b.count &- 1 &- suffix]) { suffix &+= 1 }
    return (prefix, suffix)
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
    /// A matching of the middle region, widened to the full lists: the prefix
    /// and suffix stay in place, every middle index is shifted by `prefix`.
    /// O(N + M).
    @usableFromInline
    func embedded(prefix: Int, suffix: Int, oldCount: Int, newCount: Int) -> Matching {
        let middleOld = oldCount - prefix - suffix
        let middleNew = newCount - prefix - suffix
        let full = [Int32](unsafeUninitializedCapacity: newCount) { buffer, initialized in
            for j in 0..<prefix { buffer[j] = Int32(j) }
            if newToOld.isEmpty {
                for j in 0..<middleNew { buffer[prefix + j] = -1 }
            } else {
                newToOld.withUnsafeBufferPointer { middle in
                    for j in 0..<middleNew {
                        let i = middle[j]
                        buffer[prefix + j] = i < 0 ? -1 : i + Int32(prefix)
                    }
                }
            }
            let shift = Int32(middleOld - middleNew)
            for j in (prefix + middleNew)..<newCount { buffer[j] = Int32(j) + shift }
            initialized = newCount
        }
        if prefix == 0 {
            return Matching(newToOld: full, deletes: deletes, inserts: inserts, moves: moves)
        }
        return Matching(
            newToOld: full,
            deletes: deletes.map { $0 + prefix },
            inserts: inserts.map { $0 + prefix },
            moves: moves.map { Changeset.Move(from: $0.from + prefix, to: $0.to + prefix) })
    }
}
