import Foundation
import FileSupport
import RunResults

/// Ratios as people read them: "0.000016×", "0.42×", "38×", "62,000× faster".
package enum RatioText {
    /// A multiplier with enough digits to be non-zero and at most three
    /// significant ones; large values grouped. O(1).
    package static func times(_ ratio: Double) -> String {
        guard ratio.isFinite, ratio > 0 else { return "–" }
        // Past what an Int holds (a hand-edited file), three significant digits.
        if ratio >= 1e15 { return String(format: "%.3g×", ratio) }
        if ratio >= 1_000 { return Formatting.grouped(Int(ratio.rounded())) + "×" }
        if ratio >= 1 { return String(format: ratio >= 100 ? "%.0f×" : (ratio >= 10 ? "%.1f×" : "%.2f×"), ratio) }
        // Below 1: three significant digits in plain decimals, never exponent notation.
        let decimals = max(2, Int((-log10(ratio)).rounded(.down)) + 3)
        var text = String(format: "%.\(min(decimals, 12))f", ratio)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + "×"
    }

    /// A ratio to a reference as a phrase: "62,000× faster", "1.6× slower", "same".
    package static func against(_ ratio: Double) -> String {
        guard ratio.isFinite, ratio > 0 else { return "–" }
        if abs(ratio - 1) < 0.005 { return "same" }
        return ratio < 1 ? times(1 / ratio) + " faster" : times(ratio) + " slower"
    }
}
