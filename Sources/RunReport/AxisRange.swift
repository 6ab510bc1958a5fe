import Foundation

/// Axis helpers shared by the chart kinds.
enum AxisRange {
    /// A log-axis range that holds every value with some air, snapped out to
    /// 1–2–5 steps so the ends carry readable ticks. Never empty.
    /// Non-positive and non-finite values are left out (a log axis cannot show them).
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
    /// A range that is empty, not finite or not positive (a ratio of 0 from a
    /// hand-edited file, say) gets just the tick 1, never a loop.
    static func ratioTicks(low: Double, high: Double) -> [Double] {
        guard low > 0, low.isFinite, high.isFinite, low <= high, high / low < 1e12 else { return [1] }
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
