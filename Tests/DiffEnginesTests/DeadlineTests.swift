import DiffBenchTestSupport
import DiffEngines
import Testing

/// A periodic list (ids `i mod 8`) and a copy with `edits` random inserts,
/// deletes and replacements (the inserted ids mostly from the same eight,
/// some new): the list on which `anchor` finds no unique id to anchor on.
func periodicPair(count: Int, edits: Int, seed: UInt64) -> (old: [Int], new: [Int]) {
    var random = TestRandom(seed: seed)
    let old = (0..<count).map { $0 % 8 }
    var new = old
    for _ in 0..<edits {
        let id = random.chance(0.9) ? random.below(8) : 100 + random.below(1_000)
        switch random.below(3) {
        case 0: new.insert(id, at: random.below(new.count + 1))
        case 1 where !new.isEmpty: new.remove(at: random.below(new.count))
        default: if !new.isEmpty { new[random.below(new.count)] = id }
        }
    }
    return (old, new)
}

/// `DiffOptions.deadline` and `costLimit` on every engine: an answer past
/// the bound is valid and marked approximate, and an answer that is not
/// marked is the unbounded one.
@Suite struct DeadlineTests {
    /// The engines that claim to honour the bounds (the ones that are not
    /// linear), read from their claims: a new engine is in or out by its own word.
    static let boundedEngines: [EngineName] = BuiltInEngine.all.filter { $0.claims.contains(.honoursBounds) }.map(\.name)

    /// The bounds a test applies: one cell, or a deadline that has already
    /// passed when the call starts.
    enum Bound: CaseIterable, CustomTestStringConvertible {
        case oneCell, expiredDeadline
        var options: DiffOptions {
            switch self {
            case .oneCell: return DiffOptions(costLimit: 1)
            case .expiredDeadline: return DiffOptions(deadline: .zero)
            }
        }
        var testDescription: String { self == .oneCell ? "costLimit 1" : "deadline 0 s" }
    }

    /// Every engine under either bound, on random pairs of every shape:
    /// the answer verifies (applying it gives the new list), and one not
    /// marked approximate is exactly the answer without a bound.
    @Test(arguments: EngineName.builtIns, Bound.allCases)
    func answersUnderABoundVerify(engine: EngineName, bound: Bound) throws {
        var random = TestRandom(seed: 2_028)
        var approximate = 0
        for shape in PairShape.allCases {
            for _ in 0..<40 {
                let (old, new) = randomPair(shape, using: &random)
                if engine == .set, !hasUniqueIDs(old) || !hasUniqueIDs(new) { continue }
                let bounded = try BuiltInEngine(engine).diff(from: old, to: new, options: bound.options)
                #expect(bounded.verify(old: old, new: new) == nil, "\(shape): \(old) → \(new)")
                #expect(try bounded.apply(to: old, using: new) == new)
                if bounded.isApproximate {
                    approximate += 1
                } else {
                    #expect(bounded == (try BuiltInEngine(engine).diff(from: old, to: new)), "\(shape): \(old) → \(new)")
                }
            }
        }
        // One cell stops every search lcs and myers start on these lists
        // (lcs charges a row before filling it); the linear engines never stop.
        if bound == .oneCell, engine == .lcs || engine == .myers { #expect(approximate > 100) }
        if !Self.boundedEngines.contains(engine) { #expect(approximate == 0) }
    }

    /// A periodic list of 3,000 with 300 edits needs a long search from
    /// every engine that is not linear (anchor finds no anchor in it, and
    /// histogram's ids are all too frequent): an expired deadline stops
    /// each one, and its answer still rebuilds the new list.
    @Test(arguments: boundedEngines)
    func anExpiredDeadlineStopsEveryBoundedEngine(engine: EngineName) throws {
        let (old, new) = periodicPair(count: 3_000, edits: 300, seed: 5)
        let bounded = try BuiltInEngine(engine).diff(fromValues: old, toValues: new, options: DiffOptions(deadline: .zero))
        let free = try BuiltInEngine(engine).diff(fromValues: old, toValues: new)
        #expect(bounded.isApproximate && !free.isApproximate)
        #expect(bounded.verify(oldValues: old, newValues: new) == nil)
        #expect(try bounded.apply(to: old, using: new) == new)
        #expect(bounded.stepCount >= free.stepCount || engine == .anchor)
    }

    /// A deadline far off changes nothing: the search checks in with the
    /// clock every stretch of cells (3,000 periodic items with 300 edits
    /// take more than 50,000 cells, three stretches) and goes on where it paused, charging
    /// each cell once, so with or without the deadline the same cost limit
    /// stops it at the same cell and gives the same answer.
    @Test(arguments: CostLimitTests.searchingEngines, [nil, 20_000, 50_000] as [Int?])
    func aFarDeadlineGivesTheAnswerWithoutIt(engine: EngineName, costLimit: Int?) throws {
        let (old, new) = periodicPair(count: 3_000, edits: 300, seed: 7)
        let withoutDeadline = try BuiltInEngine(engine).diff(fromValues: old, toValues: new, options: DiffOptions(costLimit: costLimit))
        let farDeadline = try BuiltInEngine(engine).diff(
            fromValues: old, toValues: new, options: DiffOptions(costLimit: costLimit, deadline: .seconds(3_600)))
        #expect(farDeadline == withoutDeadline)
        #expect(farDeadline.isApproximate == withoutDeadline.isApproximate)
        #expect(withoutDeadline.isApproximate == (costLimit != nil))
    }

    /// `lcs` charges each table row before filling it: a limit of a few
    /// rows stops the fill, and the coarse answer (the part before the
    /// stopping row aligned, the rest deleted and inserted) is valid and
    /// longer; a limit that covers the table gives the minimal answer.
    @Test(arguments: [0, 1, 10, 150])
    func lcsStopsBetweenRows(rows: Int) throws {
        let (old, new) = periodicPair(count: 200, edits: 10, seed: 9)
        let free = try LCSEngine().diff(fromValues: old, toValues: new)
        let cut = try LCSEngine().diff(fromValues: old, toValues: new, options: DiffOptions(costLimit: rows * new.count))
        #expect(cut.isApproximate)
        #expect(cut.verify(oldValues: old, newValues: new) == nil)
        // Edits with a move counted as the delete and insert it pairs.
        func edits(_ changes: Changeset) -> Int { changes.deletes.count + changes.inserts.count + 2 * changes.moves.count }
        #expect(edits(cut) > edits(free))
        let whole = try LCSEngine().diff(fromValues: old, toValues: new, options: DiffOptions(costLimit: old.count * new.count))
        #expect(!whole.isApproximate && whole == free)
    }
}

/// `anchor` on lists without a unique id: its gaps get a bounded Myers
/// search before the k-th pairing, so a few edits stay a few steps.
@Suite struct AnchorPeriodicTests {
    /// Seeded periodic lists with 1 % edits: anchor's steps are within
    /// 1.5× myers' (the oracle: the shortest script, moves paired after).
    /// With the k-th pairing alone anchor took 524 steps where myers took
    /// 13 at 1,000, and 6,224 against 64 at 10,000.
    @Test(arguments: [1_000, 10_000, 30_000], [1, 2, 3] as [UInt64])
    func anchorIsWithinHalfAgainOfMyersOnAPeriodicList(count: Int, seed: UInt64) throws {
        let (old, new) = periodicPair(count: count, edits: count / 100, seed: seed)
        let anchor = try AnchorEngine().diff(fromValues: old, toValues: new)
        let myers = try MyersEngine().diff(fromValues: old, toValues: new)
        #expect(anchor.verify(oldValues: old, newValues: new) == nil)
        #expect(!anchor.isApproximate)
        #expect(Double(anchor.stepCount) <= 1.5 * Double(myers.stepCount), "anchor \(anchor.stepCount), myers \(myers.stepCount)")
    }

    /// Where the gap's edits are many (a periodic list against a shuffled
    /// copy), the search stops at its own bound and anchor pairs the rest
    /// as before: a valid answer, not marked approximate (no caller's
    /// bound was reached).
    @Test func aGapWithManyEditsFallsBackToPairing() throws {
        var random = TestRandom(seed: 3)
        let old = (0..<20_000).map { $0 % 8 }
        var new = old
        random.shuffle(&new)
        let anchor = try AnchorEngine().diff(fromValues: old, toValues: new)
        #expect(anchor.verify(oldValues: old, newValues: new) == nil)
        #expect(!anchor.isApproximate)
        #expect(anchor.deletes.isEmpty && anchor.inserts.isEmpty)
    }
}
