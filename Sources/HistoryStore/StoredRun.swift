/// One run in the history store: what keys it (run id, machine, commit,
/// branch, plan, catalog) and what it held.
package struct StoredRun: Hashable, Sendable, Codable {
    /// `RUN-NAME@START-TIME`: the same run added twice has the same id.
    package var runID: String
    package var runName: String
    package var startTime: String
    package var commit: String
    package var branch: String
    /// The machine that measured the run (the first of a mixed-machine merge).
    package var machine: String
    package var plan: String
    /// A fingerprint of the catalog records the run was made with (engines, workloads, kinds, targets).
    package var catalog: String
    package var swiftVersion: String
    package var buildConfiguration: String
    /// The results schema version of the file it was read from.
    package var resultsVersion: Int
    package var complete: Bool
    package var rows: Int
    /// When it was added to the store (ISO 8601, UTC).
    package var addedAt: String
    /// The run folder (or results file) it was added from, relative to the
    /// store's folder where possible (``HistoryStore/sourcePath(of:)``
    /// resolves it); nil when unknown.
    package var source: String?

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
