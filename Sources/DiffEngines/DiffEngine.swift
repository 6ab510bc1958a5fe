/// Knobs shared by every engine.
public struct DiffOptions: Hashable, Sendable {
    /// Pair a deleted and an inserted item with the same id into a move
    /// (`lcs`, `myers`, `stdlib`; `heckel` and `set` always report moves).
    public var inferMoves: Bool
    /// Re-partition the matched items so that the moves are the fewest
    /// possible (``Changeset/minimizingMoves(oldCount:newCount:)``).
    public var minimizeMoves: Bool
    /// Most bytes the `lcs` memo table may take before the engine refuses.
    public var lcsMemoryBudget: Int
    /// A bound on the search work of the engines that search the edit graph
    /// (`myers`, and the Myers fallback of `patience` and `histogram`):
    /// the most diagonal cells their searches may visit in one diff, or nil
    /// for no bound. Past it the search stops and every region still open is
    /// finished coarsely (its common ends matched, the rest deleted and
    /// inserted, moves paired as usual): the answer is a valid changeset
    /// that may not be the shortest, marked ``Changeset/isApproximate``.
    ///
    /// Why a count and not a clock: the library knows no clock, and a count
    /// gives the same answer on every machine. A search step costs a few
    /// nanoseconds, so 10⁸ cells is a bound of the order of a second.
    public var costLimit: Int?

    /// 256 MiB: a 10,000 × 10,000 table of 16-bit cells (≈ 191 MiB) fits.
    public static let defaultLCSMemoryBudget = 256 << 20

    public init(
        inferMoves: Bool = true, minimizeMoves: Bool = false, lcsMemoryBudget: Int = DiffOptions.defaultLCSMemoryBudget,
        costLimit: Int? = nil
    ) {
        self.inferMoves = inferMoves
        self.minimizeMoves = minimizeMoves
        self.lcsMemoryBudget = lcsMemoryBudget
        self.costLimit = costLimit
    }

    public static let `default` = DiffOptions()
}

/// A diff algorithm behind the one ``Changeset`` model.
///
/// Engines are small value types; their `diff` is `@inlinable` so that a call
/// from another module specializes for the caller's element type, and the
/// algorithm itself runs non-generically on dense integer codes
/// (``IdentityCodes``).
public protocol DiffEngine: Sendable {
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

    /// Diffs `old` into `new`, matching elements by `identity`.
    ///
    /// - Complexity: each engine's own, stated on its type and its `diff`;
    ///   every built-in one first trims the common prefix and suffix (one
    ///   pass of id comparisons, no hashing) and codes the remaining ids once
    ///   (O(N + M) expected).
    func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset
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

    /// Diffs `Identifiable & Equatable` elements: same `id` is the same item,
    /// same `id` with different content is an update.
    ///
    /// - Complexity: that of the engine (see its type).
    @inlinable
    public func diff<E: Identifiable & Equatable>(
        from old: [E], to new: [E], options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        try diff(from: old, to: new, identity: IdentifiedElements<E>(), options: options)
    }

    /// ``diff(from:to:identity:options:)`` with the default options.
    ///
    /// - Complexity: that of the engine (see its type).
    @inlinable
    public func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I
    ) throws(DiffError) -> Changeset {
        try diff(from: old, to: new, identity: identity, options: .default)
    }

    /// A key path is not an identity by itself: this overload only exists to
    /// say what to write instead.
    @available(*, unavailable, message: "name the id with 'id: \\.key', or pass 'identity: KeyPathElements(\\Element.key)'")
    public func diff<E, ID: Hashable>(
        from old: [E], to new: [E], identity: KeyPath<E, ID>, options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        fatalError("unavailable")
    }

    /// Diffs plain `Hashable` values, each its own identity (no updates).
    ///
    /// - Complexity: that of the engine (see its type).
    @inlinable
    public func diff<E: Hashable>(
        fromValues old: [E], toValues new: [E], options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        try diff(from: old, to: new, identity: ValueElements<E>(), options: options)
    }
}
