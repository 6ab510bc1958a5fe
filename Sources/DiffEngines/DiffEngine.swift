/// The stable names of the engines (contract: the CLI, the runner, the charts
/// and the CI report use them).
public enum EngineName: String, CaseIterable, Sendable, Codable, Comparable {
    case lcs, myers, heckel, set, stdlib, anchor

    public static func < (lhs: EngineName, rhs: EngineName) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// One line on what the engine is.
    public var summary: String {
        switch self {
        case .lcs: return "LCS memoization table (Wagner–Fischer), O(NM) time and memory"
        case .myers: return "Myers 1986 greedy with the linear-space middle snake, O((N+M)D) time, O(N+M) memory"
        case .heckel: return "Paul Heckel 1978, six passes over a symbol table, O(N+M)"
        case .set: return "set difference for inserts/deletes, fewest moves by LIS, O(N+M + K log K); unique ids only"
        case .stdlib: return "Swift's difference(from:) + inferringMoves(), the in-run reference"
        case .anchor: return "Heckel's unique ids, then unique runs of ids between anchors, fewest moves by LIS, O(N+M + K log K)"
        }
    }
}

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

    /// 256 MiB: a 10,000 × 10,000 table of 16-bit cells (≈ 191 MiB) fits.
    public static let defaultLCSMemoryBudget = 256 << 20

    public init(inferMoves: Bool = true, minimizeMoves: Bool = false, lcsMemoryBudget: Int = DiffOptions.defaultLCSMemoryBudget) {
        self.inferMoves = inferMoves
        self.minimizeMoves = minimizeMoves
        self.lcsMemoryBudget = lcsMemoryBudget
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
    static var name: EngineName { get }
    func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset
}

extension DiffEngine {
    public var name: EngineName { Self.name }

    /// Diffs `Identifiable & Equatable` elements: same `id` is the same item,
    /// same `id` with different content is an update.
    @inlinable
    public func diff<E: Identifiable & Equatable>(
        from old: [E], to new: [E], options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        try diff(from: old, to: new, identity: IdentifiedElements<E>(), options: options)
    }

    /// Diffs plain `Hashable` values, each its own identity (no updates).
    @inlinable
    public func diff<E: Hashable>(
        fromValues old: [E], toValues new: [E], options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        try diff(from: old, to: new, identity: ValueElements<E>(), options: options)
    }
}

/// Looking engines up by their stable name.
public enum DiffEngines {
    /// Every engine, in the order of ``EngineName/allCases``.
    public static let all: [any DiffEngine] = EngineName.allCases.map(engine(for:))

    /// The engine registered under `name` (`lcs`, `myers`, `heckel`, `set`, `stdlib`).
    public static func engine(named name: String) throws(DiffError) -> any DiffEngine {
        guard let known = EngineName(rawValue: name) else { throw .unknownEngine(name) }
        return engine(for: known)
    }

    public static func engine(for name: EngineName) -> any DiffEngine {
        switch name {
        case .lcs: return LCSEngine()
        case .myers: return MyersEngine()
        case .heckel: return HeckelEngine()
        case .set: return SetEngine()
        case .stdlib: return StdlibEngine()
        case .anchor: return AnchorEngine()
        }
    }

    /// Diffs with the named engine through a switch over the concrete engine
    /// types, so that the whole call specializes for the caller's element type
    /// (an `any DiffEngine` call would run the generic code unspecialized).
    @inlinable
    public static func diff<I: ElementIdentity>(
        _ engine: EngineName, from old: [I.Element], to new: [I.Element], identity: I,
        options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        switch engine {
        case .lcs: return try LCSEngine().diff(from: old, to: new, identity: identity, options: options)
        case .myers: return try MyersEngine().diff(from: old, to: new, identity: identity, options: options)
        case .heckel: return try HeckelEngine().diff(from: old, to: new, identity: identity, options: options)
        case .set: return try SetEngine().diff(from: old, to: new, identity: identity, options: options)
        case .stdlib: return try StdlibEngine().diff(from: old, to: new, identity: identity, options: options)
        case .anchor: return try AnchorEngine().diff(from: old, to: new, identity: identity, options: options)
        }
    }
}
