/// Anything that diffs two lists by an identity: every ``DiffEngine``, and
/// ``BuiltInEngine``, a built-in chosen by name at run time.
///
/// The one requirement is the full call; the shorter calls (`Identifiable`
/// elements, plain values, an id named by a key path, the default options)
/// are written once, in this protocol's extension, for both. They are
/// `@inlinable`, so each specializes for the caller's element type as the
/// full call does.
public protocol ListDiffing {
    /// Diffs `old` into `new`, matching elements by `identity`.
    ///
    /// ```swift
    /// struct Row: Identifiable, Equatable { let id: String; var title: String }
    /// let old = [Row(id: "a", title: "A"), Row(id: "b", title: "B")]
    /// let new = [Row(id: "b", title: "B!"), Row(id: "c", title: "C")]
    /// let changes = try HeckelEngine().diff(from: old, to: new, identity: IdentifiedElements<Row>(), options: .default)
    /// // deletes [0] (a), inserts [1] (c), updates [old 1 → new 0] (b's title)
    /// ```
    ///
    /// - Parameters:
    ///   - old: The list as it was.
    ///   - new: The list as it is now.
    ///   - identity: What makes two elements the same item (its id) and what
    ///     makes an item changed (its content): ``IdentifiedElements``,
    ///     ``ValueElements`` or ``KeyPathElements``.
    ///   - options: Move inference, the `lcs` memory budget and the search bound
    ///     (``DiffOptions``).
    /// - Returns: The steps from `old` to `new` in batch-update terms: deletes
    ///   (old indices), inserts (new indices), moves and updates (old → new),
    ///   each sorted as ``Changeset`` states; ``Changeset/apply(to:using:)``
    ///   rebuilds `new` from `old`.
    /// - Throws: ``DiffError/duplicateID(id:side:first:second:)`` from an
    ///   engine that needs unique ids (`set`) when an id repeats;
    ///   ``DiffError/memoryBudgetExceeded(engine:cells:bytes:budget:)`` when
    ///   the `lcs` table would pass ``DiffOptions/lcsMemoryBudget``;
    ///   ``DiffError/inconsistentChangeset(engine:problem:)`` when an engine's
    ///   own consistency check fails (a bug, reported instead of a wrong answer).
    /// - Complexity: each engine's own, stated on its type;
    ///   every built-in one first trims the common prefix and suffix (one
    ///   pass of id comparisons, no hashing) and codes the remaining ids once
    ///   (O(N + M) expected).
    func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset
}

extension ListDiffing {
    /// Diffs `Identifiable & Equatable` elements: same `id` is the same item,
    /// same `id` with different content is an update.
    ///
    /// ```swift
    /// let changes = try MyersEngine().diff(from: oldPosts, to: newPosts)
    /// tableView.performBatchUpdates { /* changes.deletes, .inserts, .moves, .updates */ }
    /// ```
    ///
    /// - Parameters:
    ///   - old: The list as it was.
    ///   - new: The list as it is now.
    ///   - options: See ``DiffOptions``; `.default` infers moves.
    /// - Returns: The changeset, as ``diff(from:to:identity:options:)`` returns it.
    /// - Throws: The ``DiffError`` cases listed at ``diff(from:to:identity:options:)``.
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
    /// ```swift
    /// let changes = try PatienceEngine().diff(fromValues: oldLines, toValues: newLines)
    /// ```
    ///
    /// - Parameters:
    ///   - old: The values as they were (strings, characters, ints…).
    ///   - new: The values as they are now.
    ///   - options: See ``DiffOptions``.
    /// - Returns: Deletes, inserts and moves; never updates, since a value is its own identity.
    /// - Throws: The ``DiffError`` cases listed at ``diff(from:to:identity:options:)``.
    /// - Complexity: that of the engine (see its type).
    @inlinable
    public func diff<E: Hashable>(
        fromValues old: [E], toValues new: [E], options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        try diff(from: old, to: new, identity: ValueElements<E>(), options: options)
    }

    /// Diffs elements identified by the property at `id`, for types that are
    /// not `Identifiable`: same id is the same item, same id with `!=`
    /// content an update. Specializes for the caller's element type like the
    /// `Identifiable` form (see ``KeyPathElements`` for the cost of the key path).
    ///
    /// ```swift
    /// let changes = try HeckelEngine().diff(from: old, to: new, id: \.key)
    /// ```
    ///
    /// - Complexity: that of the engine (see its type), plus O(1) per id read.
    @inlinable
    public func diff<E: Equatable, ID: Hashable>(
        from old: [E], to new: [E], id: KeyPath<E, ID>, options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        try diff(from: old, to: new, identity: KeyPathElements(id), options: options)
    }

    /// Diffs elements that are not `Equatable` by the property at `id`:
    /// same id is the same item, and there are never updates (content cannot
    /// be compared). For `Equatable` elements the overload above is chosen
    /// and reports updates.
    ///
    /// - Complexity: that of the engine (see its type), plus O(1) per id read.
    @inlinable
    public func diff<E, ID: Hashable>(
        from old: [E], to new: [E], id: KeyPath<E, ID>, options: DiffOptions = .default
    ) throws(DiffError) -> Changeset {
        try diff(from: old, to: new, identity: KeyPathIDOnlyElements(id), options: options)
    }
}
