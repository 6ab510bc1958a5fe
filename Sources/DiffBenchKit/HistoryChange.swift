import HistoryAnalysis
import HistoryStore

/// One step the change-point detector found in a series of the store: the
/// series, the commit range (last good point → first bad point, each with its
/// run), the medians on either side, the size and the confidence.
struct HistoryChange: Encodable, Hashable, Sendable {
    /// One end of the commit range.
    struct End: Encodable, Hashable, Sendable {
        var commit: String
        var runID: String
        var date: String

        enum CodingKeys: String, CodingKey {
            case commit, date
            case runID = "run_id"
        }

        /// The commit as tables show it: 7 hex digits (keeping a `-dirty` mark), or the text as it is.
        var shortCommit: String {
            let dirty = commit.hasSuffix("-dirty")
            let hash = dirty ? String(commit.dropLast(6)) : commit
            guard hash.count > 7, hash.allSatisfy(\.isHexDigit) else { return commit }
            return String(hash.prefix(7)) + (dirty ? "-dirty" : "")
        }
    }

    var series: SeriesKey
    var lastGood: End
    var firstBad: End
    var medianBefore: Double
    var medianAfter: Double
    var sizePercent: Double
    var confidence: Double
    var pValue: Double

    /// "regression" for a step up (every measure here is smaller-is-better), else "improvement".
    var direction: String { medianAfter > medianBefore ? "regression" : "improvement" }

    enum CodingKeys: String, CodingKey {
        case series, direction, confidence
        case lastGood = "last_good", firstBad = "first_bad", medianBefore = "median_before", medianAfter = "median_after"
        case sizePercent = "size_percent", pValue = "p_value"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(series, forKey: .series)
        try container.encode(lastGood, forKey: .lastGood)
        try container.encode(firstBad, forKey: .firstBad)
        try container.encode(medianBefore, forKey: .medianBefore)
        try container.encode(medianAfter, forKey: .medianAfter)
        try container.encode(sizePercent, forKey: .sizePercent)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(pValue, forKey: .pValue)
        try container.encode(direction, forKey: .direction)
    }

    /// The steps of every series of `history` that `filter` matches, with
    /// points only from runs of `branch` when given. Only rows that measured
    /// (status ok or reference) are points: a failed row's partial count is
    /// not the code's cost. Measures without detector settings are skipped.
    /// - Returns: the steps in series order, then position, and how many
    ///   series were analysed.
    /// - Complexity: one store query per series, then the detector on it
    ///   (a permutation test per candidate step; Guides/ChangePoints.md).
    static func find(in history: HistoryStore, filter: SeriesFilter, branch: String?) throws -> (changes: [HistoryChange], series: Int) {
        var changes: [HistoryChange] = []
        var analysed = 0
        for key in try history.seriesKeys(filter) {
            guard let parameters = key.measure.changePointParameters else { continue }
            let points = try history.series(key, branch: branch).filter { $0.status == .ok || $0.status == .reference }
            guard !points.isEmpty else { continue }
            analysed += 1
            changes += steps(of: key, points: points, parameters: parameters).map { $0.change }
        }
        return (changes, analysed)
    }

    /// The steps the detector finds in `points` (one series' measured
    /// points, in run order), each with the index of its last good point.
    /// The one call of the detector that `history changes`, `history chart`
    /// and `history page` share. Complexity: the detector's
    /// (Guides/ChangePoints.md).
    static func steps(
        of key: SeriesKey, points: [StoredPoint], parameters: ChangePointParameters
    ) -> [(lastGood: Int, change: HistoryChange)] {
        let values = points.map { HistoryAnalysis.SeriesPoint(commit: $0.commit, value: $0.value, noise: $0.noise) }
        return ChangePointDetector.detect(values, parameters: parameters).map { step in
            let before = points[step.lastBefore], after = points[step.firstAfter]
            let change = HistoryChange(
                series: key, lastGood: End(commit: before.commit, runID: before.runID, date: before.date),
                firstBad: End(commit: after.commit, runID: after.runID, date: after.date), medianBefore: step.medianBefore,
                medianAfter: step.medianAfter, sizePercent: step.sizePercent, confidence: step.confidence, pValue: step.pValue)
            return (step.lastBefore, change)
        }
    }
}
