
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
    /// The checks come in UIKit's order (``BatchPlanner``'s stages): every
    /// operation against its index space (sections, then rows before the
    /// update, then rows after it), conflicts between operations, then the
    /// count arithmetic. The first failing check is the error, so the order
    /// of the stages is part of the contract.
    ///
    /// - Complexity: O(S + R + K) for S sections, R rows and K operations (flag
    ///   arrays, no hashing).
    func plan(oldCounts: [Int?], newCounts: [Int]?, style: ListViewStyle) throws(BatchUpdateError) -> BatchPlan {
        var planner = BatchPlanner(batch: self, oldCounts: oldCounts, newCounts: newCounts, say: BatchMessages(style: style))
        try planner.checkOldSections()
        try planner.checkNewSections()
        planner.mapSections()
        try planner.checkOldRows()
        try planner.checkNewRows()
        try planner.placeNewRows()
        try planner.checkRowCounts()
        return planner.landing()
    }
}
