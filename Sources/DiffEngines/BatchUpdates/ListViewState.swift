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
    /// Complexity: O(S + R + K) for S sections, R rows and K operations.
    public func applying(
        _ batch: BatchUpdate, dataSource: ListViewState, style: ListViewStyle = .collectionView
    ) throws(BatchUpdateError) -> ListViewState {
        let screen = ListScreen(self)
        let plan = try batch.plan(oldCounts: screen.rowCounts, newCounts: dataSource.rowCounts, style: style)
        return screen.applying(plan, dataSource: dataSource).resolved()
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
    /// Complexity: O(stages × (S + R) + K).
    public static func validate(
        _ batches: StagedBatches, from old: ListViewState, expecting new: ListViewState,
        style: ListViewStyle = .collectionView
    ) -> String? {
        check(batches, from: old, expecting: new, style: style)?.description
    }

    /// ``validate(_:from:expecting:style:)`` with the failure's parts.
    public static func check(
        _ batches: StagedBatches, from old: ListViewState, expecting new: ListViewState,
        style: ListViewStyle = .collectionView
    ) -> BatchValidationFailure? {
        let stages = batches.stages
        guard !stages.isEmpty else {
            guard let difference = old.firstDifference(showing: new, style: style) else { return nil }
            return BatchValidationFailure(stage: nil, stageCount: 0, message: difference, kind: .wrongScreen)
        }
        var screen = ListScreen(old)
        for (index, batch) in stages.enumerated() {
            let isLast = index == stages.count - 1
            do {
                let plan = try batch.plan(
                    oldCounts: screen.rowCounts, newCounts: isLast ? new.rowCounts : nil, style: style)
                screen = screen.applying(plan, dataSource: isLast ? new : nil)
            } catch {
                return BatchValidationFailure(
                    stage: index + 1, stageCount: stages.count, message: error.message,
                    kind: error.isUIKitWording ? .uikitException : .refused)
            }
        }
        guard let difference = screen.resolved().firstDifference(showing: new, style: style) else { return nil }
        return BatchValidationFailure(stage: stages.count, stageCount: stages.count, message: difference, kind: .wrongScreen)
    }

    /// The first place where this screen differs from `expected`, in words, or nil.
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

/// Why ``ListViewState/check(_:from:expecting:style:)`` rejected staged batches.
public struct BatchValidationFailure: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// UIKit would raise `NSInternalInconsistencyException` with this message.
        case uikitException
        /// A batch DiffBench refuses (UIKit mishandles it without a clear message).
        case refused
        /// Every batch passes, but the list view does not end up showing the new data.
        case wrongScreen
    }

    /// 1-based stage, or nil when there are no stages and old differs from new.
    public var stage: Int?
    public var stageCount: Int
    public var message: String
    public var kind: Kind

    public var description: String {
        guard let stage else { return "no batch updates, but \(message)" }
        switch kind {
        case .wrongScreen: return "after batch \(stage) of \(stageCount): \(message)"
        default: return "batch \(stage) of \(stageCount): \(message)"
        }
    }
}

/// The screen during validation: like ``ListViewState`` but able to hold
/// rows whose value is only known from the final data (inserted or reloaded
/// by an intermediate stage).
struct ListScreen<SectionID: Hashable & Sendable, Row: Identifiable & Equatable & Sendable> {
    enum Cell {
        /// Shows this value.
        case shown(Row)
        /// Inserted by an earlier stage: shows whatever the final data has at its final place.
        case pendingInsert
        /// Reloaded by an earlier stage: this row, with the final data's content.
        case pendingReload(Row)
    }

    struct Section {
        /// nil while the section's identity is only known from the final data.
        var id: SectionID?
        /// nil while the section's rows are only known from the final data.
        var cells: [Cell]?
    }

    var sections: [Section]

    init(sections: [Section]) { self.sections = sections }

    init(_ state: ListViewState<SectionID, Row>) {
        sections = state.sections.map { Section(id: $0.id, cells: $0.rows.map(Cell.shown)) }
    }

    var rowCounts: [Int?] { sections.map { $0.cells?.count } }

    /// The screen after a checked batch. With a data source every cell is
    /// resolved against it; without one (an intermediate stage) fresh cells
    /// stay pending.
    func applying(_ plan: BatchPlan, dataSource: ListViewState<SectionID, Row>?) -> ListScreen {
        var result = ListScreen(sections: [])
        result.sections.reserveCapacity(plan.sections.count)
        for (t, source) in plan.sections.enumerated() {
            let target = dataSource?.sections[t]
            switch source {
            case .fresh:
                result.sections.append(Section(id: target?.id, cells: target.map { $0.rows.map(Cell.shown) }))
            case let .unchanged(s):
                let old = sections[s]
                result.sections.append(
                    Section(id: old.id ?? target?.id, cells: old.cells ?? target.map { $0.rows.map(Cell.shown) }))
            case let .rows(s, rowSources):
                let old = sections[s]
                var cells: [Cell] = []
                cells.reserveCapacity(rowSources.count)
                for (r, rowSource) in rowSources.enumerated() {
                    let wanted = target?.rows[r]
                    switch rowSource {
                    case .fresh:
                        cells.append(wanted.map(Cell.shown) ?? .pendingInsert)
                    case let .old(path, reloaded):
                        let cell = sections[path.section].cells![path.row]
                        cells.append(Self.carry(cell, reloaded: reloaded, wanted: wanted))
                    }
                }
                result.sections.append(Section(id: old.id ?? target?.id, cells: cells))
            }
        }
        return result
    }

    /// A kept cell after the batch: a reload takes the data source's content
    /// (never its identity: reloading does not turn one item into another);
    /// with a data source, pending cells resolve.
    private static func carry(_ cell: Cell, reloaded: Bool, wanted: Row?) -> Cell {
        let identity: Row?
        switch cell {
        case let .shown(row):
            if !reloaded { return cell }
            identity = row
        case .pendingInsert:
            return wanted.map(Cell.shown) ?? .pendingInsert
        case let .pendingReload(row):
            identity = row
        }
        guard let row = identity else { return cell }
        guard let wanted else { return .pendingReload(row) }
        return .shown(wanted.id == row.id ? wanted : row)
    }

    /// The screen as a state. Only called after a stage that had a data
    /// source, when nothing is pending any more.
    func resolved() -> ListViewState<SectionID, Row> {
        ListViewState(
            sections: sections.map { section in
                ListSection(
                    id: section.id!,
                    rows: section.cells!.map { cell in
                        switch cell {
                        case let .shown(row): return row
                        case let .pendingReload(row): return row
                        case .pendingInsert: preconditionFailure("a pending cell survived the final stage")
                        }
                    })
            })
    }
}
