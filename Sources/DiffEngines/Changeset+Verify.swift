extension Changeset {
    /// Checks that this changeset turns `old` into `new`; returns the first
    /// discrepancy in words, or nil when it is right.
    ///
    /// Beyond ``newToOld(oldCount:newCount:)``'s structural rules it checks that
    /// every staying or moved item lands on an item with the same identity,
    /// that updates are listed exactly for the pairs whose content differs, and
    /// that updates are ordered by new index. The benchmark runs it on every
    /// result it times.
    ///
    /// - Complexity: O(N + M) time and memory.
    public func verify<I: ElementIdentity>(old: [I.Element], new: [I.Element], identity: I) -> String? {
        let source: [Int]
        do {
            source = try newToOld(oldCount: old.count, newCount: new.count)
        } catch {
            return error.message
        }
        var updatedFrom = [Int](repeating: -1, count: new.count)
        var previous = -1
        for (k, update) in updates.enumerated() {
            guard update.new >= 0, update.new < new.count else {
                return "update #\(k) (\(update)) names new index \(update.new), outside 0..<\(new.count)"
            }
            guard update.new > previous else {
                return "updates are not strictly ordered by new index at update #\(k) (\(update))"
            }
            previous = update.new
            guard source[update.new] == update.old else {
                let actual = source[update.new]
                return actual < 0
                    ? "update #\(k) (\(update)) targets new index \(update.new), which is an insert"
                    : "update #\(k) (\(update)) pairs old \(update.old) with new \(update.new), but new \(update.new) comes from old \(actual)"
            }
            updatedFrom[update.new] = update.old
        }
        for j in 0..<new.count {
            let i = source[j]
            guard i >= 0 else { continue }
            guard identity.id(of: old[i]) == identity.id(of: new[j]) else {
                return "old[\(i)] (id \(identity.id(of: old[i]))) lands at new[\(j)], whose id is \(identity.id(of: new[j]))"
            }
            let same = identity.hasSameContent(old[i], new[j])
            if same, updatedFrom[j] >= 0 {
                return "update old \(i) → new \(j) is listed, but the contents are equal"
            }
            if !same, updatedFrom[j] < 0 {
                return "old[\(i)] → new[\(j)] (id \(identity.id(of: new[j]))) changed content, but no update is listed"
            }
        }
        return nil
    }

    /// ``verify(old:new:identity:)`` for `Identifiable & Equatable` elements.
    ///
    /// - Complexity: O(N + M) time and memory.
    public func verify<E: Identifiable & Equatable>(old: [E], new: [E]) -> String? {
        verify(old: old, new: new, identity: IdentifiedElements<E>())
    }

    /// ``verify(old:new:identity:)`` for plain `Hashable` values.
    ///
    /// - Complexity: O(N + M) time and memory.
    public func verify<E: Hashable>(oldValues old: [E], newValues new: [E]) -> String? {
        verify(old: old, new: new, identity: ValueElements<E>())
    }
}
