import DiffEngines
import Testing
import DiffBenchTestSupport
import ListUpdates

/// The module's seeded SplitMix64 (TestSupport.swift): every random case replays from its seed.
private typealias BatchTestRandom = TestRandom

/// A feed post: identity plus content.
private struct Cell: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var content: Int
    var description: String { "\(id):\(content)" }
}

private typealias Screen = ListViewState<String, Cell>

private func cells(_ ids: [Int], content: Int = 0) -> [Cell] { ids.map { Cell(id: $0, content: content) } }
private func flat(_ ids: [Int]) -> Screen { Screen(rows: cells(ids), sectionID: "s") }
private func path(_ section: Int, _ row: Int) -> ListIndexPath { ListIndexPath(section: section, row: row) }
private func move(_ from: ListIndexPath, _ to: ListIndexPath) -> BatchUpdate.RowMove { .init(from: from, to: to) }

/// The error message a batch raises, or nil.
private func failure(
    _ batch: BatchUpdate, from old: Screen, to dataSource: Screen, style: ListViewStyle = .collectionView
) -> String? {
    do {
        _ = try old.applying(batch, dataSource: dataSource, style: style)
        return nil
    } catch {
        return error.message
    }
}

@Suite("Batch updates: UIKit's two famous crashes")
struct FamousCrashTests {
    @Test("the data source grew by 59 while the batch inserts 40")
    func invalidNumberOfItems() {
        let old = flat(Array(0..<154))
        let new = flat(Array(0..<213))
        let batch = BatchUpdate(insertedRows: (0..<40).map { path(0, $0) })
        #expect(
            failure(batch, from: old, to: new)
                == "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (213) must be equal to the number of items contained in that section before the update (154), plus or minus the number of items inserted or deleted from that section (40 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
        )
    }

    @Test("an insert at the count of the section after the update")
    func insertPastTheEnd() {
        let old = flat(Array(0..<5))
        let new = flat(Array(0..<6))
        let batch = BatchUpdate(insertedRows: [path(0, 6)])
        #expect(
            failure(batch, from: old, to: new)
                == "attempt to insert item 6 into section 0, but there are only 6 items in section 0 after the update")
    }

    @Test("table view wording speaks of rows")
    func tableViewWording() {
        let old = flat(Array(0..<4))
        let new = flat(Array(0..<5))
        #expect(
            failure(BatchUpdate(), from: old, to: new, style: .tableView)
                == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (4), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
        )
        #expect(
            failure(BatchUpdate(deletedRows: [path(0, 4)]), from: old, to: flat(Array(0..<3)), style: .tableView)
                == "attempt to delete row 4 from section 0 which only contains 4 rows before the update")
    }
}

@Suite("Batch updates: the insert-at-the-end, delete-at-the-start trap")
struct IndexSpaceTrapTests {
    // Old: 0…9. New: 3…9 then 10, 11, 12 (three appended, the first three removed).
    fileprivate let old = flat(Array(0..<10))
    fileprivate let new = flat(Array(3..<13))

    @Test("inserts at the old end indices (thinking of the inserts as done first) crash")
    func sequentialThinkingCrashes() {
        let batch = BatchUpdate(deletedRows: [path(0, 0), path(0, 1), path(0, 2)], insertedRows: [path(0, 10), path(0, 11), path(0, 12)])
        #expect(
            failure(batch, from: old, to: new)
                == "attempt to insert item 10 into section 0, but there are only 10 items in section 0 after the update")
    }

    @Test("deletes name old indices, inserts new indices")
    func uikitIndicesWork() throws {
        let batch = BatchUpdate(deletedRows: [path(0, 0), path(0, 1), path(0, 2)], insertedRows: [path(0, 7), path(0, 8), path(0, 9)])
        #expect(try old.applying(batch, dataSource: new) == new)
    }

    @Test("every engine's batch for the trap is deletes 0…2 and inserts 7…9", arguments: EngineName.builtIns)
    func enginesGetItRight(engine: EngineName) throws {
        let changeset = try BuiltInEngine.diff(
            engine, from: old.sections[0].rows, to: new.sections[0].rows, identity: IdentifiedElements<Cell>())
        let staged = try StagedBatches.make(from: changeset, oldCount: 10, newCount: 10)
        #expect(staged.stages.count == 1)
        #expect(staged.stages.first?.deletedRows == [path(0, 0), path(0, 1), path(0, 2)])
        #expect(staged.stages.first?.insertedRows == [path(0, 7), path(0, 8), path(0, 9)])
        #expect(ListViewState.validate(staged, from: old, expecting: new) == nil)
    }
}

@Suite("Batch updates: UIKit's consistency checks")
struct ConsistencyCheckTests {
    fileprivate let old = Screen(sections: [
        ListSection(id: "a", rows: cells([1, 2, 3])), ListSection(id: "b", rows: cells([4, 5])),
    ])

    @Test("a delete past the end of its section")
    func deleteOutOfRange() {
        let new = Screen(sections: [ListSection(id: "a", rows: cells([1, 2, 3])), ListSection(id: "b", rows: cells([4]))])
        #expect(
            failure(BatchUpdate(deletedRows: [path(1, 2)]), from: old, to: new)
                == "attempt to delete item 2 from section 1 which only contains 2 items before the update")
    }

    @Test("a delete in a section that does not exist")
    func deleteInMissingSection() {
        #expect(
            failure(BatchUpdate(deletedRows: [path(2, 0)]), from: old, to: old)
                == "attempt to delete item 0 from section 2, but there are only 2 sections before the update")
    }

    @Test("a reload past the end is reported as a delete, as UIKit does")
    func reloadOutOfRange() {
        #expect(
            failure(BatchUpdate(reloadedRows: [path(0, 3)]), from: old, to: old)
                == "attempt to delete item 3 from section 0 which only contains 3 items before the update")
    }

    @Test("an insert into a section that does not exist after the update")
    func insertInMissingSection() {
        #expect(
            failure(BatchUpdate(insertedRows: [path(2, 0)]), from: old, to: old)
                == "attempt to insert item 0 into section 2, but there are only 2 sections after the update")
    }

    @Test("the same index path deleted twice")
    func deletedTwice() {
        let new = Screen(sections: [ListSection(id: "a", rows: cells([1])), ListSection(id: "b", rows: cells([4, 5]))])
        #expect(
            failure(BatchUpdate(deletedRows: [path(0, 0), path(0, 0)]), from: old, to: new)
                == "attempt to delete item 0 from section 0 twice")
    }

    @Test("deleting and moving the same item")
    func deleteAndMove() {
        let batch = BatchUpdate(deletedRows: [path(0, 1)], movedRows: [move(path(0, 1), path(1, 0))])
        #expect(
            failure(batch, from: old, to: old)
                == "attempt to perform a delete and a move from the same index path (<NSIndexPath> {length = 2, path = 0 - 1})")
    }

    @Test("reloading a moved item is refused as a delete and a move (rdar://33662307)")
    func reloadAndMove() {
        let new = Screen(sections: [ListSection(id: "a", rows: cells([2, 3, 1])), ListSection(id: "b", rows: cells([4, 5]))])
        let batch = BatchUpdate(movedRows: [move(path(0, 0), path(0, 2))], reloadedRows: [path(0, 0)])
        #expect(
            failure(batch, from: old, to: new)
                == "attempt to perform a delete and a move from the same index path (<NSIndexPath> {length = 2, path = 0 - 0})")
    }

    @Test("deleting and reloading the same item")
    func deleteAndReload() {
        let new = Screen(sections: [ListSection(id: "a", rows: cells([2, 3])), ListSection(id: "b", rows: cells([4, 5]))])
        #expect(
            failure(BatchUpdate(deletedRows: [path(0, 0)], reloadedRows: [path(0, 0)]), from: old, to: new)
                == "attempt to delete and reload the same index path (<NSIndexPath> {length = 2, path = 0 - 0})")
    }

    @Test("an insert and a move to the same index path")
    func insertAndMove() {
        let new = Screen(sections: [ListSection(id: "a", rows: cells([2, 3, 9, 1])), ListSection(id: "b", rows: cells([4, 5]))])
        let batch = BatchUpdate(insertedRows: [path(0, 2)], movedRows: [move(path(0, 0), path(0, 2))])
        #expect(
            failure(batch, from: old, to: new)
                == "attempt to perform an insert and a move to the same index path (<NSIndexPath> {length = 2, path = 0 - 2})")
    }

    @Test("a move from an index path that does not exist")
    func moveSourceOutOfRange() {
        let batch = BatchUpdate(movedRows: [move(path(1, 2), path(0, 0))])
        #expect(
            failure(batch, from: old, to: old)
                == "attempt to move index path (<NSIndexPath> {length = 2, path = 1 - 2}) that does not exist - there are only 2 items in section 1 before the update")
    }

    @Test("a move to an index path that does not exist")
    func moveTargetOutOfRange() {
        let new = Screen(sections: [ListSection(id: "a", rows: cells([2, 3])), ListSection(id: "b", rows: cells([4, 5, 1]))])
        let batch = BatchUpdate(movedRows: [move(path(0, 0), path(1, 3))])
        #expect(
            failure(batch, from: old, to: new)
                == "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 0}) to index path (<NSIndexPath> {length = 2, path = 1 - 3}) that does not exist - there are only 3 items in section 1 after the update")
    }

    @Test("moving an item out of a deleted section")
    func moveFromDeletedSection() {
        let new = Screen(sections: [ListSection(id: "b", rows: cells([1, 4, 5]))])
        let batch = BatchUpdate(deletedSections: [0], movedRows: [move(path(0, 0), path(0, 0))])
        #expect(failure(batch, from: old, to: new) == "cannot move an item from a deleted section (0)")
    }

    @Test("moving an item into a newly inserted section")
    func moveIntoInsertedSection() {
        let new = Screen(sections: [
            ListSection(id: "a", rows: cells([2, 3])), ListSection(id: "c", rows: cells([1])),
            ListSection(id: "b", rows: cells([4, 5])),
        ])
        let batch = BatchUpdate(insertedSections: [1], movedRows: [move(path(0, 0), path(1, 0))])
        #expect(failure(batch, from: old, to: new, style: .tableView) == "cannot move a row into a newly inserted section (1)")
    }

    @Test("section count arithmetic")
    func sectionCount() {
        let new = Screen(sections: [ListSection(id: "a", rows: cells([1, 2, 3]))])
        #expect(
            failure(BatchUpdate(), from: old, to: new)
                == "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (1) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
        )
    }

    @Test("section deletes and inserts out of range")
    func sectionRanges() {
        let new = Screen(sections: [ListSection(id: "a", rows: cells([1, 2, 3]))])
        #expect(
            failure(BatchUpdate(deletedSections: [2]), from: old, to: new)
                == "attempt to delete section 2, but there are only 2 sections before the update")
        #expect(
            failure(BatchUpdate(insertedSections: [2]), from: new, to: old)
                == "attempt to insert section 2 but there are only 2 sections after the update")
    }

    @Test("a section deleted and moved, a section inserted and moved to")
    func sectionConflicts() {
        let swapped = Screen(sections: [old.sections[1], old.sections[0]])
        #expect(
            failure(BatchUpdate(deletedSections: [0], movedSections: [.init(from: 0, to: 1)]), from: old, to: swapped)
                == "attempt to perform a delete and a move from the same section (0)")
        let three = Screen(sections: [old.sections[1], ListSection(id: "c", rows: []), old.sections[0]])
        #expect(
            failure(BatchUpdate(insertedSections: [2], movedSections: [.init(from: 0, to: 2)]), from: old, to: three)
                == "attempt to perform an insert and a move to the same section (2)")
    }

    @Test("row changes inside a section the same batch moves are refused")
    func rowChangeInMovedSection() {
        let new = Screen(sections: [ListSection(id: "b", rows: cells([4, 5])), ListSection(id: "a", rows: cells([1, 2, 3, 6]))])
        let batch = BatchUpdate(movedSections: [.init(from: 0, to: 1)], insertedRows: [path(1, 3)])
        let message = failure(batch, from: old, to: new)
        #expect(message == "cannot insert an item into a moved section (1)")
        // The same change in two stages passes.
        let staged = StagedBatches([BatchUpdate(movedSections: [.init(from: 0, to: 1)]), BatchUpdate(insertedRows: [path(1, 3)])])
        #expect(ListViewState.validate(staged, from: old, expecting: new) == nil)
    }
}

@Suite("Batch updates: stages and the data between them")
struct StageTests {
    @Test("rows of a section inserted by an earlier stage cannot be changed by a later one")
    func rowsOfEarlierInsertedSection() throws {
        let old = Screen(sections: [])
        let new = Screen(sections: [ListSection(id: "a", rows: cells([1, 2]))])
        let staged = StagedBatches([BatchUpdate(insertedSections: [0]), BatchUpdate(insertedRows: [path(0, 1)])])
        #expect(
            ListViewState.validate(staged, from: old, expecting: new)
                == "batch 2 of 2: attempt to insert index path (<NSIndexPath> {length = 2, path = 0 - 1}) in a section that an earlier stage inserted or reloaded; DiffBench derives the data between stages only for sections whose rows later stages leave alone")
        // Moving that section later is fine.
        let two = Screen(sections: [ListSection(id: "b", rows: []), ListSection(id: "a", rows: cells([1, 2]))])
        let moved = StagedBatches([
            BatchUpdate(insertedSections: [0]),
            BatchUpdate(insertedSections: [0], movedSections: [.init(from: 0, to: 1)]),
        ])
        #expect(ListViewState.validate(moved, from: old, expecting: two) == nil)
        #expect(try ListViewState.stageStates(moved, from: old, expecting: two)[1] == new)
    }

    @Test("a row inserted and then deleted passes, but the data between the stages is unknown")
    func insertedThenDeleted() {
        let old = flat([1])
        let staged = StagedBatches([BatchUpdate(insertedRows: [path(0, 1)]), BatchUpdate(deletedRows: [path(0, 1)])])
        #expect(ListViewState.validate(staged, from: old, expecting: old) == nil)
        #expect(throws: BatchValidationFailure.self) { try ListViewState.stageStates(staged, from: old, expecting: old) }
    }

    @Test("rows of a section deleted in the same batch, and moves of the same section twice, are refused")
    func refusals() {
        let old = Screen(sections: [ListSection(id: "a", rows: cells([1])), ListSection(id: "b", rows: cells([2]))])
        let onlyB = Screen(sections: [ListSection(id: "b", rows: cells([2]))])
        let refusal = ListViewState.check(
            StagedBatches([BatchUpdate(deletedSections: [0], deletedRows: [path(0, 0)])]), from: old, expecting: onlyB)
        #expect(refusal?.kind == .refused)
        #expect(refusal?.message == "attempt to delete item 0 from section 0, but the same update deletes section 0 as a whole")
        let swapped = Screen(sections: [old.sections[1], old.sections[0]])
        #expect(
            failure(BatchUpdate(movedSections: [.init(from: 0, to: 1), .init(from: 0, to: 0)]), from: old, to: swapped)
                == "attempt to move section 0 twice")
        #expect(
            failure(BatchUpdate(movedSections: [.init(from: 0, to: 1), .init(from: 1, to: 1)]), from: old, to: swapped)
                == "attempt to perform multiple moves to the same section (1)")
    }
}

@Suite("Batch updates: where rows end up")
struct ApplyTests {
    @Test("a move lifts the item out and puts it at its new index; the others close ranks")
    func singleMove() throws {
        let old = flat([1, 2, 3, 4])
        let new = flat([2, 3, 4, 1])
        #expect(try old.applying(BatchUpdate(movedRows: [move(path(0, 0), path(0, 3))]), dataSource: new) == new)
    }

    @Test("deletes, inserts and moves in one batch, worked by hand")
    func combined() throws {
        // Old a b c d e (1…5). Delete b; move e to the front; insert x at new index 2.
        // New: e a x c d.
        let old = flat([1, 2, 3, 4, 5])
        let new = flat([5, 1, 99, 3, 4])
        let batch = BatchUpdate(
            deletedRows: [path(0, 1)], insertedRows: [path(0, 2)], movedRows: [move(path(0, 4), path(0, 0))])
        #expect(try old.applying(batch, dataSource: new) == new)
    }

    @Test("a move across sections while another section is deleted before it")
    func crossSection() throws {
        let old = Screen(sections: [
            ListSection(id: "x", rows: cells([9])), ListSection(id: "a", rows: cells([1, 2])),
            ListSection(id: "b", rows: cells([3])),
        ])
        let new = Screen(sections: [ListSection(id: "a", rows: cells([1])), ListSection(id: "b", rows: cells([2, 3]))])
        let batch = BatchUpdate(deletedSections: [0], movedRows: [move(path(1, 1), path(1, 0))])
        #expect(try old.applying(batch, dataSource: new) == new)
    }

    @Test("a reload shows the data source's content; the other cells keep theirs")
    func reload() throws {
        let old = flat([1, 2, 3])
        var new = old
        new.sections[0].rows[1].content = 7
        new.sections[0].rows[2].content = 8
        let shown = try old.applying(BatchUpdate(reloadedRows: [path(0, 1)]), dataSource: new)
        #expect(shown.sections[0].rows.map(\.content) == [0, 7, 0])
        #expect(
            ListViewState.validate(StagedBatches([BatchUpdate(reloadedRows: [path(0, 1)])]), from: old, expecting: new)
                == "after batch 1 of 1: item [0, 2] (3) still shows its old content 3:0, but the data source has 3:8 (a reload is missing)")
    }

    @Test("a batch that passes UIKit's arithmetic but moves the wrong item leaves the wrong screen")
    func wrongMove() {
        let old = flat([1, 2, 3])
        let new = flat([3, 1, 2])
        let wrong = StagedBatches([BatchUpdate(movedRows: [move(path(0, 1), path(0, 0))])])
        #expect(
            ListViewState.validate(wrong, from: old, expecting: new)
                == "after batch 1 of 1: item [0, 0] shows 2, but the data source has 3 there (the batch moved the wrong items)")
        let right = StagedBatches([BatchUpdate(movedRows: [move(path(0, 2), path(0, 0))])])
        #expect(ListViewState.validate(right, from: old, expecting: new) == nil)
    }

    @Test("no stages: valid exactly when old equals new")
    func noStages() {
        #expect(ListViewState.validate(StagedBatches([]), from: flat([1, 2]), expecting: flat([1, 2])) == nil)
        #expect(ListViewState.validate(StagedBatches([]), from: flat([1, 2]), expecting: flat([2, 1])) != nil)
    }

    /// The textbook reading of a one-section batch, written independently of
    /// the model: remove deleted and moved rows from the highest index down,
    /// then put inserted and moved rows in at their new indices, lowest first.
    private func reference(old: [Cell], batch: BatchUpdate, inserted: [Int: Cell]) -> [Cell] {
        var list = old
        let removed = (batch.deletedRows.map(\.row) + batch.movedRows.map(\.from.row)).sorted(by: >)
        for index in removed { list.remove(at: index) }
        var arrivals: [(Int, Cell)] = batch.insertedRows.map { ($0.row, inserted[$0.row]!) }
        arrivals += batch.movedRows.map { ($0.to.row, old[$0.from.row]) }
        for (index, cell) in arrivals.sorted(by: { $0.0 < $1.0 }) { list.insert(cell, at: index) }
        return list
    }

    @Test("random valid one-section batches land every row where the textbook reading puts it", arguments: 0..<200)
    func randomBatchesMatchReference(seed: UInt64) throws {
        var rng = BatchTestRandom(seed: seed)
        let n = Int.random(in: 0...25, using: &rng)
        let old = cells(Array(0..<n))
        var roles = (0..<n).map { _ in Int.random(in: 0..<4, using: &rng) }  // 0 stay, 1 delete, 2 move, 3 stay
        if n > 0, seed % 5 == 0 { roles[Int.random(in: 0..<n, using: &rng)] = 2 }
        let deletes = (0..<n).filter { roles[$0] == 1 }
        let moveSources = (0..<n).filter { roles[$0] == 2 }.shuffled(using: &rng)
        let insertCount = Int.random(in: 0...6, using: &rng)
        let m = n - deletes.count + insertCount
        let arrivals = Array((0..<m).shuffled(using: &rng).prefix(insertCount + moveSources.count))
        let insertPlaces = Array(arrivals.prefix(insertCount)).sorted()
        let moveTargets = Array(arrivals.dropFirst(insertCount))
        let batch = BatchUpdate(
            deletedRows: deletes.map { path(0, $0) }, insertedRows: insertPlaces.map { path(0, $0) },
            movedRows: zip(moveSources, moveTargets).map { move(path(0, $0), path(0, $1)) })
        var inserted: [Int: Cell] = [:]
        for (k, place) in insertPlaces.enumerated() { inserted[place] = Cell(id: 1000 + k, content: 0) }
        let expected = reference(old: old, batch: batch, inserted: inserted)
        let shown = try Screen(rows: old, sectionID: "s").applying(batch, dataSource: Screen(rows: expected, sectionID: "s"))
        #expect(shown.sections[0].rows == expected, "seed \(seed): \(batch)")
    }
}

/// Random flat pairs: unique ids, a few repeats in some shapes, content changes.
private func randomFlatPair(_ rng: inout BatchTestRandom) -> (old: [Cell], new: [Cell], uniqueIDs: Bool) {
    let n = Int.random(in: 0...30, using: &rng)
    let repeats = Int.random(in: 0..<4, using: &rng) == 0
    let idRange = repeats ? max(1, n / 3) : 1_000_000
    let old = (0..<n).map { Cell(id: repeats ? Int.random(in: 0..<idRange, using: &rng) : $0, content: 0) }
    var new = old.shuffled(using: &rng).filter { _ in Int.random(in: 0..<5, using: &rng) != 0 }
    if Bool.random(using: &rng) { new = old.filter { _ in Int.random(in: 0..<6, using: &rng) != 0 } }
    for k in 0..<Int.random(in: 0...8, using: &rng) {
        let id = repeats ? Int.random(in: 0..<idRange, using: &rng) : 500 + k
        new.insert(Cell(id: id, content: 0), at: Int.random(in: 0...new.count, using: &rng))
    }
    for k in new.indices where Int.random(in: 0..<4, using: &rng) == 0 { new[k].content = 1 }
    if !repeats, n > 3, Bool.random(using: &rng) {
        // Move a few items, and update some of the moved ones.
        for _ in 0..<3 where !new.isEmpty {
            var item = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
            if Bool.random(using: &rng) { item.content = 2 }
            new.insert(item, at: Int.random(in: 0...new.count, using: &rng))
        }
    }
    let unique = Set(old.map(\.id)).count == old.count && Set(new.map(\.id)).count == new.count
    return (old, new, unique)
}

@Suite("Batch updates from every engine's changeset")
struct ChangesetToBatchTests {
    @Test("every engine's batches pass the model and show the new list", arguments: 0..<120)
    func everyEnginePasses(seed: UInt64) throws {
        var rng = BatchTestRandom(seed: seed &* 7919)
        let (old, new, unique) = randomFlatPair(&rng)
        for engine in EngineName.builtIns where unique || engine != .set {
            for options in [DiffOptions(), DiffOptions(inferMoves: false), DiffOptions(minimizeMoves: true)] {
                let changeset = try BuiltInEngine.diff(engine, from: old, to: new, identity: IdentifiedElements<Cell>(), options: options)
                let staged = try StagedBatches.make(from: changeset, oldCount: old.count, newCount: new.count)
                let problem = ListViewState.validate(staged, from: Screen(rows: old, sectionID: "s"), expecting: Screen(rows: new, sectionID: "s"))
                #expect(problem == nil, "seed \(seed) \(engine) \(options): \(problem ?? "")")
                // Reloads in the first stage never name a moved row; the second stage only reloads.
                if let first = staged.stages.first {
                    let moved = Set(first.movedRows.map(\.from))
                    #expect(first.reloadedRows.allSatisfy { !moved.contains($0) })
                }
                #expect(staged.stages.count <= 2)
                if staged.stages.count == 2 {
                    #expect(staged.stages[1].operationCount == staged.stages[1].reloadedRows.count)
                }
                #expect(staged.stages.isEmpty == (old == new))
            }
        }
    }

    @Test("an updated item that moves is reloaded at its new index in a second batch")
    func movedAndUpdated() throws {
        let old = cells([1, 2, 3])
        let new = [Cell(id: 3, content: 1), Cell(id: 1, content: 0), Cell(id: 2, content: 5)]
        let changeset = try BuiltInEngine.diff(.set, from: old, to: new, identity: IdentifiedElements<Cell>())
        let staged = try StagedBatches.make(from: changeset, oldCount: 3, newCount: 3)
        #expect(staged.stages.count == 2)
        #expect(staged.stages[0].movedRows == [move(path(0, 2), path(0, 0))])
        #expect(staged.stages[0].reloadedRows == [path(0, 1)])  // item 2 stays: its old index
        #expect(staged.stages[1] == BatchUpdate(reloadedRows: [path(0, 0)]))  // item 3 moved: its new index
        #expect(ListViewState.validate(staged, from: Screen(rows: old, sectionID: "s"), expecting: Screen(rows: new, sectionID: "s")) == nil)
        // Putting that reload in the first batch is the crash.
        var oneBatch = staged.stages[0]
        oneBatch.reloadedRows.append(path(0, 2))
        #expect(
            ListViewState.validate(StagedBatches([oneBatch]), from: Screen(rows: old, sectionID: "s"), expecting: Screen(rows: new, sectionID: "s"))
                == "batch 1 of 1: attempt to perform a delete and a move from the same index path (<NSIndexPath> {length = 2, path = 0 - 2})")
    }

    @Test("a changeset that does not fit the sizes is refused")
    func badChangeset() {
        #expect(throws: ChangesetError.self) {
            try StagedBatches.make(from: Changeset(deletes: [5]), oldCount: 3, newCount: 2)
        }
    }

    @Test("negative counts are refused, not a trap (issue 15)", arguments: [(-1, 0), (0, -1), (-5, -5), (2, Int.min)])
    func negativeCounts(old: Int, new: Int) {
        for changeset in [Changeset(), Changeset(inserts: [0]), Changeset(deletes: [0])] {
            #expect(throws: ChangesetError.self) { try StagedBatches.make(from: changeset, oldCount: old, newCount: new) }
        }
    }

    @Test("absurd counts are refused before anything is allocated (issue 15)",
          arguments: [(Int.max, Int.max), (Int.max, 0), (1 << 40, 1 << 40), (Int(Int32.max) + 1, Int(Int32.max) + 1)])
    func hugeCounts(old: Int, new: Int) {
        for changeset in [Changeset(), Changeset(inserts: [0]), Changeset(deletes: [0])] {
            #expect(throws: ChangesetError.self) { try StagedBatches.make(from: changeset, oldCount: old, newCount: new) }
        }
    }
}
