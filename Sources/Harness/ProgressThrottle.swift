/// At most one redraw per `interval` seconds: a progress line redrawn on
/// every sample would cost more than the sample on fast cases, and flicker.
public struct ProgressThrottle: Sendable {
    /// A few redraws a second.
    public static let defaultInterval = 0.25
    public let interval: Double
    private var last: UInt64?

    public init(interval: Double = defaultInterval) { self.interval = interval }

    /// Whether to draw at `now` (monotonic nanoseconds); remembers it when so. O(1).
    public mutating func shouldDraw(at now: UInt64) -> Bool {
        if let last, now >= last, Double(now - last) < interval * 1e9 { return false }
        last = now
        return true
    }
}
