import FileSupport

/// A parsed value with the position where it starts (for error messages
/// about values that parse but have the wrong shape).
public struct PositionedJSON: Sendable {
    public var value: JSONValue
    public var position: TextPosition
    public var children: [PositionedJSON]
}
