
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
