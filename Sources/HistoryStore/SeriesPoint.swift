import RunResults

/// One value of a series: the run it came from (commit, date, run id) and
/// the measured value with its noise. Points come in run order (the run's
/// start time, which is commit order when runs follow the commits).
package struct SeriesPoint: Hashable, Sendable, Codable {
    /// The commit the run's binary was built from (`-dirty` when it had changes).
    package var commit: String
    /// When the run started (ISO 8601, UTC).
    package var date: String
    /// The run's id in the store (``StoredRun/runID``).
    package var runID: String
    package var branch: String
    package var value: Double
    /// The spread of a median (median absolute deviation); nil for exact counts.
    package var noise: Double?
    /// The row's status (a failed or crashed row can still have counted steps or memory).
    package var status: ResultRow.Status
    package var reasonCode: String?

    enum CodingKeys: String, CodingKey {
        case commit, date, branch, value, noise, status
        case runID = "run_id"
        case reasonCode = "reason_code"
    }

    package init(
        commit: String, date: String, runID: String, branch: String, value: Double, noise: Double?, status: ResultRow.Status,
        reasonCode: String?
    ) {
        self.commit = commit
        self.date = date
        self.runID = runID
        self.branch = branch
        self.value = value
        self.noise = noise
        self.status = status
        self.reasonCode = reasonCode
    }
}
