/// Elements whose identity is a property named by a key path, for types that
/// are not `Identifiable` (or whose `id` is not the identity to diff by):
/// same value at the key path is the same item, and same id with `!=`
/// content is an update.
///
/// ```swift
/// struct Row: Equatable { var key: String; var title: String }
/// let changes = try HeckelEngine().diff(from: oldRows, to: newRows, id: \.key)
/// // the same, spelled out:
/// let same = try HeckelEngine().diff(from: oldRows, to: newRows, identity: KeyPathElements(\Row.key))
/// ```
///
/// Engines read an id several times per element (trimming, coding,
/// verifying), so how it is read matters. A key path read through
/// `element[keyPath:]` is a call into the runtime for every id, which made
/// `heckel` about 3.5× slower on 10,000 items than the `Identifiable` form.
/// When the key path names stored properties kept inline in the element
/// (`\.id`, `\.meta.id` on structs: what `MemoryLayout.offset(of:)` answers
/// for), the id is instead loaded from that fixed offset, and the
/// specialized engine is within about 5 % of the `Identifiable` form. Other
/// key paths (computed properties, class references) take the runtime path.
///
/// - Complexity: O(1) per id read: one load at a fixed offset, or one key path
///   projection through the runtime.
public struct KeyPathElements<Element: Equatable, ID: Hashable>: ElementIdentity {
    /// The key path of the identity.
    public let keyPath: KeyPath<Element, ID>
    @usableFromInline let reader: KeyPathReader<Element, ID>

    /// Identity at `keyPath`, content compared with `==`.
    @inlinable
    public init(_ keyPath: KeyPath<Element, ID>) {
        self.keyPath = keyPath
        self.reader = KeyPathReader(keyPath)
    }

    @inlinable @inline(__always)
    public func id(of element: Element) -> ID { reader.read(element) }

    @inlinable @inline(__always)
    public func hasSameContent(_ lhs: Element, _ rhs: Element) -> Bool { lhs == rhs }

    @inlinable public var contentCanDiffer: Bool { true }
}

extension BuiltInEngine {
    /// Diffs with the built-in engine called `engine`, elements identified by
    /// the property at `id` (same `id`, different `==`: an update).
    ///
    /// ```swift
    /// let changes = try BuiltInEngine.diff(.heckel, from: old, to: new, id: \.key)
    /// ```
    ///
    /// - Complexity: that of the engine chosen, plus O(1) per id read.
    @inlinable
    public static func diff<E: Equatable, ID: Hashable>(
        _ engine: EngineName, from old: [E], to new: [E], id: KeyPath<E, ID>, options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        try BuiltInEngine(engine).diff(from: old, to: new, identity: KeyPathElements(id), options: options)
    }
}

extension MinimumMoves {
    /// ``count(old:new:identity:)`` for elements identified by the property at `id`.
    ///
    /// - Complexity: O(N + M) expected to code the ids, then O(K log K) for
    ///   K common items.
    public static func count<E, ID: Hashable>(old: [E], new: [E], id: KeyPath<E, ID>) -> Int {
        count(old: old, new: new, identity: KeyPathIDOnlyElements(id))
    }
}

extension Changeset {
    /// ``verify(old:new:identity:)`` for `Equatable` elements identified by
    /// the property at `id` (updates expected where `!=`).
    ///
    /// - Complexity: O(N + M) time and memory.
    public func verify<E: Equatable, ID: Hashable>(old: [E], new: [E], id: KeyPath<E, ID>) -> VerificationFailure? {
        verify(old: old, new: new, identity: KeyPathElements(id))
    }
}
