import DiffBenchTestSupport
import Foundation
import HistoryAnalysis

/// Seeded synthetic benchmark series with known steps: the oracle of the
/// change-point tests is the step the series was built with.
struct SyntheticSeries {
    /// A known step: the first index at the new level, and the relative change.
    struct Step {
        var firstAfter: Int
        var fraction: Double
    }

    /// Instruction counts: `base` with steps, plus the layout wobble a
    /// rebuild gives (−530, 0 or +530 instructions, iid per commit).
    static func instructions(count: Int, base: Double, steps: [Step], random: inout TestRandom) -> [SeriesPoint] {
        (0..<count).map { index in
            let wobble = Double(random.below(3) - 1) * 530
            return SeriesPoint(commit: "c\(index)", value: (level(at: index, base: base, steps: steps) + wobble).rounded())
        }
    }

    /// Wall times: `base` with steps, times log-normal noise whose log has
    /// standard deviation `noise` (0.04–0.20: skewed to the slow side, as
    /// timings are). Each point carries a small noise of its own (a run's
    /// MAD) unless `pointNoise` says otherwise.
    static func wallTimes(
        count: Int, base: Double, steps: [Step], noise: Double, pointNoise: Double = 0.01, random: inout TestRandom
    ) -> [SeriesPoint] {
        (0..<count).map { index in
            let level = level(at: index, base: base, steps: steps)
            return SeriesPoint(commit: "c\(index)", value: level * exp(noise * gaussian(&random)), noise: pointNoise * level)
        }
    }

    static func level(at index: Int, base: Double, steps: [Step]) -> Double {
        steps.filter { $0.firstAfter <= index }.reduce(base) { $0 * (1 + $1.fraction) }
    }

    /// A standard normal draw (Box–Muller).
    static func gaussian(_ random: inout TestRandom) -> Double {
        let u = random.double(Double.ulpOfOne, 1), v = random.double(0, 1)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
