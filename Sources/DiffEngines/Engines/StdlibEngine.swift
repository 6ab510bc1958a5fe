/// The standard library's `difference(from:)` (a Myers diff) followed by
/// `inferringMoves()`, mapped into a ``Changeset``. It runs on the id arrays,
/// exactly as an app would call it, without trimming or fast paths: it is the
/// reference every benchmark ratio is taken against. See `Guides/Stdlib.md`.
///
/// - Complexity: O((N + M) · D) time for D inserts plus deletes. Since Swift
///   6.2's standard library the search runs in linear space; older runtimes
///   (and Apple OS versions that ship them) keep the whole trace, O(D²) memory.
///   The reference therefore depends on the toolchain: results record it.
public struct StdlibEngine: DiffEngine {
    public static let name = EngineName.stdlib
    public static let summary = "Swift's difference(from:) + inferringMoves(), the in-run reference"
    public static let cost = EngineCost.differencesSquared
    public static let infersMoves = true
    public static let claims: EngineClaims = [.minimalEdits, .fewestMoves]
    @inlinable public init() {}

    /// Diffs the id arrays with `difference(from:)`, then `inferringMoves()`
    /// when ``DiffOptions/inferMoves`` is set.
    ///
    /// - Complexity: O((N + M)·D) time for D deletes plus inserts (the
    ///   standard library's Myers search, without trimming), O(N + M) memory
    ///   on Swift 6.2 and later, O(D²) before.
    @inlinable
    public func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        let oldIDs = old.map(identity.id(of:))
        let newIDs = new.map(identity.id(of:))
        var difference = newIDs.difference(from: oldIDs)
        if options.inferMoves { difference = difference.inferringMoves() }
        var deletes: [Int] = []
        var inserts: [Int] = []
        var moves: [Changeset.Move] = []
        for change in difference {
            switch change {
            case let .remove(offset, _, associatedWith):
                if associatedWith == nil { deletes.append(offset) }
            case let .insert(offset, _, associatedWith):
                if let from = associatedWith {
                    moves.append(Changeset.Move(from: from, to: offset))
                } else {
                    inserts.append(offset)
                }
            }
        }
        // CollectionDifference lists removals from the highest offset down and
        // insertions ascending; moves come with their insertions, so they are
        // ordered by target.
        deletes.reverse()
        let matching = Matching.fromChangeLists(
            oldCount: old.count, newCount: new.count, deletes: deletes, inserts: inserts, moves: moves)
        return matching.changeset(old: old, new: new, identity: identity, options: options)
    }
}

extension Matching {
    /// A matching rebuilt from a valid change list (the staying items fill
    /// the free new positions in order). O(N + M).
    @usableFromInline
    static func fromChangeLists(
        oldCount: Int, newCount: Int, deletes: [Int], inserts: [Int], moves: [Changeset.Move]
    ) -> Matching {
        var oldTaken = [Bool](repeating: false, count: oldCount)
        var newToOld = [Int32](repeating: -1, count: newCount)
        var newTaken = [Bool](repeating: false, count: newCount)
        for i in deletes { oldTaken[i] = true }
        for j in inserts { newTaken[j] = true }
        for move in moves {
            oldTaken[move.from] = true
            newTaken[move.to] = true
            newToOld[move.to] = Int32(move.from)
        }
        var j = 0
        for i in 0..<oldCount where !oldTaken[i] {
            while newTaken[j] { j += 1 }
            newToOld[j] = Int32(i)
            j += 1
        }
        return Matching(newToOld: newToOld, deletes: deletes, inserts: inserts, moves: moves)
    }
}

extension EngineName {
    /// ``StdlibEngine``'s stable name.
    public static let stdlib: EngineName = "stdlib"
}
