/// An engine that runs on dense integer codes: its file states its facts
/// (``DiffEngine/name``, ``DiffEngine/summary``, ``DiffEngine/claims``,
/// ``DiffEngine/cost``, ``DiffEngine/infersMoves``) and its non-generic core,
/// ``matching(codes:options:limit:)``; the generic front that turns elements
/// into codes and the core's answer into a ``Changeset`` is written once, in
/// this protocol's extension.
///
/// Why a core on codes: the algorithm is compiled once, not once per element
/// type, and compares `Int32`s, never the caller's ids. Why the front is
/// `@inlinable`: a call from another module specializes it for the caller's
/// element type (trimming and coding read ids without a generic call), and
/// then calls the core directly, as a hand-written front did.
@usableFromInline
protocol CodedDiffEngine: DiffEngine {
    /// The engine's answer on the coded middle region (the lists after the
    /// common prefix and suffix are trimmed): the matched pairs and moves in
    /// middle-relative indices (``Matching``: `newToOld` with -1 for an
    /// insert, ascending `deletes` and `inserts`, moves ordered by target),
    /// marked approximate when the search stopped at `limit`.
    ///
    /// - Parameters:
    ///   - codes: Both sides' ids as codes (``IdentityCodes``: old codes are
    ///     `0..<symbolCount`, a new-only id is -1).
    ///   - options: The caller's options (move inference, the `lcs` budget).
    ///   - limit: The caller's bound (``DiffOptions/costLimit``,
    ///     ``DiffOptions/deadline``), started when the call began; engines
    ///     that do not search ignore it.
    /// - Throws: Errors in middle-relative positions (the front shifts them,
    ///   and names a ``DiffError/duplicateID(id:side:first:second:)``'s id).
    static func matching(codes: IdentityCodes, options: DiffOptions, limit: SearchLimit) throws(DiffError) -> Matching

    /// Whether the core must know which ids of the middle also occur in the
    /// trimmed common prefix or suffix (patience: git counts a line's
    /// uniqueness over the whole files, where the trimming is a shortcut of
    /// ours). False by default: the middle alone decides.
    static var countsTrimmedEnds: Bool { get }

    /// The core, told the codes of the middle's old ids that also occur in
    /// the trimmed ends (`inTrimmedEnds`, each at least once, in no
    /// particular order). Called instead of
    /// ``matching(codes:options:limit:)`` when ``countsTrimmedEnds`` and the
    /// front trimmed something; by default it ignores them.
    static func matching(
        codes: IdentityCodes, inTrimmedEnds: [Int32], options: DiffOptions, limit: SearchLimit
    ) throws(DiffError) -> Matching
}

extension CodedDiffEngine {
    @inlinable
    static var countsTrimmedEnds: Bool { false }

    @inlinable
    static func matching(
        codes: IdentityCodes, inTrimmedEnds: [Int32], options: DiffOptions, limit: SearchLimit
    ) throws(DiffError) -> Matching {
        try matching(codes: codes, options: options, limit: limit)
    }
}

extension CodedDiffEngine {
    /// The generic front every coded engine shares: trims the common prefix
    /// and suffix by identity (no hashing), codes the identities of the
    /// middle once, runs the engine's non-generic core
    /// (``matching(codes:options:limit:)``) there, then widens the result
    /// back to full indices and adds the updates.
    ///
    /// Trimming is why an unchanged 10,000-item list costs one pass of id
    /// comparisons and no hashing at all.
    ///
    /// - Complexity: O(N + M) expected for trimming and coding, plus the
    ///   core's own (stated on each engine's type).
    @inlinable
    public func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        let limit = SearchLimit(options)
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
                let shorter = min(n, m)
                var prefix = 0
                while prefix < shorter {
                    let a = old[prefix], b = new[prefix]
                    if identity.id(of: a) != identity.id(of: b) { break }
                    if identity.contentCanDiffer, !identity.hasSameContent(a, b) {
                        updates.append(Changeset.Update(old: prefix, new: prefix))
                    }
                    prefix &+= 1
                }
                var suffix = 0
                while suffix < shorter &- prefix {
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
            let middle: Matching
            do {
                middle = try Self.matchMiddle(old: old, new: new, prefix: prefix, suffix: suffix, identity: identity, limit: limit, options: options)
            } catch .duplicateID(_, let side, let first, let second) {
                // The core knows positions, not ids: the error names the id here.
                let first = first + prefix, second = second + prefix
                let id = identity.id(of: side == .old ? old[first] : new[first])
                throw .duplicateID(id: "\(id)", side: side, first: first, second: second)
            } catch {
                throw error
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
}

extension CodedDiffEngine {
    /// The core's matching of the middle (`prefix` and `suffix` trimmed). The
    /// codes live in this call alone, so they are freed before the front
    /// builds the changeset: the peak heap is the core's, not the core's
    /// plus the codes'. An engine that counts the trimmed ends has the whole
    /// new list looked up (the ends' ids are the same on both sides), then cut.
    /// - Complexity: O(N + M) expected for coding, plus the core's own.
    @inlinable
    static func matchMiddle<I: ElementIdentity>(
        old: [I.Element], new: [I.Element], prefix: Int, suffix: Int, identity: I, limit: SearchLimit, options: DiffOptions
    ) throws(DiffError) -> Matching {
        let n = old.count, m = new.count
        if Self.countsTrimmedEnds && prefix + suffix > 0 {
            var codes = old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in
                    IdentityCodes(old: UnsafeBufferPointer(rebasing: old[prefix..<(n - suffix)]), new: new, identity: identity)
                }
            }
            let inEnds = codes.cutNewEnds(prefix: prefix, suffix: suffix)
            return try matching(codes: codes, inTrimmedEnds: inEnds, options: options, limit: limit)
        }
        let codes = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                IdentityCodes(
                    old: UnsafeBufferPointer(rebasing: old[prefix..<(n - suffix)]),
                    new: UnsafeBufferPointer(rebasing: new[prefix..<(m - suffix)]), identity: identity)
            }
        }
        return try matching(codes: codes, options: options, limit: limit)
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
