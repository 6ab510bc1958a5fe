/// One of the engines this library ships, chosen by name at run time.
///
/// Its `diff` is a `switch` over the concrete engine types, `@inlinable`, so
/// a call from another module specializes for the caller's element type
/// exactly as a call of `HeckelEngine()` would: looking an engine up by name
/// costs a few comparisons of short strings per call, not an existential
/// call into unspecialized generic code.
///
/// ```swift
/// let engine = try BuiltInEngine(named: "heckel")
/// let changes = try engine.diff(from: oldPosts, to: newPosts)
/// ```
public struct BuiltInEngine: Hashable, Sendable {
    /// The engine's stable name.
    public let name: EngineName

    /// Every built-in engine, in the order tables and charts list them.
    public static let all: [BuiltInEngine] = [.init(known: .lcs), .init(known: .myers), .init(known: .heckel),
        .init(known: .set), .init(known: .stdlib), .init(known: .anchor), .init(known: .patience),
        .init(known: .histogram)]

    @usableFromInline init(known name: EngineName) { self.name = name }

    /// The built-in engine called `name`, or ``DiffError/unknownEngine(_:known:)``.
    public init(_ name: EngineName) throws(DiffError) {
        guard BuiltInEngine.all.contains(where: { $0.name == name }) else {
            throw .unknownEngine(name.rawValue, known: BuiltInEngine.all.map(\.name.rawValue))
        }
        self.name = name
    }

    /// The built-in engine called `name` (`lcs`, `myers`, `heckel`, `set`, `stdlib`, `anchor`,
    /// `patience`, `histogram`).
    public init(named name: String) throws(DiffError) { try self.init(EngineName(name)) }

    /// One line on what the engine is.
    public var summary: String {
        switch name {
        case .lcs: return "LCS memoization table (Wagner–Fischer), O(NM) time and memory"
        case .myers: return "Myers 1986 greedy with the linear-space middle snake, O((N+M)D) time, O(N+M) memory"
        case .heckel: return "Paul Heckel 1978, six passes over a symbol table, O(N+M)"
        case .set: return "set difference for inserts/deletes, fewest moves by LIS, O(N+M + K log K); unique ids only"
        case .anchor:
            return "Heckel's unique ids, then unique runs of ids between anchors, fewest moves by LIS, O(N+M + K log K)"
        case .patience:
            return "patience diff: anchors on ids unique in both lists (their LIS), recursively, Myers where none remain"
        case .histogram:
            return "histogram diff: splits at the rarest common run (ids seen ≤ 64 times), recursively, else Myers"
        default: return "Swift's difference(from:) + inferringMoves(), the in-run reference"
        }
    }

    /// The concrete engine, for callers that want the protocol value.
    public var engine: any DiffEngine {
        switch name {
        case .lcs: return LCSEngine()
        case .myers: return MyersEngine()
        case .heckel: return HeckelEngine()
        case .set: return SetEngine()
        case .anchor: return AnchorEngine()
        case .patience: return PatienceEngine()
        case .histogram: return HistogramEngine()
        default: return StdlibEngine()
        }
    }

    /// Diffs with this engine; specializes for the caller's element type.
    ///
    /// - Complexity: that of the engine chosen (see its type).
    @inlinable
    public func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        switch name {
        case .lcs: return try LCSEngine().diff(from: old, to: new, identity: identity, options: options)
        case .myers: return try MyersEngine().diff(from: old, to: new, identity: identity, options: options)
        case .heckel: return try HeckelEngine().diff(from: old, to: new, identity: identity, options: options)
        case .set: return try SetEngine().diff(from: old, to: new, identity: identity, options: options)
        case .anchor: return try AnchorEngine().diff(from: old, to: new, identity: identity, options: options)
        case .patience: return try PatienceEngine().diff(from: old, to: new, identity: identity, options: options)
        case .histogram: return try HistogramEngine().diff(from: old, to: new, identity: identity, options: options)
        default: return try StdlibEngine().diff(from: old, to: new, identity: identity, options: options)
        }
    }

    /// Diffs `Identifiable & Equatable` elements (same `id`, different `==`: an update).
    ///
    /// - Complexity: that of the engine chosen.
    @inlinable
    public func diff<E: Identifiable & Equatable>(from old: [E], to new: [E], options: DiffOptions = .default)
        throws(DiffError) -> Changeset
    {
        try diff(from: old, to: new, identity: IdentifiedElements<E>(), options: options)
    }

    /// Diffs plain `Hashable` values, each its own identity.
    ///
    /// - Complexity: that of the engine chosen.
    @inlinable
    public func diff<E: Hashable>(fromValues old: [E], toValues new: [E], options: DiffOptions = .default)
        throws(DiffError) -> Changeset
    {
        try diff(from: old, to: new, identity: ValueElements<E>(), options: options)
    }

    /// Diffs with the built-in engine called `engine` (see ``diff(from:to:identity:options:)``).
    ///
    /// - Complexity: that of the engine chosen.
    @inlinable
    public static func diff<I: ElementIdentity>(
        _ engine: EngineName, from old: [I.Element], to new: [I.Element], identity: I,
        options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        try BuiltInEngine(engine).diff(from: old, to: new, identity: identity, options: options)
    }
}
