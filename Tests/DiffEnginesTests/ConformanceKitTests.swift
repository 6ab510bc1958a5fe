import DiffBenchTestSupport
@testable import DiffEngineChecks
import DiffEngines
import Testing

/// The conformance kit on the built-ins (each held to its own claims), and
/// the kit itself: engines broken on purpose must fail it, shrunk.
@Suite struct ConformanceKitTests {
    @Test(arguments: BuiltInEngine.all)
    func everyBuiltInKeepsTheContractAndItsClaims(engine: BuiltInEngine) throws {
        // The existential opens: the kit runs on the engine's concrete type, with its own claims.
        let report = try checkDiffEngine(engine.engine)
        #expect(report.cases == 10 + 7 * 60)
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

    @Test func anEngineAcceptingRepeatsThatClaimsUniqueIDsFailsOnOneRepeatedID() throws {
        do {
            try checkDiffEngine(HeckelEngine(), claims: [.uniqueIDsOnly])
            Issue.record("heckel passed as unique-ids-only")
        } catch {
            #expect(error.check == .acceptedRepeatedIDs)
            #expect(error.shrunk.repeatsIDs)
            #expect(error.shrunk.old.count + error.shrunk.new.count == 2, "\(error)")
        }
    }

    @Test func repeatsHiddenInACommonEndMustBeRefusedToo() {
        var generator = CaseGenerator(seed: 3)
        for _ in 0..<50 {
            let testCase = generator.make(.repeatsInCommonEnds)
            #expect(testCase.repeatsIDs)
            let checker = ConformanceChecker(engine: AcceptingRepeatsInCommonEnds(), claims: [.uniqueIDsOnly], options: .default)
            #expect(checker.run(testCase, as: .int).finding?.check == .acceptedRepeatedIDs)
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

/// Set's refusal, but only where trimming shows the repeat: the bug the kit's
/// `repeatsInCommonEnds` shape exists to catch.
private struct AcceptingRepeatsInCommonEnds: DiffEngine {
    static let name: EngineName = "accepting-repeats-in-common-ends"
    func diff<I: ElementIdentity>(from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions)
        throws(DiffError) -> Changeset
    {
        var prefix = 0
        while prefix < min(old.count, new.count), identity.id(of: old[prefix]) == identity.id(of: new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix,
            identity.id(of: old[old.count - 1 - suffix]) == identity.id(of: new[new.count - 1 - suffix])
        {
            suffix += 1
        }
        let middleOld = Array(old[prefix..<(old.count - suffix)]), middleNew = Array(new[prefix..<(new.count - suffix)])
        for list in [middleOld, middleNew] where Set(list.map(identity.id(of:))).count != list.count {
            throw .duplicateID(id: "?", side: .old, first: 0, second: 1)
        }
        return try HeckelEngine().diff(from: old, to: new, identity: identity, options: options)
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
