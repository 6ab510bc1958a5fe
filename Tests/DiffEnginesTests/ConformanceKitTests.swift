import DiffBenchTestSupport
@testable import DiffEngineChecks
import DiffEngines
import Testing

/// The conformance kit on the built-ins (each held to its own claims), and
/// the kit itself: engines broken on purpose must fail it, shrunk.
@Suite struct ConformanceKitTests {
    /// 20 random cases per shape, not the kit's 60: each shape and every
    /// edge case is still met as all three element types, and the built-ins
    /// face random lists in their own property tests too; 60 made this the
    /// slowest test that stays in the test process (a third of the cases,
    /// a third of the time).
    static let casesPerShape = 20

    @Test(arguments: BuiltInEngine.all)
    func everyBuiltInKeepsTheContractAndItsClaims(engine: BuiltInEngine) throws {
        // The existential opens: the kit runs on the engine's concrete type, with its own claims.
        let report = try checkDiffEngine(engine.engine, configuration: .init(casesPerShape: Self.casesPerShape))
        #expect(report.cases == 10 + 7 * Self.casesPerShape)
        #expect(report.calls > 2 * report.cases)
        #expect((report.refusedRepeats > 0) == engine.engine.claimsUniqueIDs, "\(report)")
    }

    @Test func anEngineThatDropsAMoveFailsWithACaseOfTwoElementsASide() throws {
        do {
            try checkDiffEngine(DroppingFirstMove(), claims: [])
            Issue.record("the mutated engine passed")
        } catch {
            #expect([.verifier, .apply].contains(error.check), "\(error)")
            // The smallest pair with a move: two ids that swap.
            #expect(error.shrunk.old.count == 2 && error.shrunk.new.count == 2, "\(error)")
            #expect(error.original.old.count + error.original.new.count >= 4)
        }
    }

    @Test func anEngineThatRefusesWithoutARepeatFailsWithACaseOfOneElement() throws {
        do {
            try checkDiffEngine(RefusingAnyNonEmptyList(), claims: [.uniqueIDsOnly])
            Issue.record("the refusing engine passed")
        } catch {
            #expect(error.check == .refusedValidInput, "\(error)")
            #expect(!error.shrunk.repeatsIDs)
            #expect(error.shrunk.old.count + error.shrunk.new.count == 1, "\(error)")
        }
    }

    @Test func aRefusalOfRepeatsWithAnotherErrorFails() throws {
        do {
            try checkDiffEngine(RefusingAnyNonEmptyList(), claims: [.uniqueIDsOnly], configuration: .init(casesPerShape: 0))
        } catch {
            // The edge cases start without repeats: the first failure is a refusal of a valid pair.
            #expect(error.check == .refusedValidInput)
        }
        let checker = ConformanceChecker(engine: RefusingAnyNonEmptyList(), claims: [.uniqueIDsOnly], options: .default)
        let repeated = ConformanceCase(old: [.init(id: 3, content: 0), .init(id: 3, content: 0)], new: [], shape: "t")
        #expect(checker.run(repeated, as: .int).finding?.check == .refusedRepeatsWrongly)
    }

    @Test func anAnswerGivenDespiteARepeatIsStillChecked() {
        var generator = CaseGenerator(seed: 3)
        let checker = ConformanceChecker(engine: WrongOnRepeats(), claims: [.uniqueIDsOnly], options: .default)
        for _ in 0..<50 {
            let testCase = generator.make(.repeatsInCommonEnds)
            #expect(testCase.repeatsIDs)
            // An empty changeset is right only where nothing changed.
            let expected: ConformanceCheck? = testCase.old == testCase.new ? nil : .verifier
            #expect(checker.run(testCase, as: .string).finding?.check == expected)
        }
    }

    @Test func heckelClaimingAShortestScriptFailsOnTheOracle() throws {
        do {
            try checkDiffEngine(HeckelEngine(), claims: [.minimalEdits])
            Issue.record("heckel passed as minimal")
        } catch {
            #expect(error.check == .minimalEdits, "\(error)")
        }
    }

    @Test func heckelClaimingTheFewestMovesFailsOnTheOracle() throws {
        do {
            try checkDiffEngine(HeckelEngine(), claims: [.fewestMoves])
            Issue.record("heckel passed as fewest-moves")
        } catch {
            #expect(error.check == .fewestMoves, "\(error)")
            // Heckel moves both items of a pair whose order it cannot tell apart; one move would do.
            #expect(error.shrunk.old.count <= 3, "\(error)")
        }
    }

    @Test func anEngineWhoseAnswerChangesBetweenCallsFails() throws {
        do {
            try checkDiffEngine(Alternating(), claims: [])
            Issue.record("the alternating engine passed")
        } catch {
            #expect(error.check == .deterministic, "\(error)")
        }
    }

    @Test func theStringElementsSpellOneIdTwoWays() {
        let testCase = ConformanceCase(old: [.init(id: 5, content: 0)], new: [.init(id: 5, content: 0)], shape: "t")
        let old = testCase.stringRows(testCase.old, side: .old), new = testCase.stringRows(testCase.new, side: .new)
        #expect(old[0].id == new[0].id)
        #expect(Array(old[0].id.utf8) != Array(new[0].id.utf8))
    }

    @Test func theOraclesAgreeWithTheTestsOwnReference() {
        var random = TestRandom(seed: 77)
        for _ in 0..<300 {
            let a = (0..<random.below(25)).map { _ in random.below(6) }
            let b = (0..<random.below(25)).map { _ in random.below(6) }
            #expect(ConformanceOracles.lcsLength(a, b) == referenceLCSLength(a, b))
            var unique = Array(0..<random.below(20))
            random.shuffle(&unique)
            let other = unique.filter { _ in random.chance(0.7) } + [100, 101].filter { _ in random.chance(0.5) }
            #expect(ConformanceOracles.fewestMoves(unique, other) == MinimumMoves.count(oldValues: unique, newValues: other))
        }
        #expect(ConformanceOracles.fewestMoves([0, 1, 2, 3], [3, 2, 1, 0]) == 3)
        #expect(ConformanceOracles.fewestMoves([0, 1, 2], [2, 0, 1]) == 1)
    }
}

/// Heckel's answer with its first move left out: a changeset that no longer rebuilds the list.
private struct DroppingFirstMove: DiffEngine {
    static let name: EngineName = "dropping-first-move"
    func diff<I: ElementIdentity>(from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions)
        throws(DiffError) -> Changeset
    {
        var changeset = try HeckelEngine().diff(from: old, to: new, identity: identity, options: options)
        if !changeset.moves.isEmpty { changeset.moves.removeFirst() }
        return changeset
    }
}

/// Refuses every non-empty pair, with the memory-budget error.
private struct RefusingAnyNonEmptyList: DiffEngine {
    static let name: EngineName = "refusing"
    func diff<I: ElementIdentity>(from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions)
        throws(DiffError) -> Changeset
    {
        guard old.isEmpty && new.isEmpty else { throw .memoryBudgetExceeded(engine: "refusing", cells: 1, bytes: 1, budget: 0) }
        return Changeset()
    }
}

/// Answers pairs with repeated ids by deleting nothing and inserting nothing: wrong.
private struct WrongOnRepeats: DiffEngine {
    static let name: EngineName = "wrong-on-repeats"
    func diff<I: ElementIdentity>(from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions)
        throws(DiffError) -> Changeset
    {
        let repeats = Set(old.map(identity.id(of:))).count != old.count || Set(new.map(identity.id(of:))).count != new.count
        return repeats ? Changeset() : try HeckelEngine().diff(from: old, to: new, identity: identity, options: options)
    }
}

/// Heckel's and myers' answers in turn: each valid, together not deterministic.
private struct Alternating: DiffEngine {
    static let name: EngineName = "alternating"
    nonisolated(unsafe) static var calls = 0
    func diff<I: ElementIdentity>(from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions)
        throws(DiffError) -> Changeset
    {
        Alternating.calls += 1
        return Alternating.calls % 2 == 0
            ? try HeckelEngine().diff(from: old, to: new, identity: identity, options: options)
            : try MyersEngine().diff(from: old, to: new, identity: identity, options: options)
    }
}

extension DiffEngine {
    /// Whether the engine claims to refuse repeated ids (through its type's claims).
    var claimsUniqueIDs: Bool { Self.claims.contains(.uniqueIDsOnly) }
}
