import DiffEngines
import DiffBenchTestSupport
import Testing

@Suite struct EngineContractTests {
    @Test func enginesAreFoundByTheirStableNames() throws {
        for builtIn in BuiltInEngine.all {
            #expect(try BuiltInEngine(named: builtIn.name.rawValue) == builtIn)
            #expect(type(of: builtIn.engine).name == builtIn.name)
        }
        #expect(throws: DiffError.unknownEngine("nope", known: EngineName.builtIns.map(\.rawValue))) {
            try BuiltInEngine(named: "nope")
        }
        #expect(EngineName.builtIns == BuiltInEngine.all.map(\.name))
        #expect(Set(EngineName.builtIns).count == EngineName.builtIns.count, "a name given twice")
    }

    /// Each built-in, called by name (the dispatch that specializes per
    /// element type), answers as its concrete engine value called through
    /// the protocol does. Every engine of the catalog is compared.
    @Test func anEngineLookedUpByNameGivesWhatItsTypeGives() throws {
        var random = TestRandom(seed: 12)
        for _ in 0..<50 {
            let old = (0..<random.below(30)).map { _ in Post(id: random.below(40), content: random.below(3)) }
            let new = (0..<random.below(30)).map { _ in Post(id: random.below(40), content: random.below(3)) }
            for builtIn in BuiltInEngine.all {
                let concrete = builtIn.engine
                #expect((try? builtIn.diff(from: old, to: new)) == (try? concrete.diff(from: old, to: new)), "\(builtIn.name)")
                #expect(concrete.name == builtIn.name)
            }
        }
    }

    @Test func setEngineNamesTheDuplicatedIDAndBothPositions() throws {
        let old = [Post(id: 1, content: 0), Post(id: 7, content: 0), Post(id: 3, content: 0), Post(id: 7, content: 1)]
        let new = [Post(id: 3, content: 0)]
        #expect(throws: DiffError.duplicateID(id: "7", side: .old, first: 1, second: 3)) {
            try SetEngine().diff(from: old, to: new)
        }
        let newDuplicates = [3, 7, 2, 7].map { Post(id: $0, content: 0) }
        #expect(throws: DiffError.duplicateID(id: "7", side: .new, first: 1, second: 3)) {
            try SetEngine().diff(from: [1, 7, 3].map { Post(id: $0, content: 0) }, to: newDuplicates)
        }
        // A repeated id that only appears in the new list is a pair of plain
        // inserts: the result is right, and the engine does not hash to look.
        let twoInserts = try SetEngine().diff(
            from: [1, 2].map { Post(id: $0, content: 0) }, to: [2, 8, 1, 8].map { Post(id: $0, content: 0) })
        #expect(twoInserts.inserts == [1, 3])
    }

    @Test func lcsRefusesTablesOverItsBudget() {
        let old = (0..<2000).map { Post(id: $0, content: 0) }
        let new = old.reversed().map { $0 }
        let options = DiffOptions(lcsMemoryBudget: 1 << 20)
        #expect {
            try LCSEngine().diff(from: old, to: Array(new), options: options)
        } throws: { error in
            guard case let .memoryBudgetExceeded(engine, cells, bytes, budget) = error as? DiffError else { return false }
            // After trimming nothing (no common prefix/suffix): 2001 × 2001 cells, 2 bytes each.
            return engine == "lcs" && cells == 2001 * 2001 && bytes == 2 * cells && budget == 1 << 20
        }
        // The same pair fits a larger budget.
        #expect(throws: Never.self) { try LCSEngine().diff(from: old, to: Array(new)) }
    }

    @Test func valuesAreTheirOwnIdentity() throws {
        let changeset = try HeckelEngine().diff(fromValues: ["a", "b", "c"], toValues: ["c", "a", "d"])
        #expect(changeset.verify(oldValues: ["a", "b", "c"], newValues: ["c", "a", "d"]) == nil)
        #expect(changeset.updates.isEmpty)
        #expect(changeset.deletes == [1] && changeset.inserts == [2])
    }
}
