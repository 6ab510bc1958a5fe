import FileSupport
import HistoryAnalysis
import HistoryStore

/// One case of the history (engine × workload × element kind × size, on one
/// machine under one plan) as `history chart` and `history page` draw it: the
/// runs in order along one axis, and a panel per measure with its points,
/// the band the gate judges each point against, and the detector's steps.
struct HistoryTrend: Sendable {
    /// One measure of the case.
    struct Panel: Sendable {
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
    /// Run id → its index in ``runs`` (a chart places each of its points by it).
    private var positions: [String: Int]

    init(key: SeriesKey, runs: [(runID: String, commit: String, date: String)], panels: [Panel]) {
        self.key = key
        self.runs = runs
        self.panels = panels
        positions = Dictionary(runs.enumerated().map { ($0.element.runID, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The measures a trend shows when no --measure is given: the median time
    /// with its noise and the instruction count (the two panels).
    static let defaultMeasures: [HistoryMeasure] = [.medianNs, .instructions]

    /// The position of `runID` on the x axis. O(1) (a search of ``runs`` made
    /// a chart of 10,000 runs O(runs²)).
    func position(of runID: String) -> Int? { positions[runID] }

    /// Every step of every panel.
    var changes: [HistoryChange] { panels.flatMap { $0.steps.map(\.change) } }

    /// The trends of every case `filter` matches (its measure, or else
    /// ``defaultMeasures``), points only from runs of `branch` when given.
    /// Samples have no panel (not a cost of the code). Cases without a
    /// measured point are left out.
    /// - Complexity: one store query per series, then, on every core, the
    ///   detector on each series and a band per point (O(window log window) each).
    static func load(from history: HistoryStore, filter: SeriesFilter, branch: String?, window: Int = 10) throws -> [HistoryTrend] {
        let measures = filter.measure.map { [$0] } ?? defaultMeasures
        let gate = HistoryGate(branch: branch ?? "", window: window)
        var series: [Series] = []
        for key in try history.seriesKeys(filter) where measures.contains(key.measure) {
            guard let parameters = key.measure.changePointParameters, let rule = gate.rule(for: key.measure)?.rule else { continue }
            let points = try history.series(key, branch: branch).filter { $0.status == .ok || $0.status == .reference }
            if !points.isEmpty { series.append(Series(key: key, points: points, parameters: parameters, rule: rule)) }
        }
        let panels = ConcurrentMap.map(series) { $0.panel() }
        var grouped: [SeriesKey: [Panel]] = [:]
        var order: [SeriesKey] = []
        for (item, panel) in zip(series, panels) {
            var caseKey = item.key
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

    /// One series read from the store, with the settings it is analysed by.
    struct Series: Sendable {
        var key: SeriesKey
        var points: [StoredPoint]
        var parameters: ChangePointParameters
        var rule: HistoryBandRule

        /// Its panel: the band of each point and the detector's steps.
        /// O(points · window log window) for the bands, and the detector's cost.
        func panel() -> Panel {
            let bands = rule.bands(along: points.map(\.value))
            return Panel(measure: key.measure, points: points, bands: bands, steps: HistoryChange.steps(of: key, points: points, parameters: parameters))
        }
    }
}
