import DiffEngines

/// What a run records about each engine it measured, so that charts, the
/// report page and the gate — which read result files, possibly on another
/// machine — know how to present an engine they have never been built with.
///
/// The registry in `Harness` holds one per engine (beside the code that
/// calls it); `results.json` carries those of the run's engines (`engines`).
public struct EngineInfo: Hashable, Sendable, Codable {
    /// How an engine's time grows (the engine states it as ``DiffEngine/cost``).
    public typealias CostUnits = EngineCost

    /// The stable name (result rows' `engine` column).
    public var name: String
    /// The subject this record describes (results' `engine` column, typed).
    public var subject: Subject { Subject(name) }
    /// One line on what the engine is (help texts, the report page).
    public var summary: String
    /// `#RRGGBB`, the same in every chart.
    public var colour: String
    /// gnuplot point type (7 circle, 5 square, 9/11 triangles, 13 diamond, 15 pentagon, …).
    public var symbol: Int
    /// The engine refuses lists with repeated ids (rows on such lists are `skipped`).
    public var requiresUniqueIDs: Bool
    /// Moves are paired from deletes and inserts after an edit script, so
    /// `--no-moves` applies; false when moves are part of the algorithm.
    public var infersMoves: Bool
    public var cost: CostUnits
    /// A reference measurement (`floor`), not an engine a user would pick.
    public var isReference: Bool
    /// What the engine promises beyond the contract, by the stable names of
    /// ``EngineClaims/stableNames`` (`honours-bounds`, …). Nil in a file
    /// written before the record had it: that file does not say what the
    /// engine promised then, and the reading build's claims may differ, so
    /// no value is filled in.
    public var claims: [String]?

    /// Whether the engine stops at a deadline (``EngineClaims/honoursBounds``);
    /// nil when the record does not say (an older file).
    public var honoursBounds: Bool? {
        claims.map { $0.contains(EngineClaims.honoursBoundsName) }
    }

    enum CodingKeys: String, CodingKey {
        case name, summary, colour, symbol, cost
        case requiresUniqueIDs = "requires_unique_ids"
        case infersMoves = "infers_moves"
        case isReference = "is_reference"
        case claims
    }

    public init(
        name: String, summary: String, colour: String, symbol: Int, requiresUniqueIDs: Bool = false,
        infersMoves: Bool = false, cost: CostUnits = .linear, isReference: Bool = false, claims: [String]? = nil
    ) {
        self.claims = claims
        self.name = name
        self.summary = summary
        self.colour = colour
        self.symbol = symbol
        self.requiresUniqueIDs = requiresUniqueIDs
        self.infersMoves = infersMoves
        self.cost = cost
        self.isReference = isReference
    }
}
