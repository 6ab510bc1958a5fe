import DiffEngines

extension StagedBatches {
    /// The batch updates for a flat list (one section) from any engine's changeset.
    ///
    /// The changeset's indices already are UIKit's: deletes are old indices,
    /// inserts new ones, moves go old → new, and the staying items fill the
    /// remaining places in order exactly as UIKit places them. What needs care
    /// is the updates:
    /// - an updated item that stays is reloaded at its **old** index (reloads
    ///   name the state before the update; using the new index is the classic
    ///   crash or, worse, reloads the wrong cell);
    /// - an updated item that moves cannot be reloaded in the same batch
    ///   (UIKit performs the reload as a delete and refuses a delete and a
    ///   move of the same index path), so it is reloaded at its **new** index
    ///   in a second batch, after the move.
    ///
    /// Returns one stage, two when a moved item is updated, none when the
    /// changeset is empty. Throws when the changeset does not fit the sizes.
    ///
    /// - Complexity: O(N + M).
    public static func make(
        from changeset: Changeset, oldCount: Int, newCount: Int, section: Int = 0
    ) throws(ChangesetError) -> StagedBatches {
        _ = try changeset.newToOld(oldCount: oldCount, newCount: newCount)
        var isMoveTarget = [Bool](repeating: false, count: newCount)
        for move in changeset.moves { isMoveTarget[move.to] = true }
        func path(_ row: Int) -> ListIndexPath { ListIndexPath(section: section, row: row) }

        var structural = BatchUpdate(
            deletedRows: changeset.deletes.map(path), insertedRows: changeset.inserts.map(path),
            movedRows: changeset.moves.map { BatchUpdate.RowMove(from: path($0.from), to: path($0.to)) })
        var afterMoves = BatchUpdate()
        for update in changeset.updates {
            if update.new >= 0, update.new < newCount, isMoveTarget[update.new] {
                afterMoves.reloadedRows.append(path(update.new))
            } else {
                structural.reloadedRows.append(path(update.old))
            }
        }
        structural.reloadedRows.sort()
        return StagedBatches([structural, afterMoves].filter { !$0.isEmpty })
    }
}
