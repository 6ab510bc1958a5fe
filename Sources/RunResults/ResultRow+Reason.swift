extension ResultRow {
    /// Why a row was skipped or failed, as data: the report, the gate and
    /// any other reader switch on it instead of searching the readable
    /// ``ResultRow/reason`` (which says the same for a person, with the
    /// figures). Recorded as `reason_code` (contract: README "results.csv
    /// columns"); empty on `ok` and `reference` rows but for the notes
    /// (``isNote``), which say how a measured row was measured.
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
        /// Crashed: the engine closed or replaced the worker's report
        /// descriptor, so its worker could report nothing.
        case lostReportChannel = "report-channel-lost"
        /// A note on a measured row: threads the engine started outlived
        /// its call, so it was measured in a worker of its own (its ratios
        /// are to the references' medians from their worker).
        case lingeringThreads = "lingering-threads"
        /// A note on a measured row: a worker this subject shared crashed
        /// during its call, and alone it did not crash, so the crash was not
        /// charged to it; the row is its measurement alone.
        case crashNotReproduced = "crash-not-reproduced"

        /// Whether the code is a note on a measured (`ok` or `reference`)
        /// row rather than the reason it was skipped or failed.
        public var isNote: Bool { self == .lingeringThreads || self == .crashNotReproduced }

        /// The status a row with this reason has.
        public var status: Status {
            switch self {
            case .overTimeBudget, .overMemoryBudget, .needsUniqueIDs, .engineRefused: return .skipped
            case .failedVerification, .failedBatchCheck, .answerChanged: return .failed
            case .crashed, .lostReportChannel: return .crashed
            case .timedOut: return .timedOut
            case .outOfMemory: return .outOfMemory
            case .lingeringThreads, .crashNotReproduced: return .ok
            }
        }

        /// Whether a row of `status` may carry this code.
        public func fits(_ status: Status) -> Bool {
            isNote ? status.isMeasured : self.status == status
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

    /// Notes on a measured row how it was measured (`code` is a note,
    /// ``ReasonCode/isNote``; `text` says why, for a person). A row keeps
    /// the first note it gets.
    public mutating func note(_ code: ReasonCode, _ text: String) {
        guard code.isNote, status.isMeasured, reasonCode == nil else { return }
        reasonCode = code
        reason = reason.isEmpty ? text : text + "; " + reason
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
