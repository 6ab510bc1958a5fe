
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

/// Why ``ListViewState/check(_:from:expecting:style:)`` rejected staged batches.
public struct BatchValidationFailure: Error, Hashable, Sendable, CustomStringConvertible {
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
/// sections and rows whose value is only known from the final data
/// (inserted or reloaded by an intermediate stage). Each such value gets a
/// token; the final stage records what every token turned out to be, so the
/// intermediate screens can be written out afterwards.
struct ListScreen<SectionID: Hashable & Sendable, Row: Identifiable & Equatable & Sendable> {
    enum Cell {
        /// Shows this value.
        case shown(Row)
        /// Inserted by an earlier stage: shows whatever the final data has at its final place.
        case pendingInsert(token: Int)
        /// Reloaded by an earlier stage: this row, with the final data's content.
        case pendingReload(Row, token: Int)
    }

    struct Section {
        /// nil while the section's identity is only known from the final data.
        var id: SectionID?
        /// nil while the section's rows are only known from the final data.
        var cells: [Cell]?
        /// Names the pending identity and rows, if any.
        var token: Int
    }

    /// What pending values turned out to be.
    struct Resolution {
        var rows: [Int: Row] = [:]
        var sectionIDs: [Int: SectionID] = [:]
        var sectionRows: [Int: [Row]] = [:]
        var nextToken = 0

        mutating func token() -> Int {
            nextToken += 1
            return nextToken
        }
    }

    var sections: [Section]

    init(sections: [Section]) { self.sections = sections }

    init(_ state: ListViewState<SectionID, Row>) {
        sections = state.sections.map { Section(id: $0.id, cells: $0.rows.map(Cell.shown), token: 0) }
    }

    var rowCounts: [Int?] { sections.map { $0.cells?.count } }

    /// The screen after a checked batch. With a data source every cell is
    /// resolved against it (and recorded in `resolution`); without one (an
    /// intermediate stage) fresh values stay pending.
    func applying(
        _ plan: BatchPlan, dataSource: ListViewState<SectionID, Row>?, resolution: inout Resolution
    ) -> ListScreen {
        var result = ListScreen(sections: [])
        result.sections.reserveCapacity(plan.sections.count)
        for (t, source) in plan.sections.enumerated() {
            let target = dataSource?.sections[t]
            var section: Section
            switch source {
            case .fresh:
                section = Section(id: nil, cells: nil, token: resolution.token())
            case let .unchanged(s):
                section = sections[s]
            case let .rows(s, rowSources):
                section = sections[s]
                var cells: [Cell] = []
                cells.reserveCapacity(rowSources.count)
                for (r, rowSource) in rowSources.enumerated() {
                    switch rowSource {
                    case .fresh:
                        cells.append(.pendingInsert(token: resolution.token()))
                    case let .old(path, reloaded):
                        let cell = sections[path.section].cells![path.row]
                        cells.append(Self.carry(cell, reloaded: reloaded, resolution: &resolution))
                    }
                    if let target { cells[r] = Self.resolve(cells[r], with: target.rows[r], resolution: &resolution) }
                }
                section.cells = cells
            }
            if let target {
                if section.id == nil {
                    section.id = target.id
                    resolution.sectionIDs[section.token] = target.id
                }
                if section.cells == nil {
                    section.cells = target.rows.map(Cell.shown)
                    resolution.sectionRows[section.token] = target.rows
                }
            }
            result.sections.append(section)
        }
        return result
    }

    /// A kept cell after the batch: a reload makes its content pending
    /// (never its identity: reloading does not turn one item into another).
    private static func carry(_ cell: Cell, reloaded: Bool, resolution: inout Resolution) -> Cell {
        guard reloaded, case let .shown(row) = cell else { return cell }
        return .pendingReload(row, token: resolution.token())
    }

    /// A cell against the data source's row at its place: inserted cells show
    /// that row; reloaded cells take its content when it is the same item.
    private static func resolve(_ cell: Cell, with wanted: Row, resolution: inout Resolution) -> Cell {
        switch cell {
        case .shown:
            return cell
        case let .pendingInsert(token):
            resolution.rows[token] = wanted
            return .shown(wanted)
        case let .pendingReload(row, token):
            let shown = wanted.id == row.id ? wanted : row
            resolution.rows[token] = shown
            return .shown(shown)
        }
    }

    /// The screen as a state, pending values replaced by what they turned
    /// out to be; nil when one never turned out (deleted before the end).
    /// After a stage with a data source nothing is pending, so it is never nil.
    func materialized(_ resolution: Resolution) -> ListViewState<SectionID, Row>? {
        var result: [ListSection<SectionID, Row>] = []
        result.reserveCapacity(sections.count)
        for section in sections {
            guard let id = section.id ?? resolution.sectionIDs[section.token] else { return nil }
            var rows: [Row] = []
            if let cells = section.cells {
                rows.reserveCapacity(cells.count)
                for cell in cells {
                    switch cell {
                    case let .shown(row): rows.append(row)
                    case let .pendingInsert(token), let .pendingReload(_, token):
                        guard let row = resolution.rows[token] else { return nil }
                        rows.append(row)
                    }
                }
            } else {
                guard let known = resolution.sectionRows[section.token] else { return nil }
                rows = known
            }
            result.append(ListSection(id: id, rows: rows))
        }
        return ListViewState(sections: result)
    }
}
