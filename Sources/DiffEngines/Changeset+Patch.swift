/// One step of a patch, valid against the list as it is after the steps
/// before it.
public enum PatchStep: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Remove the element at this index.
    case delete(at: Int)
    /// Insert `new[index]` at `index` (inserts come after every delete and
    /// move, so the index is final).
    case insert(at: Int)
    /// Remove the element at `from`, then insert it so that it ends at `to`.
    case move(from: Int, to: Int)
    /// Replace the element at `index` with `new[index]` (updates come last).
    case update(at: Int)

    public var description: String {
        switch self {
        case let .delete(index): return "delete at \(index)"
        case let .insert(index): return "insert at \(index)"
        case let .move(from, to): return "move \(from) → \(to)"
        case let .update(index): return "update at \(index)"
        }
    }
}

extension Changeset {
    /// The change as single steps that can be applied one after the other.
    ///
    /// Order: deletes from the highest old index down (so no delete shifts a
    /// later one: "1234" → "1" deletes at 3, 2, 1), then moves, each placing an
    /// item right after the item that precedes it in the new list (processing
    /// targets in ascending order keeps every earlier placement intact), then
    /// inserts at ascending final indices, then updates at final indices.
    /// The step count equals ``stepCount``.
    ///
    /// - Complexity: O(N + M + moves × N); the patch is meant for teaching,
    ///   tests and small lists, not for the timed path.
    public func patch(oldCount: Int, newCount: Int) throws(ChangesetError) -> [PatchStep] {
        let source = try newToOld(oldCount: oldCount, newCount: newCount)
        var steps: [PatchStep] = []
        steps.reserveCapacity(stepCount)
        for i in deletes.reversed() { steps.append(.delete(at: i)) }

        // The list after the deletes, as old indices.
        var isDeleted = [Bool](repeating: false, count: oldCount)
        for i in deletes { isDeleted[i] = true }
        var working = (0..<oldCount).filter { !isDeleted[$0] }

        var isMoveTarget = [Bool](repeating: false, count: newCount)
        for move in moves { isMoveTarget[move.to] = true }
        var predecessor = -1  // old index of the kept item before the current one in new order
        for j in 0..<newCount where source[j] >= 0 {
            let item = source[j]
            if isMoveTarget[j] {
                let from = working.firstIndex(of: item)!
                working.remove(at: from)
                let to = predecessor < 0 ? 0 : working.firstIndex(of: predecessor)! + 1
                working.insert(item, at: to)
                steps.append(.move(from: from, to: to))
            }
            predecessor = item
        }
        for j in inserts { steps.append(.insert(at: j)) }
        for update in updates { steps.append(.update(at: update.new)) }
        return steps
    }
}

extension Array {
    /// Applies patch steps one at a time; inserted and updated values come
    /// from `new`. Traps on a step whose index is out of range, which is the
    /// point: a valid patch never does.
    ///
    /// - Complexity: O(steps × N): each step is an array insert or removal,
    ///   which shifts the elements after it (teaching and tests only).
    public func applying(_ steps: [PatchStep], using new: [Element]) -> [Element] {
        var list = self
        for step in steps {
            switch step {
            case let .delete(index): list.remove(at: index)
            case let .insert(index): list.insert(new[index], at: index)
            case let .move(from, to): list.insert(list.remove(at: from), at: to)
            case let .update(index): list[index] = new[index]
            }
        }
        return list
    }
}
