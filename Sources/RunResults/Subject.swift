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
public enum Subject: StringNamed {
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

    /// The stable name: the `engine` column of results.csv and results.json
    /// (its coding, order and description, as every ``StringNamed``'s).
    public var rawValue: String {
        switch self {
        case let .engine(engine): return engine.rawValue
        case .floor: return Subject.floorName
        }
    }

    /// The stable name, as tables and messages print it: ``rawValue``.
    public var name: String { rawValue }

    /// The engine, or nil for the floor.
    public var engineName: EngineName? {
        if case let .engine(engine) = self { return engine }
        return nil
    }

    /// Whether this is the floor reference, whose rows have status `reference`.
    public var isFloor: Bool { self == .floor }
}
