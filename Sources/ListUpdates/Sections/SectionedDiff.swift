import DiffEngines

/// Diffs lists of sections into staged batch updates, with any engine.
///
/// Two levels, both run by the chosen engine:
/// 1. **Sections**: the section identities, old → new, give section deletes,
///    inserts and moves, and pair every surviving section with its new place.
/// 2. **Rows**: the rows of the surviving sections, flattened into one list
///    per side with a marker before each section (the marker of the k-th
///    surviving section has the same identity on both sides, so it anchors
///    the engine to the section boundaries). One flat diff finds row deletes,
///    inserts, moves and updates within and across sections. A matched row
///    whose section changed is a move even if the engine kept it in place
///    (UIKit keeps non-moved rows in their section); markers produce nothing.
///
/// Rows of deleted sections go with their section, rows of inserted sections
/// come with theirs: they are not in the flat lists, so a row that leaves a
/// deleted section for a surviving one is an insert (UIKit refuses "cannot
/// move an item from a deleted section") and one that goes into a new
/// section is a delete ("cannot move an item into a newly inserted section").
///
/// Stages (see `Guides/BatchUpdates.md`): normally one batch with the
/// section and row changes; if sections move and rows change inside moved
/// sections, the section changes come first and the row changes in a second
/// batch; reloads of moved rows always come last, at their new index paths.
///
/// - Complexity: the engine's on S sections, then on R + K elements (R rows
///   of the K surviving sections), plus O(S + R) for the translation.
public enum SectionedDiff {
    /// Diffs with the built-in engine called `engine`.
    ///
    /// - Complexity: the engine's on S sections, then on R + K rows and
    ///   markers (R rows of the K surviving sections), plus O(S + R).
    public static func diff<SectionID: Hashable & Sendable, Row: Identifiable & Equatable & Sendable>(
        engine: EngineName, old: [ListSection<SectionID, Row>], new: [ListSection<SectionID, Row>],
        options: DiffOptions = .default
    ) throws(DiffError) -> StagedBatches {
        // Through the built-ins' one dispatch, not `BuiltInEngine.engine`:
        // the visitor calls `diff(using:)` with a concrete engine type, which
        // the optimizer can specialize for that engine, instead of opening
        // an existential. (Section and row types stay generic here: this
        // function is not inlinable.)
        try BuiltInEngine(engine).visit(Sectioned(old: old, new: new, options: options))
    }

    /// The visitor that runs ``diff(using:old:new:options:)`` with a built-in.
    struct Sectioned<SectionID: Hashable & Sendable, Row: Identifiable & Equatable & Sendable>: DiffEngineVisitor {
        let old: [ListSection<SectionID, Row>], new: [ListSection<SectionID, Row>], options: DiffOptions
        func visit<E: DiffEngine>(_ engine: E) throws(DiffError) -> StagedBatches {
            try SectionedDiff.diff(using: engine, old: old, new: new, options: options)
        }
    }

    /// Diffs with any engine, one of another package's included.
    ///
    /// - Complexity: the engine's on S sections, then on R + K rows and
    ///   markers (R rows of the K surviving sections), plus O(S + R) to
    ///   flatten the sections and translate the flat changes to index paths.
    public static func diff<E: DiffEngine, SectionID: Hashable & Sendable, Row: Identifiable & Equatable & Sendable>(
        using engine: E, old: [ListSection<SectionID, Row>], new: [ListSection<SectionID, Row>],
        options: DiffOptions = .default
    ) throws(DiffError) -> StagedBatches {
        // Level 1: sections.
        let sectionChanges = try engine.diff(
            from: old.map(\.id), to: new.map(\.id), identity: ValueElements<SectionID>(), options: options)
        let sectionSource = try consistent(sectionChanges, oldCount: old.count, newCount: new.count, engine: E.name)
        var movedSectionSources = [Bool](repeating: false, count: old.count)
        var movedSectionTargets = [Bool](repeating: false, count: new.count)
        for move in sectionChanges.moves {
            movedSectionSources[move.from] = true
            movedSectionTargets[move.to] = true
        }

        // Level 2: rows of the surviving sections, with a marker per section.
        var keptOld: [Int] = []  // old section index of the k-th surviving section (in new order)
        var keptNew: [Int] = []  // its new section index
        for t in new.indices where sectionSource[t] >= 0 {
            keptOld.append(sectionSource[t])
            keptNew.append(t)
        }
        let (flatOld, oldPlace) = flatten(old, keptOld)
        let (flatNew, newPlace) = flatten(new, keptNew)
        let rowChanges = try engine.diff(
            from: flatOld, to: flatNew, identity: FlatIdentity<Row>(), options: options)
        let rowSource = try consistent(rowChanges, oldCount: flatOld.count, newCount: flatNew.count, engine: E.name)
        var isMoveTarget = [Bool](repeating: false, count: flatNew.count)
        for move in rowChanges.moves { isMoveTarget[move.to] = true }
        var isUpdated = [Bool](repeating: false, count: flatNew.count)
        for update in rowChanges.updates { isUpdated[update.new] = true }

        // Rows in terms of (surviving section, row); section indices are chosen per stage below.
        var ops = KeptRowChanges()
        var oldMatched = [Bool](repeating: false, count: flatOld.count)
        for j in flatNew.indices where newPlace[j].row >= 0 {
            let i = rowSource[j]
            guard i >= 0 else {
                ops.inserts.append(newPlace[j])
                continue
            }
            oldMatched[i] = true
            let from = oldPlace[i], to = newPlace[j]
            if isMoveTarget[j] || from.kept != to.kept {
                ops.moves.append((from, to))
                if isUpdated[j] { ops.reloadsAfterMoves.append(to) }
            } else if isUpdated[j] {
                ops.reloads.append(from)
            }
        }
        for i in flatOld.indices where oldPlace[i].row >= 0 && !oldMatched[i] { ops.deletes.append(oldPlace[i]) }

        // Do row changes touch a section that moves?
        let touchesMovedSection =
            ops.deletes.contains { movedSectionSources[keptOld[$0.kept]] }
            || ops.reloads.contains { movedSectionSources[keptOld[$0.kept]] }
            || ops.moves.contains { movedSectionSources[keptOld[$0.from.kept]] || movedSectionTargets[keptNew[$0.to.kept]] }
            || ops.inserts.contains { movedSectionTargets[keptNew[$0.kept]] }

        let sectionBatch = BatchUpdate(
            deletedSections: sectionChanges.deletes, insertedSections: sectionChanges.inserts,
            movedSections: sectionChanges.moves.map { BatchUpdate.SectionMove(from: $0.from, to: $0.to) })
        // Before the row batch, surviving section k sits at its old index if the
        // section changes happen in the same batch, at its new index otherwise.
        let rowsBefore = touchesMovedSection ? keptNew : keptOld
        func before(_ place: (kept: Int, row: Int)) -> ListIndexPath {
            ListIndexPath(section: rowsBefore[place.kept], row: place.row)
        }
        func after(_ place: (kept: Int, row: Int)) -> ListIndexPath {
            ListIndexPath(section: keptNew[place.kept], row: place.row)
        }
        var rowBatch = BatchUpdate(
            deletedRows: ops.deletes.map(before), insertedRows: ops.inserts.map(after),
            movedRows: ops.moves.map { BatchUpdate.RowMove(from: before($0.from), to: after($0.to)) },
            reloadedRows: ops.reloads.map(before))
        rowBatch = rowBatch.sorted()
        let reloadBatch = BatchUpdate(reloadedRows: ops.reloadsAfterMoves.map(after).sorted())

        var stages: [BatchUpdate]
        if touchesMovedSection {
            stages = [sectionBatch, rowBatch, reloadBatch]
        } else {
            var merged = rowBatch
            merged.deletedSections = sectionBatch.deletedSections
            merged.insertedSections = sectionBatch.insertedSections
            merged.movedSections = sectionBatch.movedSections
            stages = [merged, reloadBatch]
        }
        return StagedBatches(stages.filter { !$0.isEmpty })
    }

    /// The rows of the surviving sections `kept` (section indices, in new
    /// order) as one list, each section opened by its marker, and where each
    /// entry comes from: (surviving section, row), row -1 for a marker. O(R + K).
    private static func flatten<SectionID: Hashable & Sendable, Row: Identifiable & Equatable & Sendable>(
        _ sections: [ListSection<SectionID, Row>], _ kept: [Int]
    ) -> (flat: [FlatEntry<Row>], place: [(kept: Int, row: Int)]) {
        var flat: [FlatEntry<Row>] = []
        var place: [(kept: Int, row: Int)] = []
        for k in kept.indices {
            flat.append(.marker(k))
            place.append((k, -1))
            for (r, row) in sections[kept[k]].rows.enumerated() {
                flat.append(.row(row))
                place.append((k, r))
            }
        }
        return (flat, place)
    }

    /// The changeset's new → old map. A result that does not fit its input
    /// is a bug in the engine; engines can come from other packages, so it
    /// is reported as an error rather than trusted or trapped on.
    private static func consistent(_ changes: Changeset, oldCount: Int, newCount: Int, engine: EngineName)
        throws(DiffError) -> [Int]
    {
        do {
            return try changes.newToOld(oldCount: oldCount, newCount: newCount)
        } catch {
            throw .inconsistentChangeset(engine: engine.rawValue, problem: error.message)
        }
    }
}

/// Row changes of a sectioned diff, each place given as (surviving section
/// ordinal, row); the section index is chosen when the stages are built.
private struct KeptRowChanges {
    typealias Place = (kept: Int, row: Int)
    var deletes: [Place] = []
    var inserts: [Place] = []
    var moves: [(from: Place, to: Place)] = []
    /// Old places of staying rows whose content changed.
    var reloads: [Place] = []
    /// New places of moved rows whose content changed.
    var reloadsAfterMoves: [Place] = []
}
