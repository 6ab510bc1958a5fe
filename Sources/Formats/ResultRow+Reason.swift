extension ResultRow {
    /// Why a row was skipped or failed, as data: the report, the gate and
    /// any other reader switch on it instead of searching the readable
    /// ``ResultRow/reason`` (which says the same for a person, with the
    /// figures). Recorded as `reason_code` (contract: README "results.csv
    /// columns"); empty on `ok` and `reference` rows.
    public enum ReasonCode: String, Hashable, Sendable, Codable, CaseIterable {
        /// Skipped: one call was predicted to take longer than the case's
        /// time budget (`predicted_seconds` holds the prediction).
        case overTimeBudget = "over-time-budget"
        /// Skipped: the engine refused to allocate past its memory budget
        /// (the `lcs` table over `--lcs-budget`).
        case overMemoryBudget = "over-memory-budget"
        /// Skipped: the engine needs unique ids and a list repeats one.
        case needsUniqueIDs = "needs-unique-ids"
        /// Skipped: the engine refused the pair with another error of its own.
        case engineRefused = "engine-refused"
        /// Failed: the changeset did not rebuild the new list (or its updates were wrong).
        case failedVerification = "failed-verification"
        /// Failed: the changeset, as a batch update, broke the UIKit model.
        case failedBatchCheck = "failed-batch-check"
        /// Failed: a later call gave another answer than the verified first one.
        case answerChanged = "answer-changed"
        /// The engine's worker died of a signal or exited without its rows.
        case crashed
        /// The case ran past its wall-clock limit and its worker was killed.
        case timedOut = "timed-out"
        /// The engine ran out of the case's memory.
        case outOfMemory = "out-of-memory"

        /// The status a row with this reason has.
        public var status: Status {
            switch self {
            case .overTimeBudget, .overMemoryBudget, .needsUniqueIDs, .engineRefused: return .skipped
            case .failedVerification, .failedBatchCheck, .answerChanged: return .failed
            case .crashed: return .crashed
            case .timedOut: return .timedOut
            case .outOfMemory: return .outOfMemory
            }
        }
    }

    /// Marks the row skipped or failed with `code` and the readable `text`
    /// beside it (and, for a time-budget skip, the predicted seconds).
    public mutating func refuse(_ code: ReasonCode, _ text: String, predictedSeconds: Double? = nil) {
        status = code.status
        reasonCode = code
        reason = text
        self.predictedSeconds = predictedSeconds
    }

    /// The code an older file's row (results schema 1 or 2, before
    /// `reason_code`) would have had: read from its status, and for a
    /// skipped or failed row from the words its reason was written with.
    /// The one place that reads a reason's text; only the reader of older
    /// files calls it. O(length of the reason).
    public var reasonCodeOfOlderFile: ReasonCode? {
        let text = reason.lowercased()
        switch status {
        case .ok, .reference: return nil
        case .crashed: return .crashed
        case .timedOut: return .timedOut
        case .outOfMemory: return .outOfMemory
        case .failed:
            if text.hasPrefix("batch update") { return .failedBatchCheck }
            if text.hasPrefix("answer changed") { return .answerChanged }
            return .failedVerification
        case .skipped:
            if text.contains("unique") || text.contains("repeat") { return .needsUniqueIDs }
            if text.contains("memory") { return .overMemoryBudget }
            if text.contains("budget") || text.contains("predicted") { return .overTimeBudget }
            return .engineRefused
        }
    }
}
