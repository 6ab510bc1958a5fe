import DiffEngines
import Testing
import DiffBenchTestSupport

@Suite struct ChangesetTests {
    let old = [Post(id: 1, content: 0), Post(id: 2, content: 0), Post(id: 3, content: 0)]

    @Test func verifierNamesTheFirstDiscrepancy() {
        let new = [Post(id: 3, content: 0), Post(id: 1, content: 9)]
        let right = Changeset(deletes: [1], moves: [.init(from: 2, to: 0)], updates: [.init(old: 0, new: 1)])
        #expect(right.verify(old: old, new: new) == nil)

        let missingUpdate = Changeset(deletes: [1], moves: [.init(from: 2, to: 0)])
        #expect(missingUpdate.verify(old: old, new: new)?.description.contains("changed content, but no update") == true)

        let wrongDelete = Changeset(deletes: [0], moves: [.init(from: 2, to: 0)], updates: [])
        #expect(wrongDelete.verify(old: old, new: new)?.description.contains("lands at new[1]") == true)

        let badCount = Changeset(deletes: [], moves: [.init(from: 2, to: 0)])
        #expect(badCount.verify(old: old, new: new)?.description.contains("sizes do not add up") == true)

        let unordered = Changeset(deletes: [2, 1])
        #expect(unordered.verify(old: old, new: [old[0]])?.description.contains("not strictly ascending") == true)

        let outOfRange = Changeset(deletes: [5])
        #expect(outOfRange.verify(old: old, new: [old[0], old[1]])?.description.contains("outside 0..<3") == true)

        let deleteAndMove = Changeset(deletes: [2], moves: [.init(from: 2, to: 0)])
        #expect(deleteAndMove.verify(old: old, new: [old[2], old[0]])?.description.contains("both deleted and moved") == true)

        let redundantUpdate = Changeset(updates: [.init(old: 0, new: 0)])
        #expect(redundantUpdate.verify(old: old, new: old)?.description.contains("contents are equal") == true)
    }

    @Test func applyRejectsAMalformedChangeset() {
        #expect(throws: ChangesetError.self) { try Changeset(inserts: [3]).apply(to: old, using: old) }
    }

    @Test func patchStepsAreValidOneAtATime() throws {
        var rng = TestRandom(seed: 11)
        for _ in 0..<2000 {
            let (old, new) = randomPair(.mixed, using: &rng)
            // Any valid changeset, including one with needless moves, must patch correctly:
            // keep the engine's moves and turn a random part of the staying items into moves too.
            var changeset = try HeckelEngine().diff(from: old, to: new)
            let source = try changeset.newToOld(oldCount: old.count, newCount: new.count)
            let moved = Set(changeset.moves.map(\.to))
            changeset.moves = (0..<new.count).filter { source[$0] >= 0 && (moved.contains($0) || Bool.random(using: &rng)) }
                .map { Changeset.Move(from: source[$0], to: $0) }
            #expect(changeset.verify(old: old, new: new) == nil)
            let steps = try changeset.patch(oldCount: old.count, newCount: new.count)
            #expect(old.applying(steps, using: new) == new)
            #expect(steps.count == changeset.stepCount)
        }
    }

    @Test func minimumMovesMatchesBruteForceOnSmallPermutations() {
        // Brute force: the most items that can stay is the largest subset of
        // new positions whose old positions increase (tried exhaustively).
        var rng = TestRandom(seed: 3)
        for n in 0...8 {
            for _ in 0..<40 {
                let old = (0..<n).map { Post(id: $0, content: 0) }
                let new = old.shuffled(using: &rng)
                let positions = new.map(\.id)
                var best = 0
                for mask in 0..<(1 << n) {
                    let chosen = (0..<n).filter { mask & (1 << $0) != 0 }.map { positions[$0] }
                    if zip(chosen, chosen.dropFirst()).allSatisfy({ $0 < $1 }) { best = max(best, chosen.count) }
                }
                #expect(MinimumMoves.count(old: old, new: new) == n - best, "\(positions)")
            }
        }
    }

    @Test func minimizingMovesKeepsTheMatches() throws {
        let old = (0..<6).map { Post(id: $0, content: 0) }
        let new = [5, 0, 1, 2, 3, 4].map { Post(id: $0, content: 0) }
        let everyoneMoves = Changeset(moves: (0..<6).map { Changeset.Move(from: new[$0].id, to: $0) })
        #expect(everyoneMoves.verify(old: old, new: new) == nil)
        let minimal = try everyoneMoves.minimizingMoves(oldCount: 6, newCount: 6)
        #expect(minimal.moves == [Changeset.Move(from: 5, to: 0)])
    }
}
