/// The messages, in one place so that their wording can be reviewed against
/// UIKit's (see `Guides/BatchUpdates.md` for where each one comes from).
struct BatchMessages {
    let style: ListViewStyle

    // MARK: sections

    func sectionCount(after: Int, before: Int, inserted: Int, deleted: Int) -> BatchUpdateError {
        BatchUpdateError(
            "Invalid update: invalid number of sections. The number of sections contained in the \(style.container) "
                + "after the update (\(after)) must be equal to the number of sections contained in the "
                + "\(style.container) before the update (\(before)), plus or minus the number of sections inserted "
                + "or deleted (\(inserted) inserted, \(deleted) deleted).")
    }

    /// A section delete (or reload, which UIKit performs as a delete plus an insert) out of range.
    func deleteSectionOutOfRange(_ section: Int, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to delete section \(section), but there are only \(count) sections before the update")
    }

    func insertSectionOutOfRange(_ section: Int, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to insert section \(section) but there are only \(count) sections after the update")
    }

    func moveSectionSourceOutOfRange(_ section: Int, count: Int) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to move section \(section), but there are only \(count) sections before the update", uikit: false)
    }

    func moveSectionTargetOutOfRange(_ move: BatchUpdate.SectionMove, count: Int) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to move section \(move.from) to section \(move.to), but there are only \(count) sections after the update",
            uikit: false)
    }

    func deleteAndMoveSection(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to perform a delete and a move from the same section (\(section))")
    }

    func insertAndMoveSection(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to perform an insert and a move to the same section (\(section))")
    }

    func deleteAndReloadSection(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to delete and reload the same section (\(section))", uikit: false)
    }

    func sectionTwice(_ verb: String, _ section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to \(verb) section \(section) twice", uikit: false)
    }

    func twoSectionMovesTo(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to perform multiple moves to the same section (\(section))", uikit: false)
    }

    // MARK: rows

    func rowCount(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int
    ) -> BatchUpdateError {
        let n = style.nouns
        return BatchUpdateError(
            "Invalid update: invalid number of \(n) in section \(section). The number of \(n) contained in an "
                + "existing section after the update (\(after)) must be equal to the number of \(n) contained in "
                + "that section before the update (\(before)), plus or minus the number of \(n) inserted or "
                + "deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number "
                + "of \(n) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).")
    }

    /// A row delete (or reload: UIKit reports a reload's range error as a delete) past the end of its section.
    func deleteRowOutOfRange(_ path: ListIndexPath, count: Int) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to delete \(style.noun) \(path.row) from section \(path.section) which only contains "
                + "\(count) \(style.nouns) before the update")
    }

    func deleteRowSectionOutOfRange(_ path: ListIndexPath, sections: Int) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to delete \(style.noun) \(path.row) from section \(path.section), but there are only "
                + "\(sections) sections before the update")
    }

    func insertRowOutOfRange(_ path: ListIndexPath, count: Int) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to insert \(style.noun) \(path.row) into section \(path.section), but there are only "
                + "\(count) \(style.nouns) in section \(path.section) after the update")
    }

    func insertRowSectionOutOfRange(_ path: ListIndexPath, sections: Int) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to insert \(style.noun) \(path.row) into section \(path.section), but there are only "
                + "\(sections) sections after the update")
    }

    func moveSourceOutOfRange(_ path: ListIndexPath, count: Int) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to move index path (\(nsIndexPath(path))) that does not exist - there are only \(count) "
                + "\(style.nouns) in section \(path.section) before the update")
    }

    func moveSourceSectionOutOfRange(_ path: ListIndexPath, sections: Int) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to move index path (\(nsIndexPath(path))) that does not exist - there are only \(sections) "
                + "sections before the update", uikit: false)
    }

    func moveTargetOutOfRange(_ move: BatchUpdate.RowMove, count: Int) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to move index path (\(nsIndexPath(move.from))) to index path (\(nsIndexPath(move.to))) that "
                + "does not exist - there are only \(count) \(style.nouns) in section \(move.to.section) after the update")
    }

    func moveTargetSectionOutOfRange(_ move: BatchUpdate.RowMove, sections: Int) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to move index path (\(nsIndexPath(move.from))) to index path (\(nsIndexPath(move.to))) that "
                + "does not exist - there are only \(sections) sections after the update", uikit: false)
    }

    func deleteAndReload(_ path: ListIndexPath) -> BatchUpdateError {
        BatchUpdateError("attempt to delete and reload the same index path (\(nsIndexPath(path)))")
    }

    /// Also raised for a reload and a move of the same row: UIKit performs the reload as a delete.
    func deleteAndMove(_ path: ListIndexPath) -> BatchUpdateError {
        BatchUpdateError("attempt to perform a delete and a move from the same index path (\(nsIndexPath(path)))")
    }

    func insertAndMove(_ path: ListIndexPath) -> BatchUpdateError {
        BatchUpdateError("attempt to perform an insert and a move to the same index path (\(nsIndexPath(path)))")
    }

    func rowTwice(_ verb: String, _ path: ListIndexPath) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to \(verb) \(style.noun) \(path.row) \(Self.preposition(verb)) section \(path.section) twice", uikit: false)
    }

    func moveFromTwice(_ path: ListIndexPath) -> BatchUpdateError {
        BatchUpdateError("attempt to perform multiple moves from the same index path (\(nsIndexPath(path)))", uikit: false)
    }

    func moveToTwice(_ path: ListIndexPath) -> BatchUpdateError {
        BatchUpdateError("attempt to perform multiple moves to the same index path (\(nsIndexPath(path)))", uikit: false)
    }

    func moveFromDeletedSection(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("cannot move \(style.aNoun) from a deleted section (\(section))")
    }

    func moveIntoInsertedSection(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("cannot move \(style.aNoun) into a newly inserted section (\(section))")
    }

    /// Row changes inside a section that the same batch moves (UIKit miscounts them; see the guide).
    func rowChangeInMovedSection(_ verb: String, _ preposition: String, _ section: Int) -> BatchUpdateError {
        BatchUpdateError("cannot \(verb) \(style.aNoun) \(preposition) a moved section (\(section))", uikit: false)
    }

    /// Row changes inside a section that the same batch deletes, inserts or reloads as a whole.
    func rowChangeInReplacedSection(_ verb: String, _ path: ListIndexPath, _ what: String) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to \(verb) \(style.noun) \(path.row) \(Self.preposition(verb)) section \(path.section), "
                + "but the same update \(what) section \(path.section) as a whole", uikit: false)
    }

    /// How a row verb meets its section: delete from, insert into, reload in.
    private static func preposition(_ verb: String) -> String {
        verb == "delete" ? "from" : verb == "insert" ? "into" : "in"
    }

    /// Row changes in a section whose rows an earlier stage inserted or reloaded.
    func rowsUnknown(_ verb: String, _ path: ListIndexPath) -> BatchUpdateError {
        BatchUpdateError(
            "attempt to \(verb) index path (\(nsIndexPath(path))) in a section that an earlier stage inserted or "
                + "reloaded; DiffBench derives the data between stages only for sections whose rows later stages "
                + "leave alone", uikit: false)
    }
}
