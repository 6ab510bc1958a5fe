import DiffEngines

/// Why a pair of lists cannot be taught (drawn as tables and graphs).
package enum TeachingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Both lists are empty: there is no table to draw.
    case bothEmpty
    /// A list is longer than the pictures can show legibly.
    case tooLarge(side: DiffError.Side, count: Int, limit: Int)
    /// The labels of both lists together hold more bytes than the pictures can lay out.
    case labelsTooLarge(bytes: Int, limit: Int)
    /// A file could not be written.
    case output(path: String, problem: String)
    /// The LCS table would exceed its memory budget.
    case tableRefused(reason: String)
    /// The engine chosen for the storyboard refused the input (e.g. `set` with repeated ids).
    case engineRefused(engine: EngineName, error: DiffError)

    package var description: String {
        switch self {
        case .bothEmpty:
            return "both lists are empty; there is nothing to draw (give at least one element on one side)"
        case let .tooLarge(side, count, limit):
            return "the \(side.rawValue) list has \(count) elements; the teaching pictures show at most \(limit) "
                + "per side (use `diffbench table` for the memo table of large lists)"
        case let .labelsTooLarge(bytes, limit):
            return "the labels of the two lists hold \(bytes) bytes together; the teaching pictures take at most \(limit) "
                + "(shorten the labels, or use `diffbench table` for the memo table)"
        case let .output(path, problem):
            return "\(path): \(problem)"
        case let .tableRefused(reason):
            return reason
        case let .engineRefused(engine, error):
            return "the storyboard engine \(engine.rawValue) refused these lists: \(error)"
        }
    }
}
