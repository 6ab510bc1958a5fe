
/// A diff algorithm behind the one ``Changeset`` model.
///
/// Engines are small value types; their `diff` is `@inlinable` so that a call
/// from another module specializes for the caller's element type, and the
/// algorithm itself runs non-generically on dense integer codes
/// (``IdentityCodes``).
public protocol DiffEngine: ListDiffing, Sendable {
    /// The engine's stable name (the CLI, result rows and charts spell it).
    static var name: EngineName { get }

    /// What the engine promises beyond the contract (unique ids only, a
    /// shortest script, the fewest moves); none unless the engine says so.
    static var claims: EngineClaims { get }

    /// One line on what the engine is (help texts, the report page, the run
    /// document's `engines`). Each built-in states its own, in its own file.
    static var summary: String { get }

    /// How the engine's time grows (``EngineCost``); `.linear` unless the
    /// engine says otherwise. A harness predicts a call from it.
    static var cost: EngineCost { get }

    /// Moves are paired from deletes and inserts after an edit script, so
    /// ``DiffOptions/inferMoves`` applies; false (the default) when moves
    /// are part of the algorithm.
    static var infersMoves: Bool { get }
}

extension DiffEngine {
    public var name: EngineName { Self.name }

    /// No claims beyond the contract.
    public static var claims: EngineClaims { [] }

    /// The name alone, for an engine that states no summary.
    public static var summary: String { "the \(name) engine" }

    /// Linear, unless the engine states a slower cost.
    public static var cost: EngineCost { .linear }

    /// Moves are part of the algorithm, unless the engine says otherwise.
    public static var infersMoves: Bool { false }
}
