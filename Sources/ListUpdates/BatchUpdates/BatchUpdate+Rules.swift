
/// Where each section and row of the list comes from after one batch: the
/// outcome of ``BatchUpdate/plan(oldCounts:newCounts:style:)``.
struct BatchPlan {
    enum RowSource: Equatable {
        /// Inserted: the cell comes from the data source.
        case fresh
        /// An old row (staying or moved); `reloaded` when its cell is rebuilt from the data source.
        case old(ListIndexPath, reloaded: Bool)
    }

    enum SectionSource {
        /// Inserted or reloaded: header and rows come from the data source.
        case fresh
        /// An old section whose rows are unknown (an earlier stage made it) and untouched by this batch.
        case unchanged(from: Int)
        /// An old section (staying or moved) and where each of its new rows comes from.
        case rows(from: Int, [RowSource])
    }

    /// One entry per section after the update.
    var sections: [SectionSource]
}

extension BatchUpdate {
    /// Checks the batch the way `performBatchUpdates` does and works out where
    /// every section and row ends up.
    ///
    /// - `oldCounts`: rows per section before the update; `nil` for a section
    ///   whose rows are not known (made by an earlier stage whose data only
    ///   the final state describes). Touching such a section's rows is refused.
    /// - `newCounts`: rows per section in the data source after the update.
    ///   UIKit compares it with the arithmetic of the batch. `nil` means the
    ///   data source is whatever the batch produces (an intermediate stage),
    ///   so only the structural checks apply.
    ///
    /// The checks come in UIKit's order: every operation against its index
    /// space (sections, then rows before the update, then rows after it),
    /// conflicts between operations, then the count arithmetic.
    ///
    /// - Complexity: O(S + R + K) for S sections, R rows and K operations (flag
    ///   arrays, no hashing).
    func plan(oldCounts: [Int?], newCounts: [Int]?, style: ListViewStyle) throws(BatchUpdateError) -> BatchPlan {
        let say = BatchMessages(style: style)
        let oldSectionCount = oldCounts.count

        // MARK: sections before the update
        enum OldSectionRole: Equatable { case stays, deleted, reloaded, moved }
        var oldRole = [OldSectionRole](repeating: .stays, count: oldSectionCount)
        for s in deletedSections {
            guard s >= 0, s < oldSectionCount else { throw say.deleteSectionOutOfRange(s, count: oldSectionCount) }
            guard oldRole[s] == .stays else { throw say.sectionTwice("delete", s) }
            oldRole[s] = .deleted
        }
        for s in reloadedSections {
            guard s >= 0, s < oldSectionCount else { throw say.deleteSectionOutOfRange(s, count: oldSectionCount) }
            switch oldRole[s] {
            case .deleted: throw say.deleteAndReloadSection(s)
            case .reloaded: throw say.sectionTwice("reload", s)
            default: oldRole[s] = .reloaded
            }
        }
        for move in movedSections {
            guard move.from >= 0, move.from < oldSectionCount else {
                throw say.moveSectionSourceOutOfRange(move.from, count: oldSectionCount)
            }
            switch oldRole[move.from] {
            case .deleted, .reloaded: throw say.deleteAndMoveSection(move.from)
            case .moved: throw say.sectionTwice("move", move.from)
            case .stays: oldRole[move.from] = .moved
            }
        }

        // MARK: sections after the update
        let arithmeticSectionCount = oldSectionCount - deletedSections.count + insertedSections.count
        let newSectionCount = newCounts?.count ?? arithmeticSectionCount
        enum NewSectionRole: Equatable { case free, inserted, moveTarget }
        var newRole = [NewSectionRole](repeating: .free, count: max(newSectionCount, 0))
        for t in insertedSections {
            guard t >= 0, t < newSectionCount else { throw say.insertSectionOutOfRange(t, count: newSectionCount) }
            guard newRole[t] == .free else { throw say.sectionTwice("insert", t) }
            newRole[t] = .inserted
        }
        for move in movedSections {
            guard move.to >= 0, move.to < newSectionCount else {
                throw say.moveSectionTargetOutOfRange(move, count: newSectionCount)
            }
            switch newRole[move.to] {
            case .inserted: throw say.insertAndMoveSection(move.to)
            case .moveTarget: throw say.twoSectionMovesTo(move.to)
            case .free: newRole[move.to] = .moveTarget
            }
        }
        if newSectionCount != arithmeticSectionCount {
            throw say.sectionCount(
                after: newSectionCount, before: oldSectionCount, inserted: insertedSections.count,
                deleted: deletedSections.count)
        }

        // Old section → new section, and back (staying and reloaded sections fill the free places in order).
        var newIndexOfOld = [Int](repeating: -1, count: oldSectionCount)
        var oldIndexOfNew = [Int](repeating: -1, count: newSectionCount)
        for move in movedSections {
            newIndexOfOld[move.from] = move.to
            oldIndexOfNew[move.to] = move.from
        }
        var cursor = 0
        for s in 0..<oldSectionCount where oldRole[s] == .stays || oldRole[s] == .reloaded {
            while newRole[cursor] != .free { cursor += 1 }
            newIndexOfOld[s] = cursor
            oldIndexOfNew[cursor] = s
            cursor += 1
        }

        // MARK: rows before the update
        // Bit flags per old row: 1 deleted, 2 reloaded, 4 moved away.
        var oldFlags: [[UInt8]] = oldCounts.map { [UInt8](repeating: 0, count: $0 ?? 0) }
        var deletedIn = [Int](repeating: 0, count: oldSectionCount)
        var movedOutOf = [Int](repeating: 0, count: oldSectionCount)

        /// Checks that an old index path exists and that its section keeps its identity in this batch.
        func checkOldRow(_ path: ListIndexPath, verb: String) throws(BatchUpdateError) {
            let s = path.section
            guard s >= 0, s < oldSectionCount else {
                throw verb == "move"
                    ? say.moveSourceSectionOutOfRange(path, sections: oldSectionCount)
                    : say.deleteRowSectionOutOfRange(path, sections: oldSectionCount)
            }
            guard let count = oldCounts[s] else { throw say.rowsUnknown(verb, path) }
            guard path.row >= 0, path.row < count else {
                throw verb == "move"
                    ? say.moveSourceOutOfRange(path, count: count) : say.deleteRowOutOfRange(path, count: count)
            }
            switch oldRole[s] {
            case .stays: break
            case .deleted, .reloaded:
                if verb == "move" { throw say.moveFromDeletedSection(s) }
                throw say.rowChangeInReplacedSection(verb, path, oldRole[s] == .deleted ? "deletes" : "reloads")
            case .moved:
                throw say.rowChangeInMovedSection(verb, verb == "reload" ? "in" : "from", s)
            }
        }

        for path in deletedRows {
            try checkOldRow(path, verb: "delete")
            guard oldFlags[path.section][path.row] & 1 == 0 else { throw say.rowTwice("delete", path) }
            oldFlags[path.section][path.row] |= 1
            deletedIn[path.section] += 1
        }
        for path in reloadedRows {
            try checkOldRow(path, verb: "reload")
            let flags = oldFlags[path.section][path.row]
            if flags & 1 != 0 { throw say.deleteAndReload(path) }
            if flags & 2 != 0 { throw say.rowTwice("reload", path) }
            oldFlags[path.section][path.row] |= 2
        }
        for move in movedRows {
            try checkOldRow(move.from, verb: "move")
            let flags = oldFlags[move.from.section][move.from.row]
            if flags & 3 != 0 { throw say.deleteAndMove(move.from) }
            if flags & 4 != 0 { throw say.moveFromTwice(move.from) }
            oldFlags[move.from.section][move.from.row] |= 4
            if newIndexOfOld[move.from.section] != move.to.section { movedOutOf[move.from.section] += 1 }
        }

        // MARK: rows after the update
        var insertedIn = [Int](repeating: 0, count: newSectionCount)
        var movedInto = [Int](repeating: 0, count: newSectionCount)
        for path in insertedRows {
            let t = path.section
            guard t >= 0, t < newSectionCount else { throw say.insertRowSectionOutOfRange(path, sections: newSectionCount) }
            switch newRole[t] {
            case .inserted: throw say.rowChangeInReplacedSection("insert", path, "inserts")
            case .moveTarget: throw say.rowChangeInMovedSection("insert", "into", t)
            case .free:
                if oldRole[oldIndexOfNew[t]] == .reloaded { throw say.rowChangeInReplacedSection("insert", path, "reloads") }
                if oldCounts[oldIndexOfNew[t]] == nil { throw say.rowsUnknown("insert", path) }
            }
            insertedIn[t] += 1
        }
        for move in movedRows {
            let t = move.to.section
            guard t >= 0, t < newSectionCount else { throw say.moveTargetSectionOutOfRange(move, sections: newSectionCount) }
            switch newRole[t] {
            case .inserted: throw say.moveIntoInsertedSection(t)
            case .moveTarget: throw say.rowChangeInMovedSection("move", "into", t)
            case .free:
                if oldRole[oldIndexOfNew[t]] == .reloaded { throw say.moveIntoInsertedSection(t) }
                if oldCounts[oldIndexOfNew[t]] == nil { throw say.rowsUnknown("move", move.to) }
            }
            if oldIndexOfNew[t] != move.from.section { movedInto[t] += 1 }
        }

        // Rows per kept section after the update: the data source's, or the batch's arithmetic.
        var newRowCounts = [Int?](repeating: nil, count: newSectionCount)
        for t in 0..<newSectionCount where newRole[t] != .inserted {
            let s = oldIndexOfNew[t]
            if oldRole[s] == .reloaded { continue }
            if let newCounts {
                newRowCounts[t] = newCounts[t]
            } else if let before = oldCounts[s] {
                newRowCounts[t] = before - deletedIn[s] + insertedIn[t] + movedInto[t] - movedOutOf[s]
            }
        }
        var newFlags: [[UInt8]] = newRowCounts.map { [UInt8](repeating: 0, count: max($0 ?? 0, 0)) }
        for path in insertedRows {
            let count = newRowCounts[path.section] ?? 0
            guard path.row >= 0, path.row < count else { throw say.insertRowOutOfRange(path, count: count) }
            guard newFlags[path.section][path.row] == 0 else { throw say.rowTwice("insert", path) }
            newFlags[path.section][path.row] = 1
        }
        for move in movedRows {
            let count = newRowCounts[move.to.section] ?? 0
            guard move.to.row >= 0, move.to.row < count else { throw say.moveTargetOutOfRange(move, count: count) }
            switch newFlags[move.to.section][move.to.row] {
            case 1: throw say.insertAndMove(move.to)
            case 2: throw say.moveToTwice(move.to)
            default: newFlags[move.to.section][move.to.row] = 2
            }
        }

        // MARK: count arithmetic per surviving section
        if let newCounts {
            for t in 0..<newSectionCount where newRole[t] != .inserted {
                let s = oldIndexOfNew[t]
                guard oldRole[s] != .reloaded, let before = oldCounts[s] else { continue }
                let expected = before - deletedIn[s] + insertedIn[t] + movedInto[t] - movedOutOf[s]
                if newCounts[t] != expected {
                    throw say.rowCount(
                        section: t, after: newCounts[t], before: before, inserted: insertedIn[t], deleted: deletedIn[s],
                        movedIn: movedInto[t], movedOut: movedOutOf[s])
                }
            }
        }

        // MARK: where every row lands
        var sources: [BatchPlan.RowSource?] = []
        var plan = BatchPlan(sections: [])
        plan.sections.reserveCapacity(newSectionCount)
        var targets: [[ListIndexPath?]] = newRowCounts.map { [ListIndexPath?](repeating: nil, count: max($0 ?? 0, 0)) }
        for move in movedRows { targets[move.to.section][move.to.row] = move.from }
        for t in 0..<newSectionCount {
            if newRole[t] == .inserted { plan.sections.append(.fresh); continue }
            let s = oldIndexOfNew[t]
            if oldRole[s] == .reloaded { plan.sections.append(.fresh); continue }
            guard let count = newRowCounts[t], let before = oldCounts[s] else {
                plan.sections.append(.unchanged(from: s))
                continue
            }
            sources.removeAll(keepingCapacity: true)
            for r in 0..<count {
                if newFlags[t][r] == 1 {
                    sources.append(.fresh)
                } else if let from = targets[t][r] {
                    sources.append(.old(from, reloaded: false))
                } else {
                    sources.append(nil)
                }
            }
            // Staying rows fill the free places in their old order.
            var place = 0
            for r in 0..<before where oldFlags[s][r] & 5 == 0 {
                while sources[place] != nil { place += 1 }
                sources[place] = .old(ListIndexPath(section: s, row: r), reloaded: oldFlags[s][r] & 2 != 0)
                place += 1
            }
            plan.sections.append(.rows(from: s, sources.map { $0! }))
        }
        return plan
    }
}
