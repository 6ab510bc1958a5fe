import HistoryAnalysis
import HistoryStore

/// One case of the history (engine × workload × element kind × size, on one
/// machine under one plan) as `history chart` and `history page` draw it: the
/// runs in order along one axis, and a panel per measure with its points,
/// the band the gate judges each point against, and the detector's steps.
struct HistoryTrend {
    /// One measure of the case.
    struct Panel {
        var measure: HistoryMeasure
        /// The measured points (status ok or reference), in run order.
        var points: [StoredPoint]
        /// The band each point is judged against by `compare --against
        /// history`: drawn from the points before it; nil while fewer than
        /// the rule's minimum precede it.
        var bands: [HistoryBand?]
        /// The detector's steps, each with the index (in ``points``) of its last good point.
        var steps: [(lastGood: Int, change: HistoryChange)]
    }

    /// The case (its measure is that of the first panel).
    var key: SeriesKey
    /// Every run with a point in some panel, in run order: the x axis.
    var runs: [(runID: String, commit: String, date: String)]
    var panels: [Panel]

    /// The measures a trend shows when no --measure is given: the median time
    /// with its noise and the instruction count (the two panels).
    static let defaultMeasures: [HistoryMeasure] = [.medianNs, .instructions]

    /// The position of `runID` on the x axis.
    func position(of runID: String) -> Int? { runs.firstIndex { $0.runID == runID } }

    /// Every step of every panel.
    var changes: [HistoryChange] { panels.flatMap { $0.steps.map(\.change) } }

    /// The trends of every case `filter` matches (its measure, or else
    /// ``defaultMeasures``), points only from runs of `branch` when given.
    /// Samples have no panel (not a cost of the code). Cases without a
    /// measured point are left out.
    /// - Complexity: one store query per series, then the detector on it and
    ///   a band per point (O(window log window) each).
    static func load(from history: HistoryStore, filter: SeriesFilter, branch: String?, window: Int = 10) throws -> [HistoryTrend] {
        let measures = filter.measure.map { [$0] } ?? defaultMeasures
        var grouped: [SeriesKey: [Panel]] = [:]
        var order: [SeriesKey] = []
        let gate = HistoryGate(branch: branch ?? "", window: window)
        for key in try history.seriesKeys(filter) where measures.contains(key.measure) {
            guard let parameters = key.measure.changePointParameters, let rule = gate.rule(for: key.measure)?.rule else { continue }
            let points = try history.series(key, branch: branch).filter { $0.status == .ok || $0.status == .reference }
            guard !points.isEmpty else { continue }
            let values = points.map(\.value)
            // Only the window before each point draws its band: copying the whole prefix made this O(points²).
            let bands = values.indices.map { rule.band(of: Array(values[max(0, $0 - rule.window)..<$0])) }
            let panel = Panel(measure: key.measure, points: points, bands: bands, steps: HistoryChange.steps(of: key, points: points, parameters: parameters))
            var caseKey = key
            caseKey.measure = measures[0]
            if grouped[caseKey] == nil { order.append(caseKey) }
            grouped[caseKey, default: []].append(panel)
        }
        return order.map { caseKey in
            let panels = grouped[caseKey]!.sorted { $0.measure < $1.measure }
            var key = caseKey
            key.measure = panels[0].measure
            var seen = Set<String>()
            let runs = panels.flatMap(\.points).filter { seen.insert($0.runID).inserted }.sorted { ($0.date, $0.runID) < ($1.date, $1.runID) }
            return HistoryTrend(key: key, runs: runs.map { ($0.runID, $0.commit, $0.date) }, panels: panels)
        }
    }
}
