import DiffEngines
import Testing
import DiffBenchTestSupport

/// Beyond the contract the conformance kit checks (ConformanceKitTests:
/// apply, patch, verifier, batch model, determinism, each engine's claims):
/// the fewest moves on request, and updates agreed across engines.
@Suite struct EnginePropertyTests {
    static let casesPerShape = 300

    @Test(arguments: EngineName.builtIns)
    func minimizeMovesReachesTheMinimum(engine: EngineName) throws {
        var rng = TestRandom(seed: 7)
        for shape in [PairShape.permutation, .reversed, .randomEdits, .mixed] {
            for _ in 0..<Self.casesPerShape {
                let (old, new) = randomPair(shape, using: &rng)
                let changeset = try BuiltInEngine.diff(
                    engine, from: old, to: new, identity: IdentifiedElements<Post>(),
                    options: DiffOptions(minimizeMoves: true))
                #expect(changeset.verify(old: old, new: new) == nil)
                #expect(changeset.moves.count == MinimumMoves.count(old: old, new: new))
            }
        }
    }

    @Test func everyEngineFindsTheSameUpdates() throws {
        var rng = TestRandom(seed: 5)
        for _ in 0..<500 {
            let (old, new) = randomPair(.mixed, using: &rng)
            let expected = Set(new.compactMap { post in
                old.first { $0.id == post.id && $0.content != post.content }.map { _ in post.id }
            })
            for engine in EngineName.builtIns {
                let changeset = try BuiltInEngine.diff(engine, from: old, to: new, identity: IdentifiedElements<Post>())
                #expect(Set(changeset.updates.map { new[$0.new].id }) == expected, "\(engine)")
            }
        }
    }

    @Test func largeListsStayCorrect() throws {
        var rng = TestRandom(seed: 2024)
        let old = (0..<20_000).map { Post(id: $0, content: 0) }
        var new = old
        for _ in 0..<300 {
            let item = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
            if Bool.random(using: &rng) { new.insert(item, at: Int.random(in: 0...new.count, using: &rng)) }
        }
        for k in 0..<50 { new.insert(Post(id: 100_000 + k, content: 1), at: Int.random(in: 0...new.count, using: &rng)) }
        for engine in EngineName.builtIns {
            do {
                let changeset = try BuiltInEngine.diff(engine, from: old, to: new, identity: IdentifiedElements<Post>())
                #expect(changeset.verify(old: old, new: new) == nil, "\(engine)")
            } catch {
                // A table engine (lcs) refuses the 400-million-cell table by its memory budget; that is its answer.
                if case .memoryBudgetExceeded = error {} else { Issue.record("\(engine): \(error)") }
            }
        }
    }
}
