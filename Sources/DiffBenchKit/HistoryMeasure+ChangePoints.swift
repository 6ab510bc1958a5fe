import HistoryAnalysis
import HistoryStore

extension HistoryMeasure {
    /// The change-point detector's settings for a series of this measure, or
    /// nil for a measure that is not a cost of the code (`samples`: how many
    /// times the harness timed a call, which follows its time budget).
    ///
    /// - instructions: the instruction preset (steps from 0.3 % and 2,000
    ///   instructions, above a rebuild's layout drift; Guides/ChangePoints.md).
    /// - median time: the wall-time preset (steps from 5 %; the medians' own
    ///   spread is the points' noise).
    /// - allocations and peak heap: counts that repeat exactly for one binary
    ///   and move with no layout drift, but allocator rounding can shift a
    ///   peak by a few bytes: steps from 1 %, the instruction preset's test.
    /// - steps: the size of the answer; any real change is a changed answer,
    ///   so every step of at least one edit (and 0.3 %) is listed.
    /// Every measure but the wall time is exact, so its bursts (steps closer
    /// than the minimum segment) are split.
    var changePointParameters: ChangePointParameters? {
        switch self {
        case .instructions: return .instructions
        case .medianNs: return .wallTime
        case .allocations, .peakHeapBytes: return ChangePointParameters(minimumRelativeStep: 0.01, minimumAbsoluteStep: 1, splitsBursts: true)
        case .steps: return ChangePointParameters(minimumRelativeStep: 0.003, minimumAbsoluteStep: 1, splitsBursts: true)
        case .samples: return nil
        }
    }
}
