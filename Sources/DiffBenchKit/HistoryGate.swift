import Compare
import DiffEngines
import RunResults
import HistoryAnalysis
import HistoryStore

/// The gate against history (`compare --against history`): each row of a
/// run is judged against the band of its own series' last runs of the same
/// machine and plan on the base branch (``HistoryBandRule``), instead of
/// against one hand-recorded baseline file.
///
/// What it judges, and what fails:
/// - instructions (the instruction band: 2 % or 2,000 instructions, wider
///   when the series wobbles), allocations (above the window's median by more
///   than `compare`'s allocation slack), peak heap (`compare`'s memory
///   threshold and slack) and steps (any growth): a value above its band fails;
/// - median time (the wall-time band): above it only warns, as `compare`
///   only warns on time without --gate-time;
/// - a row whose status is a failure (failed verification, crash, time-out,
///   out of memory) fails, as under `compare`; so does a case of the newest
///   earlier run that the run has no row for, unless missing rows are allowed.
/// Reference rows never fail where ``GateRole`` says so, the rule `compare`
/// against a file uses too: the floor on no measure, stdlib on instructions;
/// outside their band they are "reference moved".
/// A series with fewer earlier values than the rule's minimum is "not judged".
struct HistoryGate {
    /// The base branch whose runs make the history ("" for runs whose branch is unknown).
    var branch: String
    /// How many of the newest earlier runs draw a band.
    var window: Int
    var thresholds: CompareThresholds = .defaults
    /// Rows of the latest earlier run missing from this one only warn.
    var allowMissing = false

    /// The rule for `measure`, and whether a value above its band fails (false: it warns); nil when not judged.
    func rule(for measure: HistoryMeasure) -> (rule: HistoryBandRule, gates: Bool)? {
        var rule: HistoryBandRule
        var gates = true
        switch measure {
        case .instructions: rule = .instructions
        case .medianNs:
            rule = .wallTime
            gates = false
        case .allocations: rule = HistoryBandRule(relativeFloor: 0, absoluteSlack: Double(thresholds.allocationSlack))
        case .peakHeapBytes: rule = HistoryBandRule(relativeFloor: thresholds.memoryFraction, absoluteSlack: Double(thresholds.memorySlackBytes))
        case .steps: rule = HistoryBandRule(relativeFloor: 0, absoluteSlack: 0)
        case .samples: return nil
        }
        rule.window = window
        rule.minimumHistory = min(rule.minimumHistory, window)
        return (rule, gates)
    }

    /// The group ``GateRole`` judges `measure` in (samples are not judged).
    static func gateMeasure(_ measure: HistoryMeasure) -> GateRole.Measure {
        switch measure {
        case .medianNs, .samples: .time
        case .instructions: .instructions
        case .allocations, .peakHeapBytes: .memory
        case .steps: .steps
        }
    }

    /// The earlier runs of the document's machine and plan on ``branch``, the
    /// document's own run left out. O(runs).
    func earlierRuns(of document: RunDocument, identity: RunIdentity, in history: HistoryStore) throws -> [StoredRun] {
        try history.runs(RunFilter(machine: identity.machineNames[-1], branch: branch, plan: identity.plan)).filter { $0.runID != identity.runID }
    }

    /// Judges every row of `document` (read from `path`) against `history`.
    /// - Complexity: one series query per row and measure, O(window · log window) each.
    func judge(_ document: RunDocument, at path: String, in history: HistoryStore) throws -> HistoryGateReport {
        let identity = try RunIdentity(document)
        var rows: [HistoryGateReport.Row] = []
        for row in document.rows {
            let role = GateRole(row)
            var judged = HistoryGateReport.Row(label: row.label, status: row.status, isReference: role != .engine, measures: [])
            for measure in HistoryMeasure.allCases {
                guard let (rule, gates) = rule(for: measure), let value = measure.value(of: row),
                    row.status == .ok || row.status == .reference
                else { continue }
                let key = SeriesKey(
                    StoredCase(
                        machine: identity.machine(of: row), plan: identity.plan, engine: row.engine.name, workload: row.workload,
                        parameters: row.parameters, elements: row.elements, size: row.size),
                    measure: measure)
                let earlier = try history.series(key, branch: branch)
                    .filter { $0.runID != identity.runID && ($0.status == .ok || $0.status == .reference) }
                let judgement = rule.judge(value, history: earlier.map(\.value), isReference: !role.gates(Self.gateMeasure(measure)))
                judged.measures.append(HistoryGateReport.Measure(measure: measure, gates: gates, judgement: judgement))
            }
            rows.append(judged)
        }
        let earlier = try earlierRuns(of: document, identity: identity, in: history)
        return HistoryGateReport(
            run: path, store: history.path, branch: branch, window: window, earlierRuns: earlier.count, rows: rows,
            missing: try missingCases(of: document, identity: identity, since: earlier.first, in: history), allowMissing: allowMissing)
    }

    /// The cases of `latest` (the newest earlier run) that `document` has no
    /// row for, as ``StoredCase/name`` names them: a row that vanished
    /// fails as under `compare`, unless ``allowMissing``. O(rows).
    func missingCases(of document: RunDocument, identity: RunIdentity, since latest: StoredRun?, in history: HistoryStore) throws -> [String] {
        guard let latest else { return [] }
        let present = Set(document.rows.map { [identity.machine(of: $0), $0.engine.name, $0.workload.rawValue, $0.parameters, $0.elements.rawValue, String($0.size)] })
        return try history.rows(ofRun: latest.runID)
            .filter { !present.contains([$0.machine, $0.engine, $0.workload.rawValue, $0.parameters, $0.elements.rawValue, String($0.size)]) }
            .map(\.storedCase.name)
    }
}
