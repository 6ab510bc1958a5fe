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

/// Counts the cells a search spends against a ``SearchLimit``, reading the
/// clock only every ``stretch`` cells.
///
/// The hot loops subtract a step's cells from ``untilCheck`` and call
/// ``checkpoint()`` only when it drops below zero, so the bound costs them one
/// subtraction and one well-predicted branch per step, the same as a plain
/// cell count; the clock read and the bookkeeping sit in the cold
/// checkpoint. Without a deadline the first stretch is the whole cell budget
/// and the checkpoint is reached only when the budget is spent.
@usableFromInline
struct SearchMeter {
    /// Cells left before the next checkpoint; the loops subtract from it.
    var untilCheck: Int
    /// Cells allowed beyond the current stretch.
    private(set) var reserve: Int
    /// The deadline as ``SearchLimit/elapsed()`` counts it, or nil.
    let deadline: Duration?
    /// Set at the first checkpoint that refused more work; every later one refuses too.
    private(set) var stopped = false
    /// Whether it was the clock that refused (not the cell budget).
    private(set) var timedOut = false

    /// Cells between two clock reads when a deadline is set: a cell costs a
    /// few nanoseconds or more, so the clock (a vDSO call of some 25 ns) is
    /// read at most every ~30 µs of search, under 0.1 % of the time, while a
    /// deadline is overrun by about that much (or one step of the search,
    /// if a step is longer).
    static let stretch = 1 << 14

    init(_ limit: SearchLimit) {
        deadline = limit.deadline
        let cells = max(limit.cells, -1)
        untilCheck = limit.deadline == nil ? cells : min(cells, SearchMeter.stretch)
        reserve = cells &- untilCheck
    }

    /// Cells still allowed (negative once a step overran the budget).
    var cellsLeft: Int { untilCheck &+ reserve }

    /// Called when ``untilCheck`` is below zero: grants the next stretch and
    /// returns true, or returns false (for good) when the cells are spent or
    /// the deadline has passed. O(1), one clock read when a deadline is set.
    @inline(never)
    mutating func checkpoint() -> Bool {
        if stopped { return false }
        let owed = -untilCheck
        let grant = min(reserve, owed &+ SearchMeter.stretch)
        if grant < owed {
            stopped = true
            return false
        }
        if let deadline, SearchLimit.elapsed() >= deadline {
            stopped = true
            timedOut = true
            return false
        }
        reserve &-= grant
        untilCheck &+= grant
        return true
    }

    /// Stops as ``checkpoint()`` does when the cells are spent; used by a
    /// caller that shares one budget among several searches.
    mutating func stop() { stopped = true }
}
