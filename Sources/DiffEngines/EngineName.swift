/// The stable name of an engine (contract: the CLI, the runner, the result
/// rows, the charts and the CI gate spell engines by it).
///
/// Open, like a notification name: each built-in engine adds its static
/// constant in its own file (`.myers` in `MyersEngine.swift`), and another
/// package names its own engines with a string literal
/// (`static let name: EngineName = "mine"`).
public struct EngineName: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    @inlinable public init(rawValue: String) { self.rawValue = rawValue }
    @inlinable public init(_ rawValue: String) { self.rawValue = rawValue }
    @inlinable public init(stringLiteral value: String) { self.rawValue = value }

    /// The engines this library ships, in the order tables list them.
    public static let builtIns: [EngineName] = BuiltInEngine.all.map(\.name)

    @available(*, deprecated, renamed: "builtIns", message: "EngineName is open; builtIns lists the engines this library ships")
    public static var allCases: [EngineName] { builtIns }

    /// Built-ins in their listed order, then any other name alphabetically.
    public static func < (lhs: EngineName, rhs: EngineName) -> Bool {
        let left = builtIns.firstIndex(of: lhs) ?? builtIns.count
        let right = builtIns.firstIndex(of: rhs) ?? builtIns.count
        return left != right ? left < right : lhs.rawValue < rhs.rawValue
    }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
