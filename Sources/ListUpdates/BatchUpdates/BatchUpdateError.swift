
/// A batch that UIKit would refuse with `NSInternalInconsistencyException`
/// (or that DiffBench refuses for a reason it names).
///
/// `message` reproduces UIKit's assertion text where UIKit's wording is known
/// (``isUIKitWording``); index paths print as
/// `<NSIndexPath> {length = 2, path = 0 - 1}` (UIKit adds the object's
/// address). The other messages cover batches UIKit mishandles without a
/// clear assertion (the same index path deleted twice, row changes inside a
/// moved section, rows of a section that is itself deleted); they follow the
/// same style and say what is wrong.
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// True when `message` is the text UIKit itself raises for this mistake.
    public var isUIKitWording: Bool

    init(_ message: String, uikit: Bool = true) {
        self.message = message
        self.isUIKitWording = uikit
    }

    public var description: String { message }
}

/// UIKit's printed form of a two-element index path (without the address).
func nsIndexPath(_ path: ListIndexPath) -> String {
    "<NSIndexPath> {length = 2, path = \(path.section) - \(path.row)}"
}
