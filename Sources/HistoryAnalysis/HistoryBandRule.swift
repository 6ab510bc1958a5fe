import Foundation

/// The gate against history: a new value of a series is judged against the
/// band its own recent values on the base branch draw (same machine and
/// plan), instead of against one hand-recorded baseline.
///
/// The band is `median ± max(k · 1.4826 · MAD, floor · |median|, slack)` of
/// the last ``window`` values:
/// - the **median** of the window follows intended changes once they make up
///   half of it, and one odd run in it moves nothing;
/// - **k · MAD** (scaled to a standard deviation) widens the band for a
///   series that does wobble from commit to commit, as a rebuilt binary's
///   layout makes small instruction rows and the machine makes wall times;
/// - the **relative floor** and the **absolute slack** keep a band from
///   collapsing to nothing when the history is perfectly flat: N runs of one
///   build repeat their instruction counts exactly, yet the next rebuild,
///   with no engine touched, moves them (see ``instructions``).
///
/// Smaller is better for every measure, so a value above the band is a
/// regression and one below it an improvement. A reference row (the
/// `stdlib` and `floor` subjects) never fails: its own code is not ours, so
/// whatever moves it is drift; outside the band it is ``HistoryVerdict/referenceMoved``.
package struct HistoryBandRule: Hashable, Sendable {
    /// How many of the newest values the band is drawn from.
    package var window: Int
    /// Fewest values needed to draw a band at all (fewer: not judged, and the
    /// caller falls back to its baseline file).
    package var minimumHistory: Int
    /// Half-width in standard deviations estimated from the MAD.
    package var madMultiple: Double
    /// Smallest half-width as a fraction of the median.
    package var relativeFloor: Double
    /// Smallest half-width in the series' unit.
    package var absoluteSlack: Double

    package init(window: Int = 10, minimumHistory: Int = 3, madMultiple: Double = 3, relativeFloor: Double, absoluteSlack: Double) {
        self.window = window
        self.minimumHistory = minimumHistory
        self.madMultiple = madMultiple
        self.relativeFloor = relativeFloor
        self.absoluteSlack = absoluteSlack
    }

    /// Instruction counts: a floor of 2 % and a slack of 2,000 instructions.
    ///
    /// Measured on `Reports/baselines/ci.json` across its five re-recordings
    /// (207 rows each), rows whose code did not change moved by:
    /// - small engine rows (under 100,000 instructions): multiples of about
    ///   530 instructions, up to +1,590 (+3.96 % on heckel text@100, 26,772
    ///   instructions): the slack covers them, as `compare`'s own
    ///   instruction slack of 2,000 does today;
    /// - middle rows (0.1–3 M): up to 1.55 %, under the 2 % floor;
    /// - big rows (over 3 M): at most 0.05 %.
    /// So a change outside the engines passes, while a real 3 % regression of
    /// any row over 66,667 instructions still fails: from 100,000 up because
    /// 3 % is more than the 2 % floor, and from 66,667 to 100,000 because 3 %
    /// of the row is more than the 2,000-instruction slack that sets the
    /// band there (``smallestRegressingValue(relativeChange:)``). What it
    /// gives up: on a row under 66,667 instructions a regression must be
    /// more than 2,000 instructions to fail (3.0 % of 66,667, 7.5 % of the
    /// 26,772-instruction heckel text@100), as under `compare` today: those
    /// rows drift by up to 1,590 between rebuilds, and a band any tighter
    /// would fail the drift it exists to pass.
    package static let instructions = HistoryBandRule(relativeFloor: 0.02, absoluteSlack: 2_000)

    /// Wall-time medians in nanoseconds: a floor of 10 % and a slack of
    /// 1,000 ns (under a microsecond a layout or cache change moves a median
    /// by tens of percent, the reason `compare` only warns there). The
    /// MAD term does most of the work: wall times of identical runs move
    /// 15–40 % on a shared machine.
    package static let wallTime = HistoryBandRule(relativeFloor: 0.10, absoluteSlack: 1_000)

    /// The smallest value of a flat history (a series repeating one value)
    /// above which a rise of `relativeChange` (0.03 for 3 %) fails: the
    /// band's half-width there is `max(floor · v, slack)`, so the rise fails
    /// when it is more than the floor and `v · relativeChange > slack`, that
    /// is for `v > slack / relativeChange`. Nil when the rise is within the
    /// relative floor: it never fails, however big the row. O(1).
    package func smallestRegressingValue(relativeChange: Double) -> Double? {
        guard relativeChange > relativeFloor, relativeChange > 0 else { return nil }
        return absoluteSlack / relativeChange
    }

    /// The band of `history` (oldest first; only the last ``window`` values
    /// count); nil with fewer than ``minimumHistory`` values. O(N log N).
    package func band(of history: [Double]) -> HistoryBand? {
        let recent = history.suffix(window)
        guard recent.count >= max(1, minimumHistory),
            let centre = RobustStatistics.median(recent),
            let mad = RobustStatistics.medianAbsoluteDeviation(recent)
        else { return nil }
        let halfWidth = max(madMultiple * RobustStatistics.madToStandardDeviation * mad, relativeFloor * abs(centre), absoluteSlack)
        return HistoryBand(centre: centre, lower: centre - halfWidth, upper: centre + halfWidth, count: recent.count)
    }

    /// Judges `value` against the band of `history`.
    ///
    /// - Parameters:
    ///   - value: the new run's value.
    ///   - history: the series' values on the base branch, same machine and
    ///     plan, oldest first (the new run not among them).
    ///   - isReference: true for the reference rows, which never fail.
    /// - Complexity: O(N log N) for the window of N values.
    package func judge(_ value: Double, history: [Double], isReference: Bool = false) -> HistoryJudgement {
        guard let band = band(of: history) else {
            return HistoryJudgement(value: value, band: nil, verdict: .notJudged)
        }
        let verdict: HistoryVerdict
        if value > band.upper {
            verdict = isReference ? .referenceMoved : .regression
        } else if value < band.lower {
            verdict = isReference ? .referenceMoved : .improvement
        } else {
            verdict = .pass
        }
        return HistoryJudgement(value: value, band: band, verdict: verdict)
    }

    /// Nil when the rule can be used, else what is wrong with it.
    package var problem: String? {
        if window < 1 || minimumHistory < 1 || minimumHistory > window { return "the window and the minimum history must be at least 1, the minimum no larger than the window" }
        if !(madMultiple >= 0) || !(relativeFloor >= 0) || !(absoluteSlack >= 0) { return "the MAD multiple, the floor and the slack must be zero or more" }
        return nil
    }
}
