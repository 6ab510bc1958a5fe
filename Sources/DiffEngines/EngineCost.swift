/// How an engine's time grows with its input, stated by the engine
/// (``DiffEngine/cost``) so that a harness can predict one call before
/// making it: a call predicted over a time budget is refused or skipped
/// instead of hanging. N', M' are the sizes after trimming the common
/// prefix and suffix, D the edit distance.
///
/// The raw values are what `results.json` records (an engine's `cost`).
public enum EngineCost: String, Hashable, Sendable, Codable, CaseIterable {
    /// O(N + M): never predicted, never skipped.
    case linear
    /// Myers with prefix/suffix trimming: min(D²/2, (N'+1)(M'+1)) + N + M.
    case trimmedDifferencesSquared = "trimmed-d-squared"
    /// A Myers-style search without trimming: D²/2 + N + M.
    case differencesSquared = "d-squared"
    /// A full table over the trimmed lists: (N'+1)(M'+1) cells.
    case tableCells = "table-cells"
    /// A full table over the whole lists: (N+1)(M+1) cells.
    case untrimmedTableCells = "untrimmed-table-cells"
}
