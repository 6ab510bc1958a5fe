import RunResults

/// One observation about a row: which figure, how it moved, how serious.
package struct Finding: Hashable, Sendable, Codable {
    package enum Aspect: String, Hashable, Sendable, Codable {
        case status, time, memory, quality, presence, instructions
    }
    package var aspect: Aspect
    /// The verdict this finding alone would give its row.
    package var verdict: Verdict
    package var message: String
    /// The figure the finding is about (`instructions`, `peak heap`, …) with
    /// its values and relative change, when it has numbers.
    package var metric: String?
    package var baseline: Double?
    package var current: Double?
    package var change: Double?

    package init(
        _ aspect: Aspect, _ verdict: Verdict, _ message: String, metric: String? = nil, baseline: Double? = nil,
        current: Double? = nil, change: Double? = nil
    ) {
        self.aspect = aspect
        self.verdict = verdict
        self.message = message
        self.metric = metric
        self.baseline = baseline
        self.current = current
        self.change = change
    }
}
