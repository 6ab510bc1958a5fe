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

    /// "1 step", "2 steps": the count and the noun, singular for one.
    public static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// Items joined as prose: "a", "a and b", "a, b and c".
    public static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
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

    /// Bytes in binary units (KiB = 1,024 bytes), the unit of every memory
    /// option (`--lcs-memory-budget`, `table --memory-budget`, in MiB), so
    /// a budget prints as the number it was given: 256 MiB, not 268 MB.
    public static func bytes(_ value: Int) -> String {
        let number = Double(value)
        switch number {
        case ..<1_024: return "\(value) B"
        case ..<1_048_576: return String(format: "%.3g KiB", number / 1_024)
        case ..<1_073_741_824: return String(format: "%.3g MiB", number / 1_048_576)
        default: return String(format: "%.3g GiB", number / 1_073_741_824)
        }
    }

    /// A ratio with three significant digits: 0.0123, 1.06, 245.
    public static func ratio(_ value: Double) -> String { String(format: "%.3g", value) }
}
