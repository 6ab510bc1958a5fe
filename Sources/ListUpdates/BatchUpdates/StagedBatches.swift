/// Batch updates that must be applied one after the other, each in its own
/// `performBatchUpdates` call, with the data source set to that stage's data
/// before the call (the "staged changeset" of DifferenceKit and others).
///
/// One batch cannot express every change under UIKit's rules: a row that
/// moves and changes content cannot be moved and reloaded in the same batch
/// (UIKit treats the reload as a delete and raises "attempt to perform a
/// delete and a move from the same index path"), so its reload comes in a
/// later stage at its new index path; and row changes inside sections that
/// move are kept out of the batch that moves the sections. See
/// `Guides/BatchUpdates.md`.
public struct StagedBatches: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The batches in the order they must be applied. Empty when old and new are equal.
    public var stages: [BatchUpdate]

    public init(_ stages: [BatchUpdate]) { self.stages = stages }

    /// Total operations over all stages.
    public var operationCount: Int { stages.reduce(0) { $0 + $1.operationCount } }

    public var description: String {
        "StagedBatches(" + stages.map(\.description).joined(separator: ", ") + ")"
    }
}
