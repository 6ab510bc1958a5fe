/// What an engine promises beyond the contract every engine keeps (a valid
/// changeset that rebuilds the new list and passes the batch model).
///
/// An engine states its claims once, as ``DiffEngine/claims``; the
/// conformance kit (`DiffEngineChecks.checkDiffEngine`) holds it to exactly
/// these promises: a claim the engine does not make is not checked, and a
/// claim it makes is checked on every generated case where it applies.
public struct EngineClaims: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The engine needs unique ids: on a pair where either list repeats an
    /// id it may refuse, and then only with `DiffError.duplicateID`; where it
    /// answers anyway (a repeat that cannot make its answer wrong, such as
    /// one inside the common prefix that `set` trims without hashing) the
    /// answer must pass every check. It never refuses a pair without repeats.
    /// Without this claim an engine must answer every pair. (The CLI and the
    /// runner refuse such an engine on any list with a repeated id, measured
    /// on the untrimmed lists, before calling it.)
    public static let uniqueIDsOnly = EngineClaims(rawValue: 1 << 0)
    /// The alignment is a shortest edit script: deletes + inserts + 2 × moves
    /// = N + M − 2 × LCS(ids) (a move is a delete and an insert paired by id).
    public static let minimalEdits = EngineClaims(rawValue: 1 << 1)
    /// On lists with unique ids the moves are the fewest any changeset can
    /// have: common items − the longest run of them that keeps its order.
    public static let fewestMoves = EngineClaims(rawValue: 1 << 2)
    /// The engine stops at ``DiffOptions/costLimit`` and
    /// ``DiffOptions/deadline``: past either it answers with a valid
    /// changeset marked ``Changeset/isApproximate``. (An engine without the
    /// claim ignores both: the linear ones need no bound, `stdlib` cannot
    /// take one.) The kit calls it once more per case with a cost limit of
    /// 0 and holds that answer to the contract too.
    public static let honoursBounds = EngineClaims(rawValue: 1 << 3)

    /// The stable name of each claim, as results.json's `engines` record
    /// spells it (`claims`). A contract: readers on other machines match these.
    public static let stableNames: [(EngineClaims, String)] = [
        (.uniqueIDsOnly, "unique-ids-only"), (.minimalEdits, "minimal-edits"), (.fewestMoves, "fewest-moves"),
        (.honoursBounds, honoursBoundsName),
    ]

    /// The stable name of ``honoursBounds``.
    public static let honoursBoundsName = "honours-bounds"

    /// The stable names of the claims in this set, in ``stableNames`` order.
    public var stableNames: [String] {
        EngineClaims.stableNames.filter { contains($0.0) }.map(\.1)
    }

    public var description: String {
        let names: [(EngineClaims, String)] = [
            (.uniqueIDsOnly, "uniqueIDsOnly"), (.minimalEdits, "minimalEdits"), (.fewestMoves, "fewestMoves"),
            (.honoursBounds, "honoursBounds"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        return "[" + present.joined(separator: ", ") + "]"
    }
}
