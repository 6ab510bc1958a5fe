import Foundation

/// How big a change must be before `compare` calls it a regression: the one
/// place the defaults are declared (the CLI's options default to these, and
/// `CompareThresholdTests` pins each value and comparison).
///
/// What fails and what only warns:
/// - **Instructions** (``instructionFraction``, ``instructionSlack``) fail.
///   Callgrind's count of one call repeats exactly between runs of one build
///   (with deterministic hashing), also under heavy CPU load, so a small
///   threshold is safe; the slack keeps tiny calls (a floor call on 100 items,
///   a few thousand instructions) from failing on a changed malloc path.
/// - **Peak heap bytes** (``memoryFraction`` and ``memorySlackBytes``) and
///   **allocations** (any growth over ``allocationSlack``) fail. They come
///   from an allocation hook with the allocator's rounding switched off (see
///   `MemoryMeter`), so they repeat exactly from run to run and machine to
///   machine; the peak-heap margin only keeps a change of the toolchain's own
///   bookkeeping (a runtime cache, one small object) from failing CI.
/// - **Steps** are exact and any increase fails.
/// - **Wall time** only warns unless ``timeFails`` is set: on a shared
///   machine it swings 15–40 % between identical runs. It is compared as a
///   ratio to a reference timed in the same run, must move by more than
///   ``timing`` and outside the noise of both runs (see ``TimingCheck``).
package struct CompareThresholds: Hashable, Sendable, Codable {
    /// Relative change of the timing ratio that is reported: 0.5 means the
    /// ratio must grow by more than 50 % (×1.5) to be a slowdown, or shrink
    /// below 1/1.5 of the baseline to be an improvement.
    package var timing: Double
    /// Half-width of a run's noise range around a median, in MADs (median
    /// absolute deviations): the range is median ± noiseK·MAD.
    package var noiseK: Double
    /// Fewest timing samples a row (and its reference) needs, in both runs,
    /// for its timing to be judged at all.
    package var minSamples: Int
    /// Relative increase of peak heap bytes that fails.
    package var memoryFraction: Double
    /// Peak heap growth in bytes that never fails, whatever the fraction
    /// (one small object more is not a regression of a diff).
    package var memorySlackBytes: Int
    /// Allocation-count growth that never fails (allocation counts fail on
    /// any growth beyond it; there is no fraction).
    package var allocationSlack: Int
    /// Calls faster than this in either run (nanoseconds) only warn on time:
    /// around a microsecond a change of code layout or cache state moves a
    /// median by tens of percent with no change to the algorithm (a 0.44 µs
    /// call was seen at 1.05 µs in another process of the same commit).
    package var minimumGatedNanoseconds: Double
    /// Relative increase of a call's instruction count that fails.
    package var instructionFraction: Double
    /// Instruction-count growth that never fails, whatever the fraction.
    package var instructionSlack: Int
    /// When true, a wall-time slowdown beyond ``timing`` and the noise fails
    /// (for a dedicated machine); by default it only warns.
    package var timeFails: Bool

    package init(
        timing: Double = 0.5, noiseK: Double = 3, minSamples: Int = 5, memoryFraction: Double = 0.01,
        memorySlackBytes: Int = 1_024, allocationSlack: Int = 0, minimumGatedNanoseconds: Double = 1_000,
        instructionFraction: Double = 0.01, instructionSlack: Int = 2_000, timeFails: Bool = false
    ) {
        self.timing = timing
        self.noiseK = noiseK
        self.minSamples = minSamples
        self.memoryFraction = memoryFraction
        self.memorySlackBytes = memorySlackBytes
        self.allocationSlack = allocationSlack
        self.minimumGatedNanoseconds = minimumGatedNanoseconds
        self.instructionFraction = instructionFraction
        self.instructionSlack = instructionSlack
        self.timeFails = timeFails
    }

    /// The defaults, for options and help texts that show them.
    package static let defaults = CompareThresholds()

    /// A fraction as the CLI writes it: `0.5` → `50%`.
    package static func percentText(_ fraction: Double) -> String {
        TimingCheck.number(fraction * 100) + "%"
    }

    enum CodingKeys: String, CodingKey {
        case timing
        case noiseK = "noise_k"
        case minSamples = "min_samples"
        case memoryFraction = "memory_fraction"
        case memorySlackBytes = "memory_slack_bytes"
        case allocationSlack = "allocation_slack"
        case minimumGatedNanoseconds = "minimum_gated_ns"
        case instructionFraction = "instruction_fraction"
        case instructionSlack = "instruction_slack"
        case timeFails = "time_fails"
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = CompareThresholds()
        timing = try container.decode(Double.self, forKey: .timing)
        noiseK = try container.decode(Double.self, forKey: .noiseK)
        minSamples = try container.decode(Int.self, forKey: .minSamples)
        memoryFraction = try container.decode(Double.self, forKey: .memoryFraction)
        memorySlackBytes = try container.decode(Int.self, forKey: .memorySlackBytes)
        allocationSlack = try container.decode(Int.self, forKey: .allocationSlack)
        minimumGatedNanoseconds = try container.decode(Double.self, forKey: .minimumGatedNanoseconds)
        instructionFraction = try container.decodeIfPresent(Double.self, forKey: .instructionFraction) ?? defaults.instructionFraction
        instructionSlack = try container.decodeIfPresent(Int.self, forKey: .instructionSlack) ?? defaults.instructionSlack
        timeFails = try container.decodeIfPresent(Bool.self, forKey: .timeFails) ?? defaults.timeFails
    }

    /// Reads a relative threshold written as a fraction (`0.25`) or a
    /// percentage (`25%`); nil when it is not a positive number.
    package static func parseFraction(_ text: String) -> Double? {
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

extension CompareThresholds {
    /// One threshold as `targets --list` shows it.
    package struct Listed: Hashable, Sendable, Codable {
        /// The key in a baseline's and a comparison's JSON.
        package var key: String
        /// The `compare` option that sets it, if any.
        package var option: String?
        package var value: String
        package var meaning: String
    }

    /// Every threshold with its value in this set, in declaration order
    /// (`CompareThresholdTests` checks it names every coded key).
    package var listed: [Listed] {
        func item(_ key: CodingKeys, _ option: String?, _ value: String, _ meaning: String) -> Listed {
            Listed(key: key.rawValue, option: option, value: value, meaning: meaning)
        }
        return [
            item(.timing, "--threshold", Self.percentText(timing), "change of a timing ratio that is reported (fails only with --gate-time)"),
            item(.noiseK, "--noise-k", TimingCheck.number(noiseK), "half-width of each run's noise range, in MADs around the median"),
            item(.minSamples, "--min-samples", String(minSamples), "fewest samples a row needs in both runs for its time to be judged"),
            item(.memoryFraction, "--memory-threshold", Self.percentText(memoryFraction), "peak heap increase that fails"),
            item(.memorySlackBytes, "--memory-slack", String(memorySlackBytes), "peak heap increase in bytes that never fails"),
            item(.allocationSlack, "--allocation-slack", String(allocationSlack), "allocation-count increase that never fails"),
            item(.minimumGatedNanoseconds, nil, TimingCheck.number(minimumGatedNanoseconds), "calls faster than this (ns) only warn on time"),
            item(.instructionFraction, "--instruction-threshold", Self.percentText(instructionFraction), "instruction-count increase that fails"),
            item(.instructionSlack, "--instruction-slack", String(instructionSlack), "instruction-count increase that never fails"),
            item(.timeFails, "--gate-time", String(timeFails), "a wall-time slowdown beyond the threshold and the noise fails"),
        ]
    }
}
