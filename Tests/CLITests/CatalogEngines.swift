import DiffBenchKit

/// Engine names for the CLI tests' `--engine` and `--engines`, read from the
/// catalog (``BuiltInEngine/all``) and the engines' own claims, so that an
/// engine added by Guides/Extending.md is tested here with no list to find.
enum CatalogEngines {
    /// Every built-in engine, in the catalog's order.
    static let all: [String] = BuiltInEngine.all.map(\.name.rawValue)

    /// The engines that honour a cost limit and a deadline (claim `honours-bounds`).
    static let bounded: [String] = BuiltInEngine.all.filter { $0.claims.contains(.honoursBounds) }.map(\.name.rawValue)

    /// The engines that promise a shortest edit script (claim `minimal-edits`).
    static let minimal: [String] = BuiltInEngine.all.filter { $0.claims.contains(.minimalEdits) }.map(\.name.rawValue)

    /// The engines that answer any pair, repeated ids included (no `unique-ids-only` claim).
    static let acceptingRepeats: [String] = BuiltInEngine.all.filter { !$0.claims.contains(.uniqueIDsOnly) }.map(\.name.rawValue)

    /// The engines that pair moves after an edit script, so `--no-moves` applies to them.
    static let inferringMoves: [String] = BuiltInEngine.all.filter { type(of: $0.engine).infersMoves }.map(\.name.rawValue)

    /// The engines that find moves while matching, so `--no-moves` is refused for them.
    static let matchingMoves: [String] = BuiltInEngine.all.filter { !type(of: $0.engine).infersMoves }.map(\.name.rawValue)
}
