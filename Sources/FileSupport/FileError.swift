/// A file that could not be read, written or made: which file and why. The
/// one error type for file problems across the targets; each names it after
/// what it was doing (`FileWriteError`, `ResultsFileError`, `PNGError`,
/// `ReportError`).
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, followed by `:line:column` when the problem is at a place in it.
    public var path: String
    public var problem: String
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }
    /// A problem at a place in the file: `path` becomes `file:line:column`.
    /// (The position is kept in the path, not in a field of its own: with a
    /// third field, PNGFile's tests crashed with a bad pointer around the
    /// libpng calls — a layout-dependent fault there, not yet diagnosed.)
    public init(path: String, position: TextPosition?, problem: String) {
        self.path = position.map { "\(path):\($0.line):\($0.column)" } ?? path
        self.problem = problem
    }
    /// `path:line:column`, or the path alone (the same as ``path``).
    public var location: String { path }
    public var description: String { "\(path): \(problem)" }
}
