/// Where a changeset's sliders sit.
///
/// A *slider* is a run of deleted (or inserted) elements that could move up
/// or down over equal elements without changing the number of steps:
/// deleting the second of `x x` is as short as deleting the first. Every
/// engine places sliders wherever its search happened to meet them; a person
/// reading a text diff sees the difference (a hunk that deletes `}` + blank +
/// `func b() {` instead of `func b() {` + ... + `}`).
public enum SliderPolicy: String, CaseIterable, Sendable, Codable {
    /// Leave every slider where the engine put it.
    case none
    /// GNU diff's placement (also git's without the indent heuristic): each
    /// run slid as far down as it goes, merging with the runs it meets,
    /// unless sliding back up lines it up with a change on the other side.
    case down
    /// git's indent heuristic for text lines: among a run's positions, the
    /// one whose two ends fall best against blank lines and indentation
    /// (scored as `SliderPlacement+Indent.swift` explains). Without text (no lines given) it places
    /// like ``down``.
    case indent
}
