import Foundation

/// One step found in a series by ``ChangePointDetector``.
///
/// For a regression, ``lastBefore`` is the last good point and ``firstAfter``
/// the first bad one: the commits between them (exclusive of the first) are
/// what `git bisect` searches.
package struct ChangePoint: Hashable, Sendable {
    /// Index of the last point before the step.
    package var lastBefore: Int
    /// Index of the first point after the step (`lastBefore + 1`).
    package var firstAfter: Int { lastBefore + 1 }
    /// The commits of those two points.
    package var lastBeforeCommit: String
    package var firstAfterCommit: String
    /// The median of the segment before the step (from the previous step or
    /// the start) and of the segment after it (to the next step or the end).
    package var medianBefore: Double
    package var medianAfter: Double
    /// The permutation test's p-value: (shuffles that split at least as well
    /// + 1) / (shuffles made + 1).
    package var pValue: Double

    /// (after − before) / before: +0.03 is 3 % more (slower, for every
    /// measure here); 0 when the median before is 0.
    package var relativeSize: Double {
        medianBefore == 0 ? 0 : (medianAfter - medianBefore) / abs(medianBefore)
    }

    /// ``relativeSize`` in percent.
    package var sizePercent: Double { relativeSize * 100 }

    /// 1 − p.
    package var confidence: Double { 1 - pValue }

    /// True for a step up (more instructions or time: worse).
    package var isRegression: Bool { medianAfter > medianBefore }

    package init(lastBefore: Int, lastBeforeCommit: String, firstAfterCommit: String, medianBefore: Double, medianAfter: Double, pValue: Double) {
        self.lastBefore = lastBefore
        self.lastBeforeCommit = lastBeforeCommit
        self.firstAfterCommit = firstAfterCommit
        self.medianBefore = medianBefore
        self.medianAfter = medianAfter
        self.pValue = pValue
    }
}
