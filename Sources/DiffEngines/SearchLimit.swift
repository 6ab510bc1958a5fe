/// The bound on one diff's search work, taken from its options when the call
/// starts: cells (``DiffOptions/costLimit``) and an instant to answer by
/// (``DiffOptions/deadline``).
///
/// Reading the options' deadline against the standard library's monotonic
/// clock (`ContinuousClock`, no Foundation) is the one place the engines look
/// at a clock, and they do only when a deadline is set: without one a diff
/// reads no clock and its work is the same on every machine.
@usableFromInline
struct SearchLimit: Sendable {
    /// Cells the searches may visit in all (`Int.max`: no bound).
    @usableFromInline var cells: Int
    /// The instant past which the searches stop, as the time since
    /// ``origin`` (``elapsed()``), or nil.
    ///
    /// Why not a `ContinuousClock.Instant`: that type is resilient (the
    /// `_Concurrency` module does not freeze it), so its size is known only
    /// at run time, and a meter holding one gave `MyersSearch` a layout
    /// read from its type metadata (a metadata call in every split), and
    /// made handling the limit cost every myers, patience and histogram
    /// call 400–2,200 instructions more (the CI gate's updates rows at
    /// 1,000 and 10,000). `Duration` is frozen: two words.
    @usableFromInline var deadline: Duration?

    /// The bound of a call that starts now. O(1); reads the clock only when
    /// `options` has a deadline.
    @inlinable
    init(_ options: DiffOptions) {
        cells = options.costLimit ?? .max
        if let budget = options.deadline {
            deadline = SearchLimit.elapsed() + budget
        } else {
            deadline = nil
        }
    }

    @usableFromInline
    init(cells: Int, deadline: Duration?) {
        self.cells = cells
        self.deadline = deadline
    }

    /// The instant deadlines are counted from: the first time a deadline was
    /// set in this process.
    @usableFromInline static let origin = ContinuousClock.now

    /// The time since ``origin``: one read of the monotonic clock. O(1).
    @usableFromInline
    static func elapsed() -> Duration { origin.duration(to: .now) }

    /// No bound at all.
    @usableFromInline static let none = SearchLimit(cells: .max, deadline: nil)

    /// Whether the deadline has passed already: an engine asks before work
    /// that grows with its input (lcs before it allocates its table). O(1);
    /// reads the clock only when there is a deadline.
    @usableFromInline var hasExpired: Bool {
        guard let deadline else { return false }
        return SearchLimit.elapsed() >= deadline
    }
}
