import DiffBenchTestSupport
import DiffEngines
import Testing

/// The lines of a C function followed by a blank line.
private func function(_ name: String, _ body: [String]) -> [String] {
    ["int \(name)(void)", "{"] + body.map { "    " + $0 } + ["}", ""]
}

/// The runs of consecutive indices in an ascending list: the hunks a reader sees.
private func hunks(_ indices: [Int]) -> Int {
    zip(indices, indices.dropFirst()).filter { $1 != $0 + 1 }.count + (indices.isEmpty ? 0 : 1)
}

/// Patience diff's own examples (the property tests run through the
/// conformance kit, `ConformanceKitTests`), and its standing against
/// heckel, the other engine that trusts unique ids.
@Suite struct PatienceEngineTests {
    /// The example the algorithm is known for: a function added before the
    /// others and one added after a function with a similar body. Worked by
    /// hand (Guides/Patience.md): the unique lines `int one(void)`,
    /// `return 1;` and `int two(void)` are the anchors; the box after the
    /// last anchor matches `{ log(); log();` as its common prefix and leaves
    /// the rest of the new file as one insert.
    @Test func theAddedFunctionStaysOneBlockWhereMyersSplitsIt() throws {
        let old = function("one", ["return 1;"]) + function("two", ["log();", "log();"])
        let new = function("zero", ["return 0;"]) + function("one", ["return 1;"])
            + function("two", ["log();", "log();"]) + function("three", ["log();", "log();", "return 3;"])
        let patience = try PatienceEngine().diff(fromValues: old, toValues: new)
        #expect(patience.deletes.isEmpty && patience.moves.isEmpty)
        #expect(patience.inserts == Array(0...4) + Array(14...20))
        #expect(hunks(patience.inserts) == 2)
        // Myers finds a script as short, but its middle snake lines the old
        // `two`'s braces and calls up with the new `three`'s: three hunks.
        let myers = try MyersEngine().diff(fromValues: old, toValues: new)
        #expect(myers.stepCount == patience.stepCount)
        #expect(hunks(myers.inserts) == 3)
    }

    /// Its known weakness: a unique line that moved is still an anchor, and
    /// pins the rest. `U V` are the longest increasing run of unique pairs,
    /// so `W` and the three `x` are moves (4 steps); the shortest script
    /// keeps `x x x` and moves `U`, `V`, `W` (3 steps).
    @Test func aMovedPairOfUniqueLinesCostsAMoveMoreThanMyers() throws {
        let old = Array("UVxxxW"), new = Array("WxxxUV")
        let patience = try PatienceEngine().diff(fromValues: old, toValues: new)
        #expect(patience.deletes.isEmpty && patience.inserts.isEmpty)
        #expect(Set(patience.moves.map { [$0.from, $0.to] }) == [[5, 0], [2, 1], [3, 2], [4, 3]])
        #expect(try MyersEngine().diff(fromValues: old, toValues: new).stepCount == 3)
    }

    /// With no id unique in both lists the whole middle goes to Myers.
    @Test(arguments: [1, 2, 3])
    func withoutAUniqueIDItIsMyers(seed: UInt64) throws {
        var random = TestRandom(seed: seed)
        var compared = 0
        while compared < 100 {
            // Every id at least twice on each side, and different ends, so
            // that no trimming can leave an id unique in what remains.
            let old = (0..<random.int(in: 1...20)).flatMap { _ in Array(repeating: random.below(4), count: 2) }
            var new = old
            random.shuffle(&new)
            guard old.first != new.first, old.last != new.last else { continue }
            compared += 1
            #expect(try PatienceEngine().diff(fromValues: old, toValues: new)
                == MyersEngine().diff(fromValues: old, toValues: new), "\(old) → \(new)")
        }
    }
}

/// The text engines never take more steps than heckel where ids are unique:
/// both match every common id, and only the moves can differ.
@Suite struct TextEnginesAgainstHeckelTests {
    @Test(arguments: [EngineName.patience, .histogram])
    func atLeastAsShortAsHeckelOnUniqueIDs(engine: EngineName) throws {
        var random = TestRandom(seed: 28)
        for shape in PairShape.allCases where shape != .tinyAlphabet {
            for _ in 0..<200 {
                let (old, new) = randomPair(shape, using: &random)
                let steps = try BuiltInEngine(engine).diff(from: old, to: new).stepCount
                let heckel = try HeckelEngine().diff(from: old, to: new).stepCount
                #expect(steps <= heckel, "\(shape): \(old) → \(new)")
            }
        }
    }
}

/// Lists with nothing in common (two different files): there is nothing to
/// search, and patience must not hand the box to Myers, whose search would
/// cost about (N + M)²/2 steps.
@Suite struct PatienceDisjointTests {
    @Test("nothing in common: all deletes and inserts, exact even under a one-cell cost limit", arguments: [1, 40, 3_000])
    func disjointListsNeedNoSearch(size: Int) throws {
        let old = (0..<size).map { "word\($0 % 7)" }, new = (0..<size).map { "\($0 % 5)" }
        let changes = try PatienceEngine().diff(fromValues: old, toValues: new, options: DiffOptions(costLimit: 1))
        #expect(!changes.isApproximate)
        #expect(changes.deletes.count == size && changes.inserts.count == size && changes.moves.isEmpty)
        #expect(changes.verify(oldValues: old, newValues: new) == nil)
    }
}
