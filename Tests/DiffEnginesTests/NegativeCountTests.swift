import DiffEngines
import Testing

/// Issue 15, item 10: a negative list count is bad input like any other —
/// every entry point that takes counts throws ``ChangesetError`` instead of
/// trapping while it sizes its arrays.
@Suite struct NegativeCountTests {
    static let changesets = [
        Changeset(),
        Changeset(deletes: [0]),
        Changeset(inserts: [0]),
        Changeset(deletes: [1], moves: [.init(from: 2, to: 0)], updates: [.init(old: 0, new: 1)]),
    ]
    static let counts = [(-1, 0), (0, -1), (-1, -1), (3, -2), (Int.min, 3), (3, Int.min)]

    @Test(arguments: counts) func newToOldThrows(old: Int, new: Int) {
        for changeset in Self.changesets {
            #expect(throws: ChangesetError.self) { try changeset.newToOld(oldCount: old, newCount: new) }
        }
    }

    @Test(arguments: counts) func patchThrows(old: Int, new: Int) {
        for changeset in Self.changesets {
            #expect(throws: ChangesetError.self) { try changeset.patch(oldCount: old, newCount: new) }
        }
    }

    @Test(arguments: counts) func minimizingMovesThrows(old: Int, new: Int) {
        for changeset in Self.changesets {
            #expect(throws: ChangesetError.self) { try changeset.minimizingMoves(oldCount: old, newCount: new) }
        }
    }

    @Test func theMessageSaysWhat() throws {
        let error = try #require(throws: ChangesetError.self) { try Changeset().newToOld(oldCount: -1, newCount: 0) }
        #expect(error.message.contains("negative"))
    }
}
