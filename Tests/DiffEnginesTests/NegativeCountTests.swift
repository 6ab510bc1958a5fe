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

/// Issue 15: absurd counts (Int.max and anything past the 32-bit positions
/// the engines use) are refused with ``ChangesetError`` before any array is
/// sized, instead of trying to allocate exabytes; a value past 32 bits in
/// the longest-increasing-run helper no longer traps.
@Suite struct HugeCountTests {
    static let counts = [
        (Int.max, Int.max), (Int.max, 0), (0, Int.max), (Int.max, Int.max - 1),
        (Changeset.maximumCount + 1, Changeset.maximumCount + 1), (1 << 40, 1 << 40),
    ]

    @Test(arguments: counts) func everyCountEntryPointThrows(old: Int, new: Int) {
        for changeset in NegativeCountTests.changesets {
            #expect(throws: ChangesetError.self) { try changeset.newToOld(oldCount: old, newCount: new) }
            #expect(throws: ChangesetError.self) { try changeset.patch(oldCount: old, newCount: new) }
            #expect(throws: ChangesetError.self) { try changeset.minimizingMoves(oldCount: old, newCount: new) }
        }
    }

    @Test func theMessageNamesTheLimit() throws {
        let error = try #require(throws: ChangesetError.self) { try Changeset().patch(oldCount: Int.max, newCount: Int.max) }
        #expect(error.message.contains("at most \(Changeset.maximumCount)"), "\(error)")
    }

    @Test func countsThatDoNotAddUpAreRefusedBeforeAllocating() throws {
        // Within the limit but inconsistent: refused by arithmetic, not after sizing 2 GB of roles.
        let error = try #require(throws: ChangesetError.self) {
            try Changeset().newToOld(oldCount: Changeset.maximumCount, newCount: 0)
        }
        #expect(error.message.contains("sizes do not add up"))
    }

    @Test func longestIncreasingRunTakesAnyValue() {
        #expect(MinimumMoves.longestIncreasingRun([Int.max, 0, Int.max - 1, 5, Int.max]) == [1, 3, 4])
        #expect(MinimumMoves.longestIncreasingRun([Int.max, -1, Int(Int32.max), Int.max]) == [2, 3])
        #expect(MinimumMoves.longestIncreasingRun([3, 1, 2]) == [1, 2])
    }
}
