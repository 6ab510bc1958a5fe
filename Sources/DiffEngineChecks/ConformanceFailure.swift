import DiffEngines

/// One rule of the engine contract, as the kit names it in a failure.
public enum ConformanceCheck: String, Hashable, Sendable, CaseIterable {
    /// The engine threw on a pair it must accept: any pair without the
    /// `EngineClaims.uniqueIDsOnly` claim, a pair without repeats with it.
    case refusedValidInput = "refused a valid pair"
    /// An engine that claims `EngineClaims.uniqueIDsOnly` refused repeated
    /// ids with another error than `DiffError.duplicateID`.
    case refusedRepeatsWrongly = "refused repeated ids with the wrong error"
    /// `Changeset.verify` found a problem (indices, ids, updates).
    case verifier = "failed the verifier"
    /// Applying the changeset to the old list did not give the new list.
    case apply = "apply did not rebuild the new list"
    /// The ordered step list did not rebuild the new list one step at a time.
    case patch = "the step-by-step patch did not rebuild the new list"
    /// The UIKit batch model refused the batches made from the changeset.
    case batchModel = "the batch-update model refused it"
    /// A second call on the same pair gave another changeset.
    case deterministic = "a second call gave another answer"
    /// Claimed `EngineClaims.minimalEdits` but the script is longer.
    case minimalEdits = "not a shortest edit script"
    /// Claimed `EngineClaims.fewestMoves` but there are more moves than needed.
    case fewestMoves = "more moves than the fewest"
    /// Claimed `EngineClaims.honoursBounds` but a call under a cost limit
    /// of 0 threw or broke the contract.
    case bounded = "an answer under a cost limit of 0 broke the contract"
}

/// The first case an engine failed, shrunk to a smallest pair that still
/// fails the same check, with the context to replay it.
public struct ConformanceFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var engine: String
    public var check: ConformanceCheck
    public var elements: ConformanceElements
    /// The generated case that failed first.
    public var original: ConformanceCase
    /// The smallest case found that fails `check` the same way.
    public var shrunk: ConformanceCase
    /// What was wrong with the engine's answer on `shrunk`, in words.
    public var detail: String
    /// The seed and the case's number in the run, to replay it.
    public var seed: UInt64
    public var caseNumber: Int

    public var description: String {
        """
        \(engine) \(check.rawValue) on \(elements.rawValue) elements: \(detail)
          shrunk case:   \(shrunk)
          original case: \(original) (shape \(original.shape), case #\(caseNumber), seed \(seed))
        """
    }
}

/// What a passing check covered: cases and engine calls, per element type.
public struct ConformanceReport: Hashable, Sendable, CustomStringConvertible {
    public var engine: String
    public var claims: EngineClaims
    /// Generated cases (each run as every element type).
    public var cases: Int
    /// Engine calls made, over every case and element type.
    public var calls: Int
    /// Cases with repeated ids the engine refused as it claims to.
    public var refusedRepeats: Int

    public var description: String {
        "\(engine) \(claims): \(cases) cases, \(calls) calls, \(refusedRepeats) refusals of repeated ids"
    }
}

/// How many cases to draw and how to call the engine.
public struct ConformanceConfiguration: Hashable, Sendable {
    public var seed: UInt64
    /// Random cases per shape (7 shapes), after the 10 edge cases.
    public var casesPerShape: Int
    public var elements: [ConformanceElements]
    public var options: DiffOptions

    public init(
        seed: UInt64 = 0xD1FF_C0DE, casesPerShape: Int = 60, elements: [ConformanceElements] = ConformanceElements.allCases,
        options: DiffOptions = .default
    ) {
        self.seed = seed
        self.casesPerShape = casesPerShape
        self.elements = elements
        self.options = options
    }
}
