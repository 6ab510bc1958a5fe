import DiffEngines
import ListUpdates

/// Runs the rules on a case in one element type, and shrinks a failing case.
struct ConformanceChecker<E: DiffEngine> {
    let engine: E
    let claims: EngineClaims
    let options: DiffOptions

    struct Outcome {
        var finding: ConformanceFinding?
        var calls: Int
        var refusedRepeats: Bool
    }

    func run(_ testCase: ConformanceCase, as elements: ConformanceElements) -> Outcome {
        switch elements {
        case .int:
            return run(testCase, old: testCase.intRows(testCase.old), new: testCase.intRows(testCase.new))
        case .string:
            return run(
                testCase, old: testCase.stringRows(testCase.old, side: .old),
                new: testCase.stringRows(testCase.new, side: .new))
        case .record:
            return run(testCase, old: testCase.recordRows(testCase.old), new: testCase.recordRows(testCase.new))
        }
    }

    /// The rules, in order; the first broken one is the finding. The
    /// minimality oracles read the abstract ids, which map one to one onto
    /// each element type's ids.
    func run<Row: Identifiable & Equatable & Sendable>(_ testCase: ConformanceCase, old: [Row], new: [Row]) -> Outcome {
        let mayRefuse = claims.contains(.uniqueIDsOnly) && testCase.repeatsIDs
        let changeset: Changeset
        do {
            changeset = try engine.diff(from: old, to: new, identity: IdentifiedElements<Row>(), options: options)
        } catch {
            if mayRefuse, case .duplicateID = error { return Outcome(finding: nil, calls: 1, refusedRepeats: true) }
            let finding = mayRefuse
                ? ConformanceFinding(check: .refusedRepeatsWrongly, detail: "threw \(error), not DiffError.duplicateID")
                : ConformanceFinding(check: .refusedValidInput, detail: "threw \(error)")
            return Outcome(finding: finding, calls: 1, refusedRepeats: false)
        }
        var finding = contractFinding(changeset, old: old, new: new)
        if finding == nil {
            let again = try? engine.diff(from: old, to: new, identity: IdentifiedElements<Row>(), options: options)
            if again != changeset {
                finding = ConformanceFinding(
                    check: .deterministic, detail: "first \(changeset), then \(again.map(String.init(describing:)) ?? "an error")")
            }
        }
        if finding == nil { finding = claimFinding(changeset, testCase) }
        if finding == nil, claims.contains(.honoursBounds) {
            // The coarse finish past the bound must keep the contract too.
            var bounded = options
            bounded.costLimit = 0
            if let cut = try? engine.diff(from: old, to: new, identity: IdentifiedElements<Row>(), options: bounded) {
                if let problem = contractFinding(cut, old: old, new: new) {
                    finding = ConformanceFinding(check: .bounded, detail: "\(problem.check.rawValue): \(problem.detail)")
                }
            } else {
                finding = ConformanceFinding(check: .bounded, detail: "threw under costLimit 0")
            }
        }
        return Outcome(finding: finding, calls: finding?.check == .deterministic || finding == nil ? 2 : 1, refusedRepeats: false)
    }

    /// The rules every engine keeps.
    func contractFinding<Row: Identifiable & Equatable & Sendable>(_ changeset: Changeset, old: [Row], new: [Row])
        -> ConformanceFinding?
    {
        if let problem = changeset.verify(old: old, new: new) {
            return ConformanceFinding(check: .verifier, detail: "\(problem); changeset \(changeset)")
        }
        do {
            let rebuilt = try changeset.apply(to: old, using: new)
            if rebuilt != new { return ConformanceFinding(check: .apply, detail: "gave \(rebuilt); changeset \(changeset)") }
            let steps = try changeset.patch(oldCount: old.count, newCount: new.count)
            let stepped = old.applying(steps, using: new)
            if stepped != new || steps.count != changeset.stepCount {
                return ConformanceFinding(check: .patch, detail: "steps \(steps) gave \(stepped)")
            }
            let staged = try StagedBatches.make(from: changeset, oldCount: old.count, newCount: new.count)
            if let problem = ListViewState.validate(staged, from: ListViewState(rows: old), expecting: ListViewState(rows: new)) {
                return ConformanceFinding(check: .batchModel, detail: "\(problem); changeset \(changeset)")
            }
        } catch {
            return ConformanceFinding(check: .apply, detail: "\(error); changeset \(changeset)")
        }
        return nil
    }

    /// The rules the engine claims.
    func claimFinding(_ changeset: Changeset, _ testCase: ConformanceCase) -> ConformanceFinding? {
        let oldIDs = testCase.old.map(\.id), newIDs = testCase.new.map(\.id)
        if claims.contains(.minimalEdits) {
            let shortest = oldIDs.count + newIDs.count - 2 * ConformanceOracles.lcsLength(oldIDs, newIDs)
            let length = changeset.deletes.count + changeset.inserts.count + 2 * changeset.moves.count
            if length != shortest {
                return ConformanceFinding(
                    check: .minimalEdits, detail: "deletes + inserts + 2 × moves = \(length), the shortest is \(shortest)")
            }
        }
        if claims.contains(.fewestMoves), !testCase.repeatsIDs {
            let fewest = ConformanceOracles.fewestMoves(oldIDs, newIDs)
            if changeset.moves.count != fewest {
                return ConformanceFinding(check: .fewestMoves, detail: "\(changeset.moves.count) moves, the fewest is \(fewest)")
            }
        }
        return nil
    }

    /// Greedy shrinking: drop one slot of either list, or undo one content
    /// change, whenever the smaller case still fails the same check; repeat
    /// until nothing smaller fails. At most `budget` candidate runs (each a
    /// few engine calls on a list no longer than the original).
    func shrink(_ testCase: ConformanceCase, as elements: ConformanceElements, failing finding: ConformanceFinding, budget: Int = 5_000)
        -> (ConformanceCase, String)
    {
        var current = testCase
        var detail = finding.detail
        var tries = 0
        var progress = true
        while progress && tries < budget {
            progress = false
            for candidate in smaller(current) {
                tries += 1
                if tries >= budget { break }
                if let found = run(candidate, as: elements).finding, found.check == finding.check {
                    current = candidate
                    detail = found.detail
                    progress = true
                    break
                }
            }
        }
        return (current, detail)
    }

    /// Cases one step smaller than `testCase`: one slot fewer, or one content reset to 0.
    func smaller(_ testCase: ConformanceCase) -> [ConformanceCase] {
        var candidates: [ConformanceCase] = []
        for index in testCase.old.indices {
            var copy = testCase
            copy.old.remove(at: index)
            candidates.append(copy)
        }
        for index in testCase.new.indices {
            var copy = testCase
            copy.new.remove(at: index)
            candidates.append(copy)
        }
        for index in testCase.old.indices where testCase.old[index].content != 0 {
            var copy = testCase
            copy.old[index].content = 0
            candidates.append(copy)
        }
        for index in testCase.new.indices where testCase.new[index].content != 0 {
            var copy = testCase
            copy.new[index].content = 0
            candidates.append(copy)
        }
        return candidates
    }
}
