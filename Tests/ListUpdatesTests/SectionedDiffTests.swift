import DiffEngines
import Testing
import DiffBenchTestSupport
import ListUpdates

/// The module's seeded SplitMix64 (TestSupport.swift): every random case replays from its seed.
private typealias SectionedTestRandom = TestRandom

private struct Item: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var content: Int
    var description: String { "\(id):\(content)" }
}

private typealias Section = ListSection<String, Item>
private typealias Screen = ListViewState<String, Item>

private func section(_ id: String, _ ids: [Int]) -> Section { Section(id: id, rows: ids.map { Item(id: $0, content: 0) }) }

/// Diffs, validates against the model, and returns the stages.
private func stagedAndChecked(
    _ engine: EngineName, _ old: [Section], _ new: [Section], options: DiffOptions = .default
) throws -> (StagedBatches, String?) {
    let staged = try SectionedDiff.diff(engine: engine, old: old, new: new, options: options)
    return (staged, ListViewState.validate(staged, from: Screen(sections: old), expecting: Screen(sections: new)))
}

/// A random pair of sectioned lists with unique section ids and unique row
/// ids: sections deleted, inserted and shuffled; rows deleted, inserted,
/// moved within and across sections (including into new sections and out of
/// deleted ones); contents changed, some on moved rows.
private func randomSectionedPair(_ rng: inout SectionedTestRandom) -> (old: [Section], new: [Section]) {
    var nextRow = 0
    var nextSection = 0
    func freshSection(_ rng: inout SectionedTestRandom) -> Section {
        defer { nextSection += 1 }
        let rows = (0..<Int.random(in: 0...6, using: &rng)).map { _ -> Item in
            defer { nextRow += 1 }
            return Item(id: nextRow, content: 0)
        }
        return Section(id: "s\(nextSection)", rows: rows)
    }
    let old = (0..<Int.random(in: 0...6, using: &rng)).map { _ in freshSection(&rng) }
    var new = old
    for _ in 0..<Int.random(in: 0...10, using: &rng) {
        switch Int.random(in: 0..<9, using: &rng) {
        case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &rng))
        case 1: new.insert(freshSection(&rng), at: Int.random(in: 0...new.count, using: &rng))
        case 2 where new.count > 1:
            let moved = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
            new.insert(moved, at: Int.random(in: 0...new.count, using: &rng))
        case 3, 4:
            // Move a row to any section (possibly a new one), any place.
            let withRows = new.indices.filter { !new[$0].rows.isEmpty }
            guard let from = withRows.randomElement(using: &rng) else { break }
            var row = new[from].rows.remove(at: Int.random(in: 0..<new[from].rows.count, using: &rng))
            if Bool.random(using: &rng) { row.content += 1 }
            let to = Int.random(in: 0..<new.count, using: &rng)
            new[to].rows.insert(row, at: Int.random(in: 0...new[to].rows.count, using: &rng))
        case 5 where !new.isEmpty:
            let s = Int.random(in: 0..<new.count, using: &rng)
            if !new[s].rows.isEmpty { new[s].rows.remove(at: Int.random(in: 0..<new[s].rows.count, using: &rng)) }
        case 6 where !new.isEmpty:
            let s = Int.random(in: 0..<new.count, using: &rng)
            new[s].rows.insert(Item(id: nextRow, content: 0), at: Int.random(in: 0...new[s].rows.count, using: &rng))
            nextRow += 1
        case 7 where !new.isEmpty:
            let s = Int.random(in: 0..<new.count, using: &rng)
            if !new[s].rows.isEmpty { new[s].rows[Int.random(in: 0..<new[s].rows.count, using: &rng)].content += 3 }
        case 8 where !new.isEmpty:
            let s = Int.random(in: 0..<new.count, using: &rng)
            new[s].rows.shuffle(using: &rng)
        default: break
        }
    }
    return (old, new)
}

@Suite("Sectioned diff: every engine's staged batches pass the model")
struct SectionedPropertyTests {
    @Test("random sectioned pairs, every engine, every move option", arguments: 0..<150)
    func randomPairs(seed: UInt64) throws {
        var rng = SectionedTestRandom(seed: seed &+ 0xBA7C4)
        let (old, new) = randomSectionedPair(&rng)
        for engine in EngineName.builtIns {
            for options in [DiffOptions(), DiffOptions(inferMoves: false), DiffOptions(minimizeMoves: true)] {
                let (staged, problem) = try stagedAndChecked(engine, old, new, options: options)
                #expect(problem == nil, "seed \(seed) \(engine) \(options): \(problem ?? "")\nold \(old)\nnew \(new)\n\(staged)")
                #expect(staged.stages.count <= 3)
                #expect(staged.stages.isEmpty == (old == new))
                // The data around each stage: applying stage k to the data before it, with the data
                // after it as data source, passes UIKit's checks and shows exactly that data.
                let states = try ListViewState.stageStates(staged, from: Screen(sections: old), expecting: Screen(sections: new))
                #expect(states.count == staged.stages.count + 1)
                #expect(states.first == Screen(sections: old) && states.last == Screen(sections: new))
                for (k, stage) in staged.stages.enumerated() {
                    #expect(try states[k].applying(stage, dataSource: states[k + 1]) == states[k + 1], "seed \(seed) stage \(k + 1)")
                }
            }
        }
    }

    @Test("the random pairs reach every staging shape (one, two and three batches)")
    func generatorCoverage() throws {
        var seen = Set<Int>()
        var crossSectionMoves = 0
        for seed in 0..<150 as Range<UInt64> {
            var rng = SectionedTestRandom(seed: seed &+ 0xBA7C4)
            let (old, new) = randomSectionedPair(&rng)
            let staged = try SectionedDiff.diff(engine: .set, old: old, new: new)
            seen.insert(staged.stages.count)
            crossSectionMoves += staged.stages.flatMap(\.movedRows).filter { $0.from.section != $0.to.section }.count
        }
        #expect(seen == [0, 1, 2, 3])
        #expect(crossSectionMoves > 20)
    }

    @Test("random sectioned pairs with repeated section ids (engines other than set)", arguments: 0..<40)
    func repeatedSectionIDs(seed: UInt64) throws {
        var rng = SectionedTestRandom(seed: seed &* 31 &+ 5)
        var (old, new) = randomSectionedPair(&rng)
        // Rename sections onto a tiny alphabet so ids repeat; rows stay unique.
        for k in old.indices { old[k].id = "r\(Int(old[k].id.dropFirst())! % 2)" }
        for k in new.indices { new[k].id = "r\(Int(new[k].id.dropFirst())! % 2)" }
        for engine in EngineName.builtIns where engine != .set {
            let (_, problem) = try stagedAndChecked(engine, old, new)
            #expect(problem == nil, "seed \(seed) \(engine): \(problem ?? "")")
        }
    }
}

@Suite("Sectioned diff: worked cases")
struct SectionedWorkedTests {
    @Test("moving a row to another section is a row move, in one batch", arguments: EngineName.builtIns)
    func crossSectionMove(engine: EngineName) throws {
        let old = [section("a", [1, 2, 3]), section("b", [4])]
        let new = [section("a", [1, 3]), section("b", [2, 4])]
        let crossing = BatchUpdate.RowMove(from: .init(section: 0, row: 1), to: .init(section: 1, row: 0))
        let (staged, problem) = try stagedAndChecked(engine, old, new)
        #expect(problem == nil)
        #expect(staged.stages.count == 1)
        let batch = try #require(staged.stages.first)
        #expect(batch.movedRows.contains(crossing))  // heckel may add moves of its own
        #expect(batch.deletedRows.isEmpty && batch.insertedRows.isEmpty)
        // With the fewest moves, the crossing row is the only one.
        let (fewest, fewestProblem) = try stagedAndChecked(engine, old, new, options: DiffOptions(minimizeMoves: true))
        #expect(fewestProblem == nil)
        #expect(fewest.stages == [BatchUpdate(movedRows: [crossing])])
    }

    @Test("a row leaving a deleted section is inserted, not moved", arguments: EngineName.builtIns)
    func rowOutOfDeletedSection(engine: EngineName) throws {
        let old = [section("a", [1, 2]), section("b", [3])]
        let new = [section("b", [3, 2])]
        let (staged, problem) = try stagedAndChecked(engine, old, new)
        #expect(problem == nil)
        #expect(staged.stages == [BatchUpdate(deletedSections: [0], insertedRows: [.init(section: 0, row: 1)])])
    }

    @Test("a row going into a new section is deleted from its old one", arguments: EngineName.builtIns)
    func rowIntoInsertedSection(engine: EngineName) throws {
        let old = [section("a", [1, 2])]
        let new = [section("n", [2]), section("a", [1])]
        let (staged, problem) = try stagedAndChecked(engine, old, new)
        #expect(problem == nil)
        #expect(staged.stages == [BatchUpdate(insertedSections: [0], deletedRows: [.init(section: 0, row: 1)])])
    }

    @Test("section moves with row changes inside the moved sections take two batches", arguments: EngineName.builtIns)
    func sectionAndRowMoves(engine: EngineName) throws {
        // Two sections swap and both change inside, so whichever one the engine moves has row changes.
        let old = [section("a", [1, 2]), section("b", [3, 4])]
        let new = [section("b", [4, 3]), section("a", [2, 1, 6])]
        let (staged, problem) = try stagedAndChecked(engine, old, new)
        #expect(problem == nil)
        try #require(staged.stages.count == 2)
        let first = staged.stages[0], second = staged.stages[1]
        #expect(first.movedSections.count == 1)
        #expect(first.deletedRows.isEmpty && first.insertedRows.isEmpty && first.movedRows.isEmpty)
        #expect(second.movedSections.isEmpty && second.insertedRows == [.init(section: 1, row: 2)])
        #expect(second.movedRows.count == 2)
        // The same operations squeezed into one batch are refused.
        var squeezed = first
        squeezed.insertedRows = second.insertedRows
        squeezed.movedRows = second.movedRows
        #expect(
            ListViewState.validate(StagedBatches([squeezed]), from: Screen(sections: old), expecting: Screen(sections: new))
                != nil)
    }

    @Test("a moved row whose content changed is reloaded last, at its new index path", arguments: EngineName.builtIns)
    func movedAndUpdatedAcrossSections(engine: EngineName) throws {
        let old = [section("a", [1, 2]), section("b", [3])]
        var new = [section("a", [1]), section("b", [3, 2])]
        new[1].rows[1].content = 9
        let (staged, problem) = try stagedAndChecked(engine, old, new)
        #expect(problem == nil)
        #expect(staged.stages.count == 2)
        #expect(staged.stages.last == BatchUpdate(reloadedRows: [.init(section: 1, row: 1)]))
    }

    @Test("an updated row that stays is reloaded at its old index path, in the same batch as the rest")
    func stayingUpdate() throws {
        let old = [section("x", [0]), section("a", [1, 2])]
        var new = [section("a", [1, 2])]
        new[0].rows[1].content = 4
        let (staged, problem) = try stagedAndChecked(.myers, old, new)
        #expect(problem == nil)
        #expect(staged.stages == [BatchUpdate(deletedSections: [0], reloadedRows: [.init(section: 1, row: 1)])])
    }

    @Test("equal lists need no batch; empty to sections is section inserts only")
    func trivial() throws {
        let old = [section("a", [1]), section("b", [])]
        #expect(try SectionedDiff.diff(engine: .heckel, old: old, new: old).stages.isEmpty)
        let (staged, problem) = try stagedAndChecked(.lcs, [], old)
        #expect(problem == nil)
        #expect(staged.stages == [BatchUpdate(insertedSections: [0, 1])])
    }

    @Test("the set engine refuses repeated row ids")
    func setEngineNeedsUniqueIDs() {
        let old = [section("a", [1, 2])]
        let new = [section("a", [2, 2, 1])]
        #expect(throws: DiffError.self) { try SectionedDiff.diff(engine: .set, old: old, new: new) }
    }
}
