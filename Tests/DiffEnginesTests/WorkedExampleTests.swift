import DiffBenchTestSupport
import DiffEngines
import Testing

/// The examples the literature of list diffing uses, checked against facts
/// computed independently (LCS lengths by a separate DP, hand-derived steps).
@Suite struct WorkedExampleTests {
    static let stringPairs: [(String, String, lcs: String)] = [
        ("ADFGT", "AFOXT", "AFT"),
        ("SMARTPHONE", "HARPOON", "ARPON"),
        ("kit", "kat", "kt"),
        ("a", "b", ""),
        ("1234", "1", "1"),
        ("ABCABBA", "CBABAC", "BABA"),
        ("kitten", "sitting", "ittn"),
    ]

    @Test(arguments: EngineName.builtIns)
    func literatureStrings(engine: EngineName) throws {
        for (a, b, lcs) in Self.stringPairs {
            let old = Array(a), new = Array(b)
            #expect(referenceLCSLength(old, new) == lcs.count)
            let unique = Set(old).count == old.count && Set(new).count == new.count
            if engine == .set && !unique { continue }
            let changeset = try BuiltInEngine.diff(engine, from: old, to: new, identity: ValueElements<Character>())
            #expect(changeset.verify(oldValues: old, newValues: new) == nil, "\(engine) \(a) → \(b)")
            #expect(try changeset.apply(to: old, using: new) == new)
            if engine == .lcs || engine == .myers {
                let plain = try BuiltInEngine.diff(
                    engine, from: old, to: new, identity: ValueElements<Character>(), options: DiffOptions(inferMoves: false))
                #expect(plain.deletes.count + plain.inserts.count == old.count + new.count - 2 * lcs.count, "\(a) → \(b)")
            }
        }
    }

    @Test func lcsTableOfADFGTtoAFOXT() throws {
        let table = try LCSTable(old: Array("ADFGT"), new: Array("AFOXT"), identity: ValueElements<Character>())
        #expect(table.length == 3)
        // The last row of the classic table: T against A F O X T.
        #expect((0...5).map { table[5, $0] } == [0, 1, 2, 2, 2, 3])
        // The traceback's matched cells spell the LCS.
        let matched = table.tracebackPath().compactMap { cell -> Character? in
            cell.i > 0 && cell.j > 0 && table.direction(i: cell.i, j: cell.j) == .match ? Array("ADFGT")[cell.i - 1] : nil
        }
        #expect(String(matched.reversed()) == "AFT")
        #expect(table.cellWidth == 2)
    }

    @Test func deletingToOneElementPatchesFromTheBack() throws {
        let old = Array("1234"), new = Array("1")
        for engine in EngineName.builtIns {
            let changeset = try BuiltInEngine.diff(engine, from: old, to: new, identity: ValueElements<Character>())
            #expect(changeset.deletes == [1, 2, 3])
            #expect(try changeset.patch(oldCount: 4, newCount: 1) == [.delete(at: 3), .delete(at: 2), .delete(at: 1)])
        }
    }

    @Test func feedRefresh() throws {
        // [1…10] → [1, 4, 5, 6, 3, 9, 2]: 7, 8 and 10 are gone; 3 and 2 moved
        // behind 4, 5, 6 (and 9): the fewest moves is 2.
        let old = (1...10).map { Post(id: $0, content: 0) }
        let new = [1, 4, 5, 6, 3, 9, 2].map { Post(id: $0, content: 0) }
        #expect(MinimumMoves.count(old: old, new: new) == 2)
        for engine in EngineName.builtIns {
            let changeset = try BuiltInEngine.diff(engine, from: old, to: new, identity: IdentifiedElements<Post>())
            #expect(changeset.verify(old: old, new: new) == nil)
            #expect(Set(changeset.deletes.map { old[$0].id }) == [7, 8, 10], "\(engine)")
            #expect(changeset.inserts.isEmpty)
            #expect(changeset.moves.count >= 2)
        }
        let set = try SetEngine().diff(from: old, to: new)
        #expect(Set(set.moves.map { old[$0.from].id }) == [2, 3])
    }

    @Test func sameIDNewContentIsAnUpdate() throws {
        let old = [Post(id: 1, content: 0), Post(id: 2, content: 0)]
        let new = [Post(id: 2, content: 5), Post(id: 1, content: 0)]
        for engine in EngineName.builtIns {
            let changeset = try BuiltInEngine.diff(engine, from: old, to: new, identity: IdentifiedElements<Post>())
            #expect(changeset.updates == [Changeset.Update(old: 1, new: 0)], "\(engine)")
            #expect(changeset.deletes.isEmpty && changeset.inserts.isEmpty)
        }
    }
}
