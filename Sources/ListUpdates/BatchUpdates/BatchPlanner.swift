
/// The state of ``BatchUpdate/plan(oldCounts:newCounts:style:)`` between
/// its stages, each a method run once in the order `plan` calls them; a
/// stage reads what the ones before it filled in.
struct BatchPlanner {
    enum OldSectionRole: Equatable { case stays, deleted, reloaded, moved }
    enum NewSectionRole: Equatable { case free, inserted, moveTarget }

    let batch: BatchUpdate
    let oldCounts: [Int?]
    let newCounts: [Int]?
    let say: BatchMessages
    var oldSectionCount: Int { oldCounts.count }
    /// Sections after the update: the data source's count, or the batch's arithmetic.
    private(set) var newSectionCount = 0

    private var oldRole: [OldSectionRole] = []
    private var newRole: [NewSectionRole] = []
    /// Old section → new section, and back.
    private var newIndexOfOld: [Int] = []
    private var oldIndexOfNew: [Int] = []
    /// Bit flags per old row: 1 deleted, 2 reloaded, 4 moved away.
    private var oldFlags: [[UInt8]] = []
    private var deletedIn: [Int] = []
    private var movedOutOf: [Int] = []
    private var insertedIn: [Int] = []
    private var movedInto: [Int] = []
    /// Rows per kept section after the update (nil: unknown or replaced).
    private var newRowCounts: [Int?] = []
    /// Flags per new row: 1 inserted, 2 a move's target.
    private var newFlags: [[UInt8]] = []

    init(batch: BatchUpdate, oldCounts: [Int?], newCounts: [Int]?, say: BatchMessages) {
        self.batch = batch
        self.oldCounts = oldCounts
        self.newCounts = newCounts
        self.say = say
    }

    /// Deletes, reloads and move sources against the sections before the update.
    mutating func checkOldSections() throws(BatchUpdateError) {
        oldRole = [OldSectionRole](repeating: .stays, count: oldSectionCount)
        for s in batch.deletedSections {
            guard s >= 0, s < oldSectionCount else { throw say.deleteSectionOutOfRange(s, count: oldSectionCount) }
            guard oldRole[s] == .stays else { throw say.sectionTwice("delete", s) }
            oldRole[s] = .deleted
        }
        for s in batch.reloadedSections {
            guard s >= 0, s < oldSectionCount else { throw say.deleteSectionOutOfRange(s, count: oldSectionCount) }
            switch oldRole[s] {
            case .deleted: throw say.deleteAndReloadSection(s)
            case .reloaded: throw say.sectionTwice("reload", s)
            default: oldRole[s] = .reloaded
            }
        }
        for move in batch.movedSections {
            guard move.from >= 0, move.from < oldSectionCount else {
                throw say.moveSectionSourceOutOfRange(move.from, count: oldSectionCount)
            }
            switch oldRole[move.from] {
            case .deleted, .reloaded: throw say.deleteAndMoveSection(move.from)
            case .moved: throw say.sectionTwice("move", move.from)
            case .stays: oldRole[move.from] = .moved
            }
        }
    }

    /// Inserts and move targets against the sections after the update, then the section count.
    mutating func checkNewSections() throws(BatchUpdateError) {
        let arithmeticSectionCount = oldSectionCount - batch.deletedSections.count + batch.insertedSections.count
        newSectionCount = newCounts?.count ?? arithmeticSectionCount
        newRole = [NewSectionRole](repeating: .free, count: max(newSectionCount, 0))
        for t in batch.insertedSections {
            guard t >= 0, t < newSectionCount else { throw say.insertSectionOutOfRange(t, count: newSectionCount) }
            guard newRole[t] == .free else { throw say.sectionTwice("insert", t) }
            newRole[t] = .inserted
        }
        for move in batch.movedSections {
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
                after: newSectionCount, before: oldSectionCount, inserted: batch.insertedSections.count,
                deleted: batch.deletedSections.count)
        }
    }

    /// Old section → new section, and back: moves where they say, staying and
    /// reloaded sections in the free places in order.
    mutating func mapSections() {
        newIndexOfOld = [Int](repeating: -1, count: oldSectionCount)
        oldIndexOfNew = [Int](repeating: -1, count: newSectionCount)
        for move in batch.movedSections {
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
    }

    /// Checks that an old index path exists and that its section keeps its identity in this batch.
    private func checkOldRow(_ path: ListIndexPath, verb: String) throws(BatchUpdateError) {
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

    /// Deleted, reloaded and moved-away rows against the rows before the update.
    mutating func checkOldRows() throws(BatchUpdateError) {
        oldFlags = oldCounts.map { [UInt8](repeating: 0, count: $0 ?? 0) }
        deletedIn = [Int](repeating: 0, count: oldSectionCount)
        movedOutOf = [Int](repeating: 0, count: oldSectionCount)
        for path in batch.deletedRows {
            try checkOldRow(path, verb: "delete")
            guard oldFlags[path.section][path.row] & 1 == 0 else { throw say.rowTwice("delete", path) }
            oldFlags[path.section][path.row] |= 1
            deletedIn[path.section] += 1
        }
        for path in batch.reloadedRows {
            try checkOldRow(path, verb: "reload")
            let flags = oldFlags[path.section][path.row]
            if flags & 1 != 0 { throw say.deleteAndReload(path) }
            if flags & 2 != 0 { throw say.rowTwice("reload", path) }
            oldFlags[path.section][path.row] |= 2
        }
        for move in batch.movedRows {
            try checkOldRow(move.from, verb: "move")
            let flags = oldFlags[move.from.section][move.from.row]
            if flags & 3 != 0 { throw say.deleteAndMove(move.from) }
            if flags & 4 != 0 { throw say.moveFromTwice(move.from) }
            oldFlags[move.from.section][move.from.row] |= 4
            if newIndexOfOld[move.from.section] != move.to.section { movedOutOf[move.from.section] += 1 }
        }
    }

    /// Inserted rows and move targets against the sections after the update.
    mutating func checkNewRows() throws(BatchUpdateError) {
        insertedIn = [Int](repeating: 0, count: newSectionCount)
        movedInto = [Int](repeating: 0, count: newSectionCount)
        for path in batch.insertedRows {
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
        for move in batch.movedRows {
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
    }

    /// The batch's arithmetic for kept new section `t` (old section `s`).
    private func arithmeticRows(_ t: Int, _ s: Int, before: Int) -> Int {
        before - deletedIn[s] + insertedIn[t] + movedInto[t] - movedOutOf[s]
    }

    /// Rows per kept section after the update (the data source's, or the
    /// batch's arithmetic), then inserted rows and move targets against them.
    mutating func placeNewRows() throws(BatchUpdateError) {
        newRowCounts = [Int?](repeating: nil, count: newSectionCount)
        for t in 0..<newSectionCount where newRole[t] != .inserted {
            let s = oldIndexOfNew[t]
            if oldRole[s] == .reloaded { continue }
            if let newCounts {
                newRowCounts[t] = newCounts[t]
            } else if let before = oldCounts[s] {
                newRowCounts[t] = arithmeticRows(t, s, before: before)
            }
        }
        newFlags = newRowCounts.map { [UInt8](repeating: 0, count: max($0 ?? 0, 0)) }
        for path in batch.insertedRows {
            let count = newRowCounts[path.section] ?? 0
            guard path.row >= 0, path.row < count else { throw say.insertRowOutOfRange(path, count: count) }
            guard newFlags[path.section][path.row] == 0 else { throw say.rowTwice("insert", path) }
            newFlags[path.section][path.row] = 1
        }
        for move in batch.movedRows {
            let count = newRowCounts[move.to.section] ?? 0
            guard move.to.row >= 0, move.to.row < count else { throw say.moveTargetOutOfRange(move, count: count) }
            switch newFlags[move.to.section][move.to.row] {
            case 1: throw say.insertAndMove(move.to)
            case 2: throw say.moveToTwice(move.to)
            default: newFlags[move.to.section][move.to.row] = 2
            }
        }
    }

    /// The data source's count of every surviving section against the batch's arithmetic.
    func checkRowCounts() throws(BatchUpdateError) {
        guard let newCounts else { return }
        for t in 0..<newSectionCount where newRole[t] != .inserted {
            let s = oldIndexOfNew[t]
            guard oldRole[s] != .reloaded, let before = oldCounts[s] else { continue }
            let expected = arithmeticRows(t, s, before: before)
            if newCounts[t] != expected {
                throw say.rowCount(
                    section: t, after: newCounts[t], before: before, inserted: insertedIn[t], deleted: deletedIn[s],
                    movedIn: movedInto[t], movedOut: movedOutOf[s])
            }
        }
    }

    /// Where every row lands: inserted rows and move targets where they say,
    /// staying rows in the free places in their old order.
    func landing() -> BatchPlan {
        var sources: [BatchPlan.RowSource?] = []
        var plan = BatchPlan(sections: [])
        plan.sections.reserveCapacity(newSectionCount)
        var targets: [[ListIndexPath?]] = newRowCounts.map { [ListIndexPath?](repeating: nil, count: max($0 ?? 0, 0)) }
        for move in batch.movedRows { targets[move.to.section][move.to.row] = move.from }
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
