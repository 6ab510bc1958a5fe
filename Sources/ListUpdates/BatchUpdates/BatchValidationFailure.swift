/// Why ``ListViewState/check(_:from:expecting:style:)`` rejected staged batches.
public struct BatchValidationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// UIKit would raise `NSInternalInconsistencyException` with this message.
        case uikitException
        /// A batch DiffBench refuses (UIKit mishandles it without a clear message).
        case refused
        /// Every batch passes, but the list view does not end up showing the new data.
        case wrongScreen
    }

    /// 1-based stage, or nil when there are no stages and old differs from new.
    public var stage: Int?
    public var stageCount: Int
    public var message: String
    public var kind: Kind

    public var description: String {
        guard let stage else { return "no batch updates, but \(message)" }
        switch kind {
        case .wrongScreen: return "after batch \(stage) of \(stageCount): \(message)"
        default: return "batch \(stage) of \(stageCount): \(message)"
        }
    }
}
