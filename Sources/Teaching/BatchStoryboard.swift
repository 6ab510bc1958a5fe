import DiffEngines
import Rendering

/// A changeset played the way a batch update applies it: the old list, the
/// list after the deletes (named by old index), after the inserts (named by
/// new index, so inserted items already sit at their final positions), and
/// after the moves and updates, which must be the new list.
///
/// Why this order: a batch update names deletes by their index in the old
/// list and inserts by their index in the new list. Mixing them up (deleting
/// at a new index, inserting at an old one) is the classic batch-update
/// crash, so the storyboard shows each kind of index where it applies.
package struct BatchStoryboard: Sendable {
    /// An item on a stage: which list it comes from and its index there.
    package enum Item: Hashable, Sendable {
        case old(Int)
        case new(Int)
    }

    /// What happens to an item in the step that leads to a stage.
    package enum Role: String, Hashable, Sendable {
        case stays, deleted, inserted, moved, updated, movedAndUpdated
    }

    package struct Entry: Hashable, Sendable {
        package var item: Item
        package var role: Role
    }

    /// Stage 0: old list (deleted items marked). 1: after deletes. 2: after
    /// inserts (inserted items marked). 3: after moves and updates (moved and
    /// updated items marked).
    package let stages: [[Entry]]
    /// True when the last stage is the new list: same ids in the same order,
    /// and the content of the new list (updates replaced).
    package let resultEqualsNew: Bool
    package let changeset: Changeset

    /// Plays `changeset` on `old`; `new` supplies inserted and updated items.
    package init<I: ElementIdentity>(
        changeset: Changeset, old: [I.Element], new: [I.Element], identity: I
    ) throws(ChangesetError) {
        self.changeset = changeset
        let source = try changeset.newToOld(oldCount: old.count, newCount: new.count)
        let deleted = Set(changeset.deletes)
        let inserted = Set(changeset.inserts)
        let movedTargets = Set(changeset.moves.map(\.to))
        let updatedTargets = Set(changeset.updates.map(\.new))

        let stage0 = old.indices.map { Entry(item: .old($0), role: deleted.contains($0) ? .deleted : .stays) }
        let afterDeletes = old.indices.filter { !deleted.contains($0) }
        let stage1 = afterDeletes.map { Entry(item: .old($0), role: .stays) }
        var remaining = afterDeletes.makeIterator()
        var stage2: [Entry] = []
        for j in new.indices {
            if inserted.contains(j) {
                stage2.append(Entry(item: .new(j), role: .inserted))
            } else if let i = remaining.next() {
                stage2.append(Entry(item: .old(i), role: .stays))
            }
        }
        var stage3: [Entry] = []
        var rebuilt: [I.Element] = []
        for j in new.indices {
            let i = source[j]
            if i < 0 {
                stage3.append(Entry(item: .new(j), role: .inserted))
                rebuilt.append(new[j])
                continue
            }
            let moved = movedTargets.contains(j), updated = updatedTargets.contains(j)
            let role: Role = moved && updated ? .movedAndUpdated : moved ? .moved : updated ? .updated : .stays
            stage3.append(Entry(item: .old(i), role: role))
            rebuilt.append(updated ? new[j] : old[i])
        }
        stages = [stage0, stage1, stage2, stage3]
        resultEqualsNew = rebuilt.count == new.count
            && zip(rebuilt, new).allSatisfy { identity.id(of: $0) == identity.id(of: $1) && identity.hasSameContent($0, $1) }
    }

    /// The label of an item, from the list it comes from (an updated item
    /// shows its new content's label).
    func label(_ entry: Entry, oldLabels: [String], newLabels: [String], at j: Int? = nil) -> String {
        switch entry.item {
        case let .old(i):
            if let j, entry.role == .updated || entry.role == .movedAndUpdated { return newLabels[j] }
            return oldLabels[i]
        case let .new(j): return newLabels[j]
        }
    }
}

/// "1 delete", "2 deletes".
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
