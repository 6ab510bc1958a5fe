import RunResults

/// One observation about a row: which figure, how it moved, how serious.
public struct Finding: Hashable, Sendable, Codable {
    public enum Aspect: String, Hashable, Sendable, Codable {
        case status, time, memory, quality, presence, instructions
    }
    public var aspect: Aspect
    /// The verdict this finding alone would give its row.
    public var verdict: Verdict
    public var message: String
    /// The figure the finding is about (`instructions`, `peak heap`, …) with
    /// its values and relative change, when it has numbers.
    public var metric: String?
    public var baseline: Double?
    public var current: Double?
    public var change: Double?

    public init(
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
