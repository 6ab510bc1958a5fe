extension Changeset {
    /// Checks that this changeset turns `old` into `new`; returns the first
    /// discrepancy (its `description` says it in words), or nil when it is right.
    ///
    /// Beyond ``newToOld(oldCount:newCount:)``'s structural rules it checks that
    /// every staying or moved item lands on an item with the same identity,
    /// that updates are listed exactly for the pairs whose content differs, and
    /// that updates are ordered by new index. The benchmark runs it on every
    /// result it times.
    ///
    /// - Complexity: O(N + M) time and memory.
    public func verify<I: ElementIdentity>(old: [I.Element], new: [I.Element], identity: I) -> VerificationFailure? {
        let source: [Int]
        do {
            source = try newToOld(oldCount: old.count, newCount: new.count)
        } catch {
            return .malformed(error)
        }
        var updatedFrom = [Int](repeating: -1, count: new.count)
        var previous = -1
        for (k, update) in updates.enumerated() {
            guard update.new >= 0, update.new < new.count else {
                return .updateOutOfRange(index: k, update: update, newCount: new.count)
            }
            guard update.new > previous else {
                return .updatesNotOrdered(index: k, update: update)
            }
            previous = update.new
            guard source[update.new] == update.old else {
                let actual = source[update.new]
                return actual < 0 ? .updateOfInsert(index: k, update: update) : .updateMispaired(index: k, update: update, source: actual)
            }
            updatedFrom[update.new] = update.old
        }
        for j in 0..<new.count {
            let i = source[j]
            guard i >= 0 else { continue }
            guard identity.id(of: old[i]) == identity.id(of: new[j]) else {
                return .identityMismatch(old: i, new: j, oldID: "\(identity.id(of: old[i]))", newID: "\(identity.id(of: new[j]))")
            }
            let same = identity.hasSameContent(old[i], new[j])
            if same, updatedFrom[j] >= 0 {
                return .needlessUpdate(old: i, new: j)
            }
            if !same, updatedFrom[j] < 0 {
                return .missingUpdate(old: i, new: j, id: "\(identity.id(of: new[j]))")
            }
        }
        return nil
    }

    /// ``verify(old:new:identity:)`` for `Identifiable & Equatable` elements.
    ///
    /// - Complexity: O(N + M) time and memory.
    public func verify<E: Identifiable & Equatable>(old: [E], new: [E]) -> VerificationFailure? {
        verify(old: old, new: new, identity: IdentifiedElements<E>())
    }

    /// ``verify(old:new:identity:)`` for plain `Hashable` values.
    ///
    /// - Complexity: O(N + M) time and memory.
    public func verify<E: Hashable>(oldValues old: [E], newValues new: [E]) -> VerificationFailure? {
        verify(old: old, new: new, identity: ValueElements<E>())
    }
}
