import FileSupport

/// A file or argument that cannot be used as a list, with where and why.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var source: String
    public var position: TextPosition?
    public var problem: String

    public init(source: String, position: TextPosition? = nil, problem: String) {
        self.source = source
        self.position = position
        self.problem = problem
    }

    /// `file:line:column: problem`. The file name and the problem (which
    /// may quote a key or an id from the file) are shown escaped when they
    /// hold control characters (``TerminalText/visible(_:)``).
    public var description: String {
        let source = TerminalText.visible(source), problem = TerminalText.visible(problem)
        if let position { return "\(source):\(position.line):\(position.column): \(problem)" }
        return "\(source): \(problem)"
    }
}
