/// One of the engines this library ships, chosen by name at run time.
///
/// The list of built-in engines is written once, in ``dispatch(_:to:)``: a
/// `switch` from a place in the list to the concrete engine type. Everything
/// else about an engine (its name, summary, claims, cost) is a static member
/// of its type, stated in its own file; ``all``, ``summary`` and ``engine``
/// are read through the same dispatch, so nothing here can fall back to
/// another engine.
///
/// `diff` is `@inlinable` and goes through that `switch` with a generic
/// visitor, so a call from another module specializes for the caller's
/// element type exactly as a call of `HeckelEngine()` would: looking an
/// engine up by name costs one scan of eight short names when the value is
/// made and one integer switch per call, not an existential call into
/// unspecialized generic code.
///
/// ```swift
/// let engine = try BuiltInEngine(named: "heckel")
/// let changes = try engine.diff(from: oldPosts, to: newPosts)
/// ```
public struct BuiltInEngine: ListDiffing, Hashable, Sendable {
    /// The engine's stable name.
    public let name: EngineName
    /// Its place in ``all`` (the case of ``dispatch(_:to:)`` that calls it).
    @usableFromInline let place: Int

    /// The one list of built-in engines, in the order tables and charts list
    /// them: `to.visit` is called with the engine at `place`, or nil is
    /// returned past the end. Adding an engine is one `case` here.
    ///
    /// - Complexity: O(1) plus the visitor's work.
    @inlinable
    public static func dispatch<V: DiffEngineVisitor>(_ place: Int, to visitor: V) throws(V.Failure) -> V.Result? {
        switch place {
        case 0: return try visitor.visit(LCSEngine())
        case 1: return try visitor.visit(MyersEngine())
        case 2: return try visitor.visit(HeckelEngine())
        case 3: return try visitor.visit(SetEngine())
        case 4: return try visitor.visit(StdlibEngine())
        case 5: return try visitor.visit(AnchorEngine())
        case 6: return try visitor.visit(PatienceEngine())
        case 7: return try visitor.visit(HistogramEngine())
        default: return nil
        }
    }

    /// Every built-in engine, in the order tables and charts list them
    /// (read from ``dispatch(_:to:)`` until it runs out).
    public static let all: [BuiltInEngine] = {
        var engines: [BuiltInEngine] = []
        while let name = dispatch(engines.count, to: NameOf()) {
            engines.append(BuiltInEngine(name: name, place: engines.count))
        }
        return engines
    }()

    @usableFromInline init(name: EngineName, place: Int) {
        self.name = name
        self.place = place
    }

    /// The built-in engine called `name`, or ``DiffError/unknownEngine(_:known:)``.
    ///
    /// - Complexity: O(number of built-ins).
    public init(_ name: EngineName) throws(DiffError) {
        guard let known = BuiltInEngine.all.first(where: { $0.name == name }) else {
            throw .unknownEngine(name.rawValue, known: BuiltInEngine.all.map(\.name.rawValue))
        }
        self = known
    }

    /// The built-in engine called `name` (``EngineName/builtIns`` lists them).
    public init(named name: String) throws(DiffError) { try self.init(EngineName(name)) }

    /// Calls `visitor` with this engine's concrete type.
    ///
    /// - Complexity: O(1) plus the visitor's work.
    @inlinable
    public func visit<V: DiffEngineVisitor>(_ visitor: V) throws(V.Failure) -> V.Result {
        guard let result = try BuiltInEngine.dispatch(place, to: visitor) else {
            // Unreachable: `place` only comes from `all`, which `dispatch` made.
            preconditionFailure("built-in engine \(name) has no place \(place) in the dispatch")
        }
        return result
    }

    /// One line on what the engine is (its type's ``DiffEngine/summary``).
    public var summary: String { visit(SummaryOf()) }

    /// What the engine promises (its type's ``DiffEngine/claims``).
    public var claims: EngineClaims { visit(ClaimsOf()) }

    /// The concrete engine, for callers that want the protocol value.
    public var engine: any DiffEngine { visit(Existential()) }

    /// Diffs with this engine; specializes for the caller's element type.
    ///
    /// - Complexity: that of the engine chosen (see its type).
    @inlinable
    public func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        try visit(DiffCall(old: old, new: new, identity: identity, options: options))
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

    /// The visitor behind ``diff(from:to:identity:options:)``.
    @usableFromInline
    struct DiffCall<I: ElementIdentity>: DiffEngineVisitor {
        @usableFromInline let old: [I.Element], new: [I.Element], identity: I, options: DiffOptions
        @inlinable init(old: [I.Element], new: [I.Element], identity: I, options: DiffOptions) {
            self.old = old
            self.new = new
            self.identity = identity
            self.options = options
        }
        @inlinable func visit<E: DiffEngine>(_ engine: E) throws(DiffError) -> Changeset {
            try engine.diff(from: old, to: new, identity: identity, options: options)
        }
    }

    struct NameOf: DiffEngineVisitor {
        func visit<E: DiffEngine>(_ engine: E) -> EngineName { E.name }
    }
    struct SummaryOf: DiffEngineVisitor {
        func visit<E: DiffEngine>(_ engine: E) -> String { E.summary }
    }
    struct ClaimsOf: DiffEngineVisitor {
        func visit<E: DiffEngine>(_ engine: E) -> EngineClaims { E.claims }
    }
    struct Existential: DiffEngineVisitor {
        func visit<E: DiffEngine>(_ engine: E) -> any DiffEngine { engine }
    }
}
