import DiffBenchTestSupport
import DiffEngines
import Testing

/// `DiffOptions.costLimit`: the engines that search the edit graph stop at
/// it and still answer with a valid changeset, marked approximate.
@Suite struct CostLimitTests {
    // The engines whose cost is a search of the edit graph (lcs fills a table, anchor hands boxes on);
    // hand-picked: the tests below state each one's own behaviour at the limit.
    static let searchingEngines: [EngineName] = [.myers, .patience, .histogram]

    /// Every answer under a limit verifies; an answer that is not marked
    /// approximate is the unbounded answer itself.
    @Test(arguments: searchingEngines, [0, 8, 64, 1_000])
    func answersUnderALimitVerify(engine: EngineName, limit: Int) throws {
        var random = TestRandom(seed: UInt64(limit) + 28)
        var approximate = 0
        for shape in PairShape.allCases {
            for _ in 0..<60 {
                let (old, new) = randomPair(shape, using: &random)
                let bounded = try BuiltInEngine(engine).diff(from: old, to: new, options: DiffOptions(costLimit: limit))
                #expect(bounded.verify(old: old, new: new) == nil, "\(shape): \(old) → \(new)")
                let free = try BuiltInEngine(engine).diff(from: old, to: new)
                #expect(!free.isApproximate)
                if bounded.isApproximate {
                    approximate += 1
                    // Myers' free answer is a shortest script: a coarser one is never shorter.
                    if engine == .myers { #expect(bounded.stepCount >= free.stepCount) }
                } else {
                    #expect(bounded == free, "\(shape): \(old) → \(new)")
                }
            }
        }
        // A limit of 0 stops every Myers search (patience and histogram
        // seldom search on these lists); 1,000 cells stop hardly any on lists of 40.
        if limit == 0 && engine == .myers { #expect(approximate > 100) }
        if limit == 1_000 { #expect(approximate < 60) }
    }

    /// Two large lists with nothing in common but repeated words on each
    /// side (Myers' worst case, D = N + M, 800 million cells unbounded): the
    /// limit stops Myers, and the coarse answer deletes and inserts
    /// everything, which is also the shortest here. Histogram and patience
    /// see no common id and never search.
    @Test(arguments: searchingEngines)
    func listsWithNothingInCommonStopAtTheLimit(engine: EngineName) throws {
        var random = TestRandom(seed: 7)
        let letters = Array("abcdefghijklmnopqrstuvwxyz"), digits = Array("0123456789")
        let old = (0..<20_000).map { _ in String((0..<3).map { _ in letters[random.below(26)] }) }
        let new = (0..<20_000).map { _ in String((0..<2).map { _ in digits[random.below(10)] }) }
        let changes = try BuiltInEngine(engine).diff(fromValues: old, toValues: new, options: DiffOptions(costLimit: 100_000))
        #expect(changes.isApproximate == (engine == .myers))
        #expect(changes.deletes.count == 20_000 && changes.inserts.count == 20_000)
        #expect(changes.verify(oldValues: old, newValues: new) == nil)
    }

    /// A periodic list (ids `i mod 8`) with a few edits: a tight limit stops
    /// the search and the answer is valid but longer; a loose one finds the
    /// shortest.
    @Test(arguments: searchingEngines)
    func aTightLimitGivesAValidLongerAnswer(engine: EngineName) throws {
        var random = TestRandom(seed: 11)
        let old = (0..<2_000).map { $0 % 8 }
        var new = old
        for _ in 0..<20 {
            let k = random.below(new.count)
            if random.chance(0.5) { new.remove(at: k) } else { new.insert(random.below(8), at: k) }
        }
        let tight = try BuiltInEngine(engine).diff(fromValues: old, toValues: new, options: DiffOptions(costLimit: 50))
        let loose = try BuiltInEngine(engine).diff(fromValues: old, toValues: new, options: DiffOptions(costLimit: 100_000_000))
        #expect(tight.isApproximate && !loose.isApproximate)
        #expect(tight.verify(oldValues: old, newValues: new) == nil)
        #expect(tight.stepCount > loose.stepCount)
    }

    /// Anchors nested `levels` deep, and no box left to Myers: at each level
    /// the copies of the level below appear twice on each side, so only the
    /// middle id is unique (and rarest) there; the copies are unique again
    /// inside each half. At the bottom, `a b` against `b a`. Patience and
    /// histogram spend all their work in their own per-level passes,
    /// O((N + M) × levels), and never call Myers.
    static func nestedAnchors(levels: Int) -> (old: [Int], new: [Int]) {
        var (old, new) = ([0, 1], [1, 0])
        for level in 0..<levels {
            let middle = 2 + level
            (old, new) = (old + [middle] + old, new + [middle] + new)
        }
        return (old, new)
    }

    /// The per-level passes are metered too: with no cells to spend (or a
    /// deadline already past) the answer on nested anchors is coarse, valid
    /// and marked approximate, where before only a Myers search could be
    /// cut short and this input has none. (The first box's passes, one pass
    /// over the input, are free.) Without a bound it is exact.
    @Test(arguments: [EngineName.patience, .histogram])
    func perLevelWorkStopsAtTheLimit(engine: EngineName) throws {
        let (old, new) = Self.nestedAnchors(levels: 14)  // 49,151 ids a side
        let free = try BuiltInEngine(engine).diff(fromValues: old, toValues: new)
        #expect(!free.isApproximate)
        // Each bottom pair keeps one of its two ids: a move (patience, histogram infer it) or a delete and an insert.
        #expect(free.verify(oldValues: old, newValues: new) == nil)
        for options in [DiffOptions(costLimit: 0), DiffOptions(costLimit: 5_000), DiffOptions(deadline: .zero)] {
            let bounded = try BuiltInEngine(engine).diff(fromValues: old, toValues: new, options: options)
            #expect(bounded.isApproximate, "\(options)")
            #expect(bounded.verify(oldValues: old, newValues: new) == nil, "\(options)")
            // Coarse: patience keeps fewer items in place than free (histogram
            // picks the stayers again among the moves, so its count can match).
            let kept = old.count - bounded.deletes.count - bounded.moves.count
            let keptFree = old.count - free.deletes.count - free.moves.count
            if engine == .patience { #expect(kept < keptFree, "\(options): \(kept) against \(keptFree)") }
            #expect(bounded != free, "\(options)")
        }
        // A limit the whole search fits in changes nothing.
        let loose = try BuiltInEngine(engine).diff(fromValues: old, toValues: new, options: DiffOptions(costLimit: 100_000_000))
        #expect(loose == free)
    }
}
