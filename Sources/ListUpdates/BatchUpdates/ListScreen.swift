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
