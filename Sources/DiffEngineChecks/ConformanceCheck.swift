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
