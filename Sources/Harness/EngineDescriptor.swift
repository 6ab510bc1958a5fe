import DiffEngines
import InputFiles
import RunResults
import Workloads

/// An engine as the harness knows it: how to present it (``EngineInfo``),
/// and how to call it on the element types the runner times.
///
/// The calls are closures made by the generic initializer, which is
/// `@inlinable`: it is specialized where the descriptor is made (where the
/// engine's type is concrete), so each closure runs the engine's code
/// compiled for `FeedItem`, never the unspecialized generic path. That is
/// what lets an engine from another package be timed on equal terms.
public struct EngineDescriptor: Sendable {
    public var info: EngineInfo
    /// The engine as a protocol value, for untimed work on other element
    /// types (the sectioned batch check diffs section ids and marked rows).
    public var engine: any DiffEngine
    /// The timed calls, one per element kind (see ``ElementKind``).
    public var diffItems: @Sendable ([FeedItem], [FeedItem], DiffOptions) throws(DiffError) -> Changeset
    public var diffUUIDs: @Sendable ([UUIDItem], [UUIDItem], DiffOptions) throws(DiffError) -> Changeset
    public var diffRecords: @Sendable ([FeedRecord], [FeedRecord], DiffOptions) throws(DiffError) -> Changeset
    /// Strings as `String ==` compares them (a user's JSON list of strings).
    public var diffStrings: @Sendable ([String], [String], DiffOptions) throws(DiffError) -> Changeset
    /// Lines of text, and the `string` element kind: one only when their
    /// bytes are equal (``TextLineElements``), as the dataset's codes are.
    public var diffLines: @Sendable ([String], [String], DiffOptions) throws(DiffError) -> Changeset
    /// `diff` on a user's `{"id", "content"}` objects as the file holds
    /// them (string or number ids, canonical JSON content; untimed by `run`).
    public var diffUserItems: @Sendable ([UserItem], [UserItem], DiffOptions) throws(DiffError) -> Changeset

    public var name: EngineName { EngineName(info.name) }

    /// Whether the engine takes a deadline or cost limit (it claims
    /// ``EngineClaims/honoursBounds``): the one test `--deadline`'s help,
    /// `diff`'s time budget and the runner's prediction ask.
    public var honoursBounds: Bool { type(of: engine).claims.contains(.honoursBounds) }

    /// Describes `engine`; `info.name` must be the engine's `E.name`.
    @inlinable
    public init<E: DiffEngine>(_ engine: E, info: EngineInfo) {
        precondition(info.name == E.name.rawValue, "descriptor \(info.name) for engine \(E.name)")
        self.info = info
        // The claims are the engine's own (``DiffEngine/claims``), recorded
        // with the run: one source, the one help texts and the kit read too.
        self.info.claims = E.claims.stableNames
        self.engine = engine
        self.diffItems = { old, new, options throws(DiffError) in
            try engine.diff(from: old, to: new, identity: IdentifiedElements<FeedItem>(), options: options)
        }
        self.diffUUIDs = { old, new, options throws(DiffError) in
            try engine.diff(from: old, to: new, identity: IdentifiedElements<UUIDItem>(), options: options)
        }
        self.diffRecords = { old, new, options throws(DiffError) in
            try engine.diff(from: old, to: new, identity: IdentifiedElements<FeedRecord>(), options: options)
        }
        self.diffStrings = { old, new, options throws(DiffError) in
            try engine.diff(from: old, to: new, identity: ValueElements<String>(), options: options)
        }
        self.diffLines = { old, new, options throws(DiffError) in
            try engine.diff(from: old, to: new, identity: TextLineElements(), options: options)
        }
        self.diffUserItems = { old, new, options throws(DiffError) in
            try engine.diff(from: old, to: new, identity: IdentifiedElements<UserItem>(), options: options)
        }
    }

    /// The engine on the two lists of a user's files (``UserLists``),
    /// through the call specialized for their element type: the strings
    /// and ids are hashed as the files wrote them. An engine that needs
    /// unique ids refuses a repeat anywhere in the lists, even one that
    /// trimming the common prefix and suffix would hide from the engine.
    @inlinable
    public func diff(_ lists: UserLists, options: DiffOptions) throws(DiffError) -> Changeset {
        if info.requiresUniqueIDs, let twice = lists.firstRepeatedID() {
            throw .duplicateID(id: lists.label(twice.side, twice.first), side: twice.side, first: twice.first, second: twice.second)
        }
        switch lists {
        case let .values(old, new): return try diffStrings(old, new, options)
        case let .lines(old, new): return try diffLines(old, new, options)
        case let .items(old, new): return try diffUserItems(old, new, options)
        }
    }

    /// The engine on a dataset's lists in one element kind, through the
    /// call specialized for that kind.
    @inlinable
    public func diff(_ lists: ProjectedLists, options: DiffOptions) throws(DiffError) -> Changeset {
        switch lists {
        case let .items(old, new): return try diffItems(old, new, options)
        case let .uuids(old, new): return try diffUUIDs(old, new, options)
        case let .records(old, new): return try diffRecords(old, new, options)
        case let .strings(old, new): return try diffLines(old, new, options)
        }
    }

    /// Describes `engine` from its parts; see ``EngineInfo`` for each. What
    /// is not given is read from the engine's type: ``DiffEngine/summary``,
    /// ``DiffEngine/claims`` (``EngineClaims/uniqueIDsOnly``),
    /// ``DiffEngine/infersMoves`` and ``DiffEngine/cost``; only the
    /// presentation (colour and symbol) is the caller's to add.
    @inlinable
    public init<E: DiffEngine>(
        _ engine: E, summary: String = E.summary, colour: String, symbol: Int,
        requiresUniqueIDs: Bool = E.claims.contains(.uniqueIDsOnly), infersMoves: Bool = E.infersMoves,
        cost: EngineInfo.CostUnits = E.cost
    ) {
        self.init(
            engine,
            info: EngineInfo(
                name: E.name.rawValue, summary: summary, colour: colour, symbol: symbol,
                requiresUniqueIDs: requiresUniqueIDs, infersMoves: infersMoves, cost: cost))
    }
}
