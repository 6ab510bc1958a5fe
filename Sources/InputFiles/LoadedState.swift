/// A list view state read from a file (or a literal string with `--chars`).
public struct LoadedState {
    public var state: FileState
    /// True when the file holds sections (`[{"id", "rows": [...]}]`).
    public var sectioned: Bool
    public var kind: ListKind
    public var rowCount: Int { state.sections.reduce(0) { $0 + $1.rows.count } }
}
