import Foundation

/// Numbers as the page and the chart labels print them.
public enum Formatting {
    /// 1234567 → "1,234,567".
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// Nanoseconds with a unit chosen for the magnitude.
    public static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.3g µs", nanoseconds / 1_000)
        case ..<1_000_000_000: return String(format: "%.3g ms", nanoseconds / 1_000_000)
        default: return String(format: "%.3g s", nanoseconds / 1_000_000_000)
        }
    }

    /// Bytes in decimal units (kB = 1,000 bytes), as the chart axes show them.
    public static func bytes(_ value: Int) -> String {
        let number = Double(value)
        switch number {
        case ..<1_000: return "\(value) B"
        case ..<1_000_000: return String(format: "%.3g kB", number / 1_000)
        case ..<1_000_000_000: return String(format: "%.3g MB", number / 1_000_000)
        default: return String(format: "%.3g GB", number / 1_000_000_000)
        }
    }

    /// A ratio with three significant digits: 0.0123, 1.06, 245.
    public static func ratio(_ value: Double) -> String { String(format: "%.3g", value) }
}
