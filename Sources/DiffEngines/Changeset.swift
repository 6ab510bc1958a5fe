/// The result of every engine, in the terms of a UIKit / AppKit batch update.
///
/// - `deletes`: indices into the **old** array of items that disappear.
/// - `inserts`: indices into the **new** array of items that appear.
/// - `moves`: an item present in both arrays whose position changed relative
///   to the items that stay: `from` is its old index, `to` its new index.
/// - `updates`: an item present in both arrays (same identity) whose content
///   changed: `old` and `new` are its indices in the two arrays. An item can be
///   both moved and updated.
///
/// Every other old item "stays": the staying items keep their relative order
/// and fill, in that order, the new positions that are neither inserted nor the
/// target of a move. That rule is what makes the four lists a complete
/// description of the change (see ``apply(to:using:)`` and ``verify(old:new:)``).
///
/// Canonical form, produced by every engine and checked by the verifier:
/// deletes and inserts strictly ascending, moves ordered by `to`, updates
/// ordered by `new`.
public struct Changeset: Hashable, Sendable, Codable {
    /// An item that changes position: old index → new index.
    public struct Move: Hashable, Sendable, Codable, CustomStringConvertible {
        public var from: Int
        public var to: Int
        @inlinable public init(from: Int, to: Int) { self.from = from; self.to = to }
        public var description: String { "\(from)→\(to)" }
    }

    /// An item whose identity is kept but whose content changed.
    public struct Update: Hashable, Sendable, Codable, CustomStringConvertible {
        public var old: Int
        public var new: Int
        @inlinable public init(old: Int, new: Int) { self.old = old; self.new = new }
        public var description: String { "\(old)→\(new)" }
    }

    public var deletes: [Int]
    public var inserts: [Int]
    public var moves: [Move]
    public var updates: [Update]
    /// True when the engine stopped at ``DiffOptions/costLimit`` or
    /// ``DiffOptions/deadline`` and finished
    /// coarsely: still a valid changeset, but possibly not the shortest the
    /// engine would otherwise give. Not part of the JSON form.
    public var isApproximate = false

    enum CodingKeys: String, CodingKey { case deletes, inserts, moves, updates }

    @inlinable
    public init(deletes: [Int] = [], inserts: [Int] = [], moves: [Move] = [], updates: [Update] = []) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.updates = updates
    }

    /// Total number of batch-update steps (deletes + inserts + moves + updates).
    @inlinable public var stepCount: Int { deletes.count + inserts.count + moves.count + updates.count }

    /// True when old and new are identical.
    @inlinable public var isEmpty: Bool { stepCount == 0 }
}

extension Changeset: CustomStringConvertible {
    public var description: String {
        "Changeset(deletes: \(deletes), inserts: \(inserts), moves: \(moves), updates: \(updates))"
    }
}
