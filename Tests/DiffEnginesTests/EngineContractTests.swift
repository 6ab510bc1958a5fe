import DiffEngines
import Testing

@Suite struct EngineContractTests {
    @Test func enginesAreFoundByTheirStableNames() throws {
        for name in ["lcs", "myers", "heckel", "set", "stdlib"] {
            #expect(try DiffEngines.engine(named: name).name.rawValue == name)
        }
        #expect(throws: DiffError.unknownEngine("nope")) { try DiffEngines.engine(named: "nope") }
    }

    @Test func setEngineNamesTheDuplicatedIDAndBothPositions() {
        let old = [Post(id: 1, content: 0), Post(id: 7, content: 0), Post(id: 3, content: 0), Post(id: 7, content: 1)]
        let new = [Post(id: 3, content: 0)]
        #expect(throws: DiffError.duplicateID(id: "7", side: .old, first: 1, second: 3)) {
            try SetEngine().diff(from: old, to: new)
        }
        let newDuplicates = [Post(id: 9, content: 0), Post(id: 4, content: 0), Post(id: 5, content: 0), Post(id: 4, content: 0)]
        #expect(throws: DiffError.duplicateID(id: "4", side: .new, first: 1, second: 3)) {
            try SetEngine().diff(from: [Post(id: 9, content: 1), Post(id: 5, content: 0)], to: newDuplicates)
        }
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
