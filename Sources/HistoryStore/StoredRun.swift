/// One run in the history store: what keys it (run id, machine, commit,
/// branch, plan, catalog) and what it held.
public struct StoredRun: Hashable, Sendable, Codable {
    /// `RUN-NAME@START-TIME`: the same run added twice has the same id.
    public var runID: String
    public var runName: String
    public var startTime: String
    public var commit: String
    public var branch: String
    /// The machine that measured the run (the first of a mixed-machine merge).
    public var machine: String
    public var plan: String
    /// A fingerprint of the catalog records the run was made with (engines, workloads, kinds, targets).
    public var catalog: String
    public var swiftVersion: String
    public var buildConfiguration: String
    /// The results schema version of the file it was read from.
    public var resultsVersion: Int
    public var complete: Bool
    public var rows: Int
    /// When it was added to the store (ISO 8601, UTC).
    public var addedAt: String
    /// The run folder (or results file) it was added from, relative to the
    /// store's folder where possible (``HistoryStore/sourcePath(of:)``
    /// resolves it); nil when unknown.
    public var source: String?

    enum CodingKeys: String, CodingKey {
        case commit, branch, machine, plan, catalog, complete, rows, source
        case runID = "run_id"
        case runName = "run_name"
        case startTime = "start_time"
        case swiftVersion = "swift_version"
        case buildConfiguration = "build_configuration"
        case resultsVersion = "results_version"
        case addedAt = "added_at"
    }
}
