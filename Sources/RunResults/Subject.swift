import DiffEngines

/// What a result row measured: a registered engine, or the `floor`
/// reference. The results document's `engine` column, typed from the
/// runner to the charts and the gate, so that no module compares a row's
/// subject with a spelled-out name.
///
/// `floor` is a case because it is no engine (it produces no changeset and
/// is never verified); ``stdlib``, the engine every ratio is divided by, is
/// an engine and a constant here. This file is the one place that spells
/// the floor's name.
public enum Subject: Hashable, Sendable, Comparable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    case engine(EngineName)
    case floor

    /// Swift's own `difference(from:)`: the in-run timing reference
    /// (every row's `ratio_to_stdlib`).
    public static let stdlib = Subject.engine(.stdlib)

    /// The floor reference's name in results (its rows' `engine`).
    static let floorName = "floor"

    /// The subject a results file or the command line spells `name`.
    public init(_ name: String) {
        self = name == Subject.floorName ? .floor : .engine(EngineName(name))
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The stable name: the `engine` column of results.csv and results.json.
    public var name: String {
        switch self {
        case let .engine(engine): return engine.rawValue
        case .floor: return Subject.floorName
        }
    }

    /// The engine, or nil for the floor.
    public var engineName: EngineName? {
        if case let .engine(engine) = self { return engine }
        return nil
    }

    /// Whether this is the floor reference, whose rows have status `reference`.
    public var isFloor: Bool { self == .floor }

    public var description: String { name }

    /// By name, as the rows' strings sorted before the column was typed, so
    /// every table keeps its order.
    public static func < (lhs: Subject, rhs: Subject) -> Bool { lhs.name < rhs.name }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
