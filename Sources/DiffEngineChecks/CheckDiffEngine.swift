import DiffEngines
import ListUpdates

/// Checks `engine` against the whole engine contract, the way DiffBench
/// checks its own engines, and throws the first failure, shrunk.
///
/// Every case is run as int, string and record elements
/// (``ConformanceElements``): first ten edge cases (empty lists, one
/// element, every id replaced, every content changed, …), then seeded random
/// pairs of seven shapes (permutations, edits, content changes, a tiny
/// alphabet of repeated ids, repeats hidden in a common prefix or suffix,
/// lists of a few hundred). On each it checks that
/// - the engine answers (or, claiming `EngineClaims.uniqueIDsOnly`, refuses
///   a pair with a repeated id, with `DiffError.duplicateID` and nothing else);
/// - `Changeset.verify` passes, applying the changeset and its step-by-step
///   patch both rebuild the new list, and the UIKit batch model accepts it;
/// - a second call gives the same changeset;
/// - the claimed minimality holds (`EngineClaims`).
///
/// ```swift
/// import DiffEngineChecks
/// import Testing
///
/// @Test func myEngineKeepsTheContract() throws {
///     try checkDiffEngine(MyEngine())   // holds it to MyEngine.claims
/// }
/// ```
///
/// A failure names the check, the element type and the first failing case,
/// then removes elements (and undoes content changes) one at a time while
/// the same check still fails, so the case it prints is small enough to
/// read.
///
/// - Parameters:
///   - engine: the engine under test.
///   - claims: what it promises beyond the contract; only these are checked.
///     The engine's own `DiffEngine.claims` unless a test says otherwise
///     (a test of the kit itself claims more than an engine keeps).
///   - configuration: the seed, how many cases, which element types, options.
/// - Returns: what was covered (cases and calls), for a test to assert on.
/// - Throws: ``ConformanceFailure`` at the first case that breaks a rule.
/// - Complexity: about 60 cases for each of 7 shapes plus 10 edge cases,
///   each run as 3 element types with 2 engine calls: some 2,600 calls of
///   the engine on lists of up to 300 elements, plus O(N·M) for the LCS
///   oracle where `EngineClaims.minimalEdits` is claimed.
@discardableResult
public func checkDiffEngine<E: DiffEngine>(
    _ engine: E, claims: EngineClaims = E.claims, configuration: ConformanceConfiguration = ConformanceConfiguration()
) throws(ConformanceFailure) -> ConformanceReport {
    var report = ConformanceReport(engine: E.name.rawValue, claims: claims, cases: 0, calls: 0, refusedRepeats: 0)
    var generator = CaseGenerator(seed: configuration.seed)
    var cases = CaseGenerator.edgeCases
    for shape in CaseGenerator.Shape.allCases {
        for _ in 0..<configuration.casesPerShape { cases.append(generator.make(shape)) }
    }
    let checker = ConformanceChecker(engine: engine, claims: claims, options: configuration.options)
    for (number, testCase) in cases.enumerated() {
        report.cases += 1
        for elements in configuration.elements {
            let outcome = checker.run(testCase, as: elements)
            report.calls += outcome.calls
            if outcome.refusedRepeats { report.refusedRepeats += 1 }
            guard let finding = outcome.finding else { continue }
            let (shrunk, detail) = checker.shrink(testCase, as: elements, failing: finding)
            throw ConformanceFailure(
                engine: E.name.rawValue, check: finding.check, elements: elements, original: testCase, shrunk: shrunk,
                detail: detail, seed: configuration.seed, caseNumber: number)
        }
    }
    return report
}

/// One check's verdict on one case: the rule broken and how.
struct ConformanceFinding: Hashable {
    var check: ConformanceCheck
    var detail: String
}
