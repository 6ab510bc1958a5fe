import ArgumentParser
import Compare
import Foundation

/// `history bisect --threshold`: how far above the good count a commit is
/// bad, as instructions (`2500`) or a percentage of the good count (`3%`).
/// A bare number is a count, never a fraction, so `0.03` is refused rather
/// than read as 3 % or as no margin at all.
enum BisectThreshold: Hashable {
    case instructions(Int)
    case fraction(Double)

    @Sendable static func parse(_ text: String) throws -> BisectThreshold {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") {
            guard let percent = Double(trimmed.dropLast()), percent.isFinite, percent >= 0 else {
                throw ListError("'\(text)' is not a percentage such as 3%")
            }
            return .fraction(percent / 100)
        }
        guard let count = Int(trimmed), count >= 0 else {
            throw ListError("'\(text)' is neither a count of instructions (2500) nor a percentage (3%)")
        }
        return .instructions(count)
    }

    /// The largest good count: `good` plus the margin (a fraction rounded down). O(1).
    func limit(above good: Int) -> Int {
        switch self {
        case .instructions(let count): return good + count
        case .fraction(let fraction): return good + Int((Double(good) * fraction).rounded(.down))
        }
    }

    /// As written in the script's header.
    var text: String {
        switch self {
        case .instructions(let count): return "+\(count) instructions"
        case .fraction(let fraction): return "+" + CompareThresholds.percentText(fraction)
        }
    }
}
