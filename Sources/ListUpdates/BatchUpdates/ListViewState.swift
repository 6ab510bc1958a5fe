
/// What a list view shows: sections, each with its identity and its rows
/// (a row is its identity plus its content, through `Identifiable & Equatable`).
///
/// The model stands in for `UICollectionView` / `UITableView` on Linux:
/// ``applying(_:dataSource:style:)`` performs one `performBatchUpdates` with
/// UIKit's consistency checks, and ``validate(_:from:expecting:style:)``
/// checks a whole list of staged batches and that the screen ends up showing
/// the new data. See `Guides/BatchUpdates.md`.
public struct ListViewState<SectionID: Hashable & Sendable, Row: Identifiable & Equatable & Sendable>: Equatable, Sendable {
    public var sections: [ListSection<SectionID, Row>]

    public init(sections: [ListSection<SectionID, Row>]) { self.sections = sections }

    /// A flat list: one section with the given identity.
    public init(rows: [Row], sectionID: SectionID) {
        self.sections = [ListSection(id: sectionID, rows: rows)]
    }

    /// Rows per section.
    public var rowCounts: [Int] { sections.map(\.rows.count) }

    /// Performs one batch update as `performBatchUpdates` would, with
    /// `dataSource` holding the app's data after the update.
    ///
    /// Throws UIKit's `NSInternalInconsistencyException` message when UIKit
    /// would refuse the batch. Otherwise returns what the list view shows:
    /// staying and moved rows keep the cell they had (their old value),
    /// inserted and reloaded rows show the data source's value at their new
    /// position. A batch that passes can still leave the screen wrong (a
    /// missing reload keeps old content; a wrong move shows the wrong item);
    /// compare the result with `dataSource` to see it, or use
    /// ``validate(_:from:expecting:style:)``.
    ///
    /// - Complexity: O(S + R + K) for S sections, R rows and K operations.
    public func applying(
        _ batch: BatchUpdate, dataSource: ListViewState, style: ListViewStyle = .collectionView
    ) throws(BatchUpdateError) -> ListViewState {
        let screen = ListScreen(self)
        let plan = try batch.plan(oldCounts: screen.rowCounts, newCounts: dataSource.rowCounts, style: style)
        var resolution = ListScreen<SectionID, Row>.Resolution()
        return screen.applying(plan, dataSource: dataSource, resolution: &resolution).materialized(resolution)!
    }

    /// Checks staged batches: every stage must pass UIKit's checks, and after
    /// the last one the list view must show exactly `new` (same sections,
    /// same row identities in the same places, same contents). Returns nil
    /// when it does, or the first problem, prefixed with the stage.
    ///
    /// The data source before the last stage is `new`. Before an earlier stage
    /// it is what the stages so far make of `old`: staying and moved rows keep
    /// their old value, inserted and reloaded rows take the value they have in
    /// `new` (this is how a staged changeset is meant to be used). Rows of a
    /// section inserted or reloaded by an earlier stage are only known at the
    /// end, so later stages may move that section but not change its rows.
    ///
    /// - Complexity: O(stages × (S + R) + K).
    public static func validate(
        _ batches: StagedBatches, from old: ListViewState, expecting new: ListViewState,
        style: ListViewStyle = .collectionView
    ) -> String? {
        check(batches, from: old, expecting: new, style: style)?.description
    }

    /// ``validate(_:from:expecting:style:)`` with the failure's parts.
    ///
    /// - Complexity: O(stages × (S + R) + K).
    public static func check(
        _ batches: StagedBatches, from old: ListViewState, expecting new: ListViewState,
        style: ListViewStyle = .collectionView
    ) -> BatchValidationFailure? {
        run(batches, from: old, expecting: new, style: style).failure
    }

    /// The data the app holds around each stage: `old`, the data to install
    /// before stage 2, …, `new` (stages + 1 states), as
    /// ``validate(_:from:expecting:style:)`` derives them. An app applying
    /// staged batches sets its data source to `states[k]` right before calling
    /// `performBatchUpdates` for stage k (counting from 1).
    ///
    /// - Complexity: O(stages × (S + R) + K): the validation, then one
    ///   materialized state per stage.
    public static func stageStates(
        _ batches: StagedBatches, from old: ListViewState, expecting new: ListViewState,
        style: ListViewStyle = .collectionView
    ) throws(BatchValidationFailure) -> [ListViewState] {
        let outcome = run(batches, from: old, expecting: new, style: style)
        if let failure = outcome.failure { throw failure }
        var states: [ListViewState] = []
        for (index, screen) in outcome.screens.enumerated() {
            guard let state = screen.materialized(outcome.resolution) else {
                throw BatchValidationFailure(
                    stage: index, stageCount: batches.stages.count,
                    message: "the data after this stage cannot be derived: a later stage deletes a section or "
                        + "\(style.noun) that an earlier stage inserted or reloaded, so the final data never says what it was",
                    kind: .refused)
            }
            states.append(state)
        }
        return states
    }

    private static func run(
        _ batches: StagedBatches, from old: ListViewState, expecting new: ListViewState, style: ListViewStyle
    ) -> (failure: BatchValidationFailure?, screens: [ListScreen<SectionID, Row>], resolution: ListScreen<SectionID, Row>.Resolution) {
        let stages = batches.stages
        var resolution = ListScreen<SectionID, Row>.Resolution()
        var screens = [ListScreen(old)]
        guard !stages.isEmpty else {
            guard let difference = old.firstDifference(showing: new, style: style) else { return (nil, screens, resolution) }
            return (BatchValidationFailure(stage: nil, stageCount: 0, message: difference, kind: .wrongScreen), screens, resolution)
        }
        var screen = screens[0]
        for (index, batch) in stages.enumerated() {
            let isLast = index == stages.count - 1
            do {
                let plan = try batch.plan(
                    oldCounts: screen.rowCounts, newCounts: isLast ? new.rowCounts : nil, style: style)
                screen = screen.applying(plan, dataSource: isLast ? new : nil, resolution: &resolution)
                screens.append(screen)
            } catch {
                let failure = BatchValidationFailure(
                    stage: index + 1, stageCount: stages.count, message: error.message,
                    kind: error.isUIKitWording ? .uikitException : .refused)
                return (failure, screens, resolution)
            }
        }
        guard let difference = screen.materialized(resolution)!.firstDifference(showing: new, style: style) else {
            return (nil, screens, resolution)
        }
        let failure = BatchValidationFailure(stage: stages.count, stageCount: stages.count, message: difference, kind: .wrongScreen)
        return (failure, screens, resolution)
    }

    /// The first place where this screen differs from `expected`, in words, or nil.
    ///
    /// - Complexity: O(S + R), one comparison per section and row.
    public func firstDifference(showing expected: ListViewState, style: ListViewStyle = .collectionView) -> String? {
        guard sections.count == expected.sections.count else {
            return "the \(style.container) shows \(sections.count) sections, but the data source has \(expected.sections.count)"
        }
        for (t, (shown, wanted)) in zip(sections, expected.sections).enumerated() {
            guard shown.id == wanted.id else {
                return "section \(t) shows section \(shown.id), but the data source has section \(wanted.id) there"
            }
            guard shown.rows.count == wanted.rows.count else {
                return "section \(t) shows \(shown.rows.count) \(style.nouns), but the data source has \(wanted.rows.count)"
            }
            for (r, (row, wantedRow)) in zip(shown.rows, wanted.rows).enumerated() where row != wantedRow {
                let path = ListIndexPath(section: t, row: r)
                if row.id != wantedRow.id {
                    return "\(style.noun) \(path) shows \(row.id), but the data source has \(wantedRow.id) there "
                        + "(the batch moved the wrong \(style.nouns))"
                }
                return "\(style.noun) \(path) (\(row.id)) still shows its old content \(row), but the data source has "
                    + "\(wantedRow) (a reload is missing)"
            }
        }
        return nil
    }
}

extension ListViewState where SectionID == Int {
    /// A flat list: one section, identity 0.
    public init(rows: [Row]) { self.init(rows: rows, sectionID: 0) }
}
