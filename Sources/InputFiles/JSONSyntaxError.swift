import FileSupport

/// A JSON text that cannot be read, with the position of the problem.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    public var position: TextPosition
    public var problem: String
}
