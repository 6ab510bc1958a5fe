import Foundation

/// How big a change must be before `compare` calls it a regression.
///
/// Timing and memory are judged differently on purpose. Wall time on a shared
/// machine swings ±15–20 % from run to run, so timing is compared as a ratio
/// to a reference timed in the same run (drift hits both alike), must move by
/// more than ``timing``, and must move outside the noise of both runs (see
/// ``TimingCheck``). Allocation counts and peak heap bytes come from an
/// allocation hook with the allocator's rounding switched off (see
/// `MemoryMeter`), so they repeat exactly from run to run and machine to
/// machine; the small margin only keeps a change of the toolchain's own
/// bookkeeping (a runtime cache, one small object) from failing CI. Steps,
/// moves, inserts, deletes and updates are exact and any change counts.
public struct CompareThresholds: Hashable, Sendable, Codable {
    /// Relative change of the timing ratio that can fail: 0.5 means the
    /// ratio must grow by more than 50 % (×1.5) to be a regression, or shrink
    /// below 1/1.5 of the baseline to be an improvement.
    public var timing: Double
    /// Half-width of a run's noise range around a median, in MADs (median
    /// absolute deviations): the range is median ± noiseK·MAD.
    public var noiseK: Double
    /// Fewest timing samples a row (and its reference) needs, in both runs,
    /// for its timing to be judged at all.
    public var minSamples: Int
    /// Relative increase of peak heap bytes or allocations that fails.
    public var memoryFraction: Double
    /// Peak heap growth in bytes that never fails, whatever the fraction
    /// (one small object more is not a regression of a diff).
    public var memorySlackBytes: Int
    /// Allocation-count growth that never fails, whatever the fraction.
    public var allocationSlack: Int
    /// Calls faster than this in either run (nanoseconds) only warn on time:
    /// around a microsecond a change of code layout or cache state moves a
    /// median by tens of percent with no change to the algorithm (a 0.44 µs
    /// call was seen at 1.05 µs in another process of the same commit), so
    /// such rows would make the gate fail on noise. A slowdown of the
    /// algorithm still shows at the larger sizes of the same workload.
    public var minimumGatedNanoseconds: Double

    public init(
        timing: Double = 0.5, noiseK: Double = 3, minSamples: Int = 5, memoryFraction: Double = 0.01,
        memorySlackBytes: Int = 1_024, allocationSlack: Int = 0, minimumGatedNanoseconds: Double = 1_000
    ) {
        self.timing = timing
        self.noiseK = noiseK
        self.minSamples = minSamples
        self.memoryFraction = memoryFraction
        self.memorySlackBytes = memorySlackBytes
        self.allocationSlack = allocationSlack
        self.minimumGatedNanoseconds = minimumGatedNanoseconds
    }

    enum CodingKeys: String, CodingKey {
        case timing
        case noiseK = "noise_k"
        case minSamples = "min_samples"
        case memoryFraction = "memory_fraction"
        case memorySlackBytes = "memory_slack_bytes"
        case allocationSlack = "allocation_slack"
        case minimumGatedNanoseconds = "minimum_gated_ns"
    }

    /// Reads a relative threshold written as a fraction (`0.25`) or a
    /// percentage (`25%`); nil when it is not a positive number.
    public static func parseFraction(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let value: Double?
        if trimmed.hasSuffix("%") {
            value = Double(trimmed.dropLast()).map { $0 / 100 }
        } else {
            value = Double(trimmed)
        }
        guard let value, value.isFinite, value > 0 else { return nil }
        return value
    }
}
