import Foundation

/// Builds the text of a `.gp` file. Every script is complete on its own and
/// names its files relative to its folder, so `gnuplot NAME.gp` run in the
/// charts folder redraws `NAME.png` without diffbench.
struct GnuplotScript {
    private(set) var lines: [String] = []

    /// The common head: terminal, size, fonts, grid. `outfile` can be set from
    /// outside (`gnuplot -e "outfile='x'"`), which is how diffbench draws to a
    /// temporary file and renames it into place.
    init(name: String, title: String, width: Int, height: Int, runName: String) {
        // A comment line ending in a backslash would swallow the next line.
        let comment = title.replacingOccurrences(of: "\\", with: "/").replacingOccurrences(of: "\n", with: " ")
        lines = [
            "# \(comment)",
            "# Drawn by `diffbench chart` from the results.json of run \(runName.replacingOccurrences(of: "\\", with: "/")).",
            "# Redraw or restyle from this folder: gnuplot \(name).gp   (reads \(name).dat, writes \(name).png)",
            "reset",
            "if (!exists(\"outfile\")) outfile = '\(name).png'",
            "set encoding utf8",
            "set terminal pngcairo size \(width),\(height) enhanced font 'Sans,11' background rgb 'white'",
            "set output outfile",
            "set micro",
            "set border 3 lc rgb '#444444'",
            "set tics nomirror out",
            "set grid xtics ytics lt 1 lc rgb '#dcdcdc' lw 1",
            "set key outside right top vertical Left reverse noautotitle spacing 1.3 samplen 2.5",
        ]
    }

    mutating func add(_ line: String) { lines.append(line) }

    mutating func add(_ more: [String]) { lines.append(contentsOf: more) }

    var text: String { lines.joined(separator: "\n") + "\n" }

    /// A gnuplot double-quoted string whose content shows literally in
    /// enhanced text mode (where `^ _ @ & ~ { }` would otherwise format).
    static func literal(_ text: String) -> String { "\"" + escaped(text) + "\"" }

    /// The inside of ``literal(_:)``, for strings that mix literal text with
    /// enhanced markup of their own (an exponent `n^{1.03}`).
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "^", "_", "@", "&", "~", "{", "}": out += "\\\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }

    /// A number as gnuplot source: integers plain, others to six digits.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.6g", value)
    }
}

/// Axis helpers shared by the chart kinds.
enum AxisRange {
    /// A log-axis range that holds every value with some air, snapped out to
    /// 1–2–5 steps so the ends carry readable ticks. Never empty.
    static func logarithmic(_ values: [Double], minimumSpan: Double = 10) -> (low: Double, high: Double) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        guard let smallest = positive.min(), let largest = positive.max() else { return (1, 10) }
        var low = stepDown(smallest / 1.25)
        var high = stepUp(largest * 1.25)
        if high / low < minimumSpan {
            let middle = (log10(low) + log10(high)) / 2
            low = stepDown(pow(10, middle - log10(minimumSpan) / 2))
            high = stepUp(pow(10, middle + log10(minimumSpan) / 2))
        }
        return (low, high)
    }

    /// Largest 1, 2 or 5 × 10ᵏ at or below the value.
    static func stepDown(_ value: Double) -> Double {
        let decade = pow(10, floor(log10(value)))
        for step in [5.0, 2, 1] where step * decade <= value * (1 + 1e-12) { return step * decade }
        return decade
    }

    /// Smallest 1, 2 or 5 × 10ᵏ at or above the value.
    static func stepUp(_ value: Double) -> Double {
        let decade = pow(10, floor(log10(value)))
        for step in [1.0, 2, 5, 10] where step * decade >= value * (1 - 1e-12) { return step * decade }
        return 10 * decade
    }

    /// Tick positions for a ratio axis on a log scale: 1–2–5 steps that fall
    /// inside the range, plus 1 (the optimum or the reference) always.
    static func ratioTicks(low: Double, high: Double) -> [Double] {
        var ticks: [Double] = []
        var decade = pow(10, floor(log10(low)))
        while decade <= high {
            for step in [1.0, 1.5, 2, 3, 5] {
                let tick = step * decade
                if tick >= low * (1 - 1e-9), tick <= high * (1 + 1e-9) { ticks.append(tick) }
            }
            decade *= 10
        }
        // Keep at most about eight labels: drop the 1.5 and 3 steps on wide ranges.
        if ticks.count > 8 {
            ticks = ticks.filter { tick in
                let mantissa = tick / pow(10, floor(log10(tick) + 1e-9))
                return abs(mantissa - 1.5) > 1e-6 && abs(mantissa - 3) > 1e-6
            }
        }
        if !ticks.contains(where: { abs($0 - 1) < 1e-9 }), low <= 1, high >= 1 { ticks.append(1) }
        return ticks.sorted()
    }
}

/// Numbers as the page and the chart labels print them.
enum Formatting {
    /// 1234567 → "1,234,567".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// Nanoseconds with a unit chosen for the magnitude.
    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.3g µs", nanoseconds / 1_000)
        case ..<1_000_000_000: return String(format: "%.3g ms", nanoseconds / 1_000_000)
        default: return String(format: "%.3g s", nanoseconds / 1_000_000_000)
        }
    }

    /// Bytes in decimal units (kB = 1,000 bytes), as the chart axes show them.
    static func bytes(_ value: Int) -> String {
        let number = Double(value)
        switch number {
        case ..<1_000: return "\(value) B"
        case ..<1_000_000: return String(format: "%.3g kB", number / 1_000)
        case ..<1_000_000_000: return String(format: "%.3g MB", number / 1_000_000)
        default: return String(format: "%.3g GB", number / 1_000_000_000)
        }
    }

    /// A ratio with three significant digits: 0.0123, 1.06, 245.
    static func ratio(_ value: Double) -> String { String(format: "%.3g", value) }
}
