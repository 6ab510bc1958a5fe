import Foundation

/// The knobs of ``ChangePointDetector``, with a preset per kind of measure.
///
/// Why these defaults (each checked by `ChangePointDetectorTests`, which
/// fail when the value is turned the wrong way):
/// - ``significanceLevel`` 0.002 and ``permutations`` 499: a series with no
///   change gets a step with probability α per test, and the history page
///   tests every series at every commit, so α must sit well under the
///   issue's budget of 1 false step per 100 series. With 499 permutations the
///   smallest p-value is 1/500 = 0.002, so a step is reported only when no
///   shuffle of the segment splits as well as the series itself. Measured
///   over 1,000 seeded flat series with 4–20 % noise: see the guide.
/// - ``minimumSegmentLength`` 3: a step needs three points on each side. Two
///   would let a single outlier pair make a segment; more would hide the
///   newest steps longer (the gate against history catches a regression at
///   its first run; the detector confirms it once enough runs follow: three
///   on a long series, more on a short one, since the permutation test can
///   be only as sure as the orders of the segment allow; see the guide).
/// - ``minimumRelativeStep`` and ``minimumAbsoluteStep``: the permutation test
///   says a change is real, not that it matters. An instruction count
///   repeats exactly, so a 6-instruction shift of a rebuilt binary is "real";
///   these floors keep such shifts out of the list (see the presets).
/// - ``noiseMultiple``: a step smaller than this many times the points' own
///   noise (their MADs) is not reported, since two runs that far apart
///   overlap.
/// - ``splitsBursts``: on for the exact measures (counts that repeat for one
///   binary), off for wall time. A run of fewer than ``minimumSegmentLength``
///   points beside a found step becomes a step of its own when it lies
///   wholly apart from the rest of its segment by more than the floors (see
///   ``ChangePointDetector/splittingBursts(_:steps:parameters:)``), so two
///   speed-ups one commit apart are two steps, each at its commit.
/// - ``endWindow`` 64: how far past a cut its free end is searched (see
///   ``EnergySplit/best(in:minimumLength:endWindow:)``). Every end of a
///   series of up to 67 points is searched, so the tests' series (at most
///   60) and any history of fewer than 68 runs get the method exactly as
///   published; a regression fixed within 64 runs is still compared with
///   its own stretch. It makes one scan of 10,000 runs O(m · 64 + m log m)
///   instead of O(m²): 8 ms of CPU instead of seconds.
package struct ChangePointParameters: Hashable, Sendable {
    /// The largest p-value of the permutation test that makes a step.
    package var significanceLevel: Double
    /// Shuffles per permutation test (most tests of a flat segment stop after a few).
    package var permutations: Int
    /// Fewest points on each side of a step.
    package var minimumSegmentLength: Int
    /// Smallest |median after − median before| / median before reported.
    package var minimumRelativeStep: Double
    /// Smallest |median after − median before| reported, in the series' unit.
    package var minimumAbsoluteStep: Double
    /// A step must exceed this many times the median noise of its points
    /// (when the points carry noise).
    package var noiseMultiple: Double
    /// The permutation test's seed: one seed, one answer.
    package var seed: UInt64
    /// The most values after a cut that the cut's free end κ is searched
    /// over (κ at the segment's end is always searched).
    package var endWindow: Int
    /// Whether a short run beside a found step that lies wholly apart from
    /// its segment is split off as a step of its own (exact measures only).
    package var splitsBursts: Bool

    package init(
        significanceLevel: Double = 0.002, permutations: Int = 499, minimumSegmentLength: Int = 3,
        minimumRelativeStep: Double, minimumAbsoluteStep: Double = 0, noiseMultiple: Double = 1, seed: UInt64 = 1,
        endWindow: Int = 64, splitsBursts: Bool = false
    ) {
        self.significanceLevel = significanceLevel
        self.permutations = permutations
        self.minimumSegmentLength = minimumSegmentLength
        self.minimumRelativeStep = minimumRelativeStep
        self.minimumAbsoluteStep = minimumAbsoluteStep
        self.noiseMultiple = noiseMultiple
        self.seed = seed
        self.endWindow = endWindow
        self.splitsBursts = splitsBursts
    }

    /// Instruction counts (callgrind, one call): steps from 0.3 % and from
    /// 2,000 instructions. A rebuild with no code change moved the counts of
    /// the big CI rows by at most 0.05 % and the small ones by multiples of
    /// about 530 instructions, up to 1,590 (`Reports/baselines/ci.json` across
    /// its re-recordings); 2,000 is `compare`'s own instruction slack for the
    /// same reason. 0.3 % stays under the 0.5 % steps commit messages report.
    /// Bursts are split: a count beyond the drift is a change of the code.
    package static let instructions = ChangePointParameters(minimumRelativeStep: 0.003, minimumAbsoluteStep: 2_000, splitsBursts: true)

    /// Wall-time medians (nanoseconds): steps from 5 %. Identical runs on the
    /// shared CI machine move 15–40 % (see `CompareThresholds`), so a smaller
    /// step would be found only on a quiet machine with a long series anyway.
    package static let wallTime = ChangePointParameters(minimumRelativeStep: 0.05)

    /// Nil when the parameters can be used, else what is wrong with them.
    package var problem: String? {
        if !(significanceLevel > 0 && significanceLevel < 1) { return "the significance level must be between 0 and 1" }
        if permutations < 1 { return "at least one permutation is needed" }
        if Double(permutations + 1) * significanceLevel < 1 {
            return "with \(permutations) permutations the smallest p-value is 1/\(permutations + 1), over the significance level \(significanceLevel): no step could ever be found"
        }
        if minimumSegmentLength < 2 { return "segments need at least 2 points (a distance inside each side)" }
        if endWindow < max(2, minimumSegmentLength) { return "the end window must hold at least one segment of the minimum length" }
        if !(minimumRelativeStep >= 0) || !(minimumAbsoluteStep >= 0) || !(noiseMultiple >= 0) {
            return "the minimum steps and the noise multiple must be zero or more"
        }
        return nil
    }
}
