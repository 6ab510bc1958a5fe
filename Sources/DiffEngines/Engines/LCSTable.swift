/// The LCS memo table itself, flat in one buffer, reachable for teaching
/// dumps: `self[i, j]` is the length of the LCS of the first `i` old and the
/// first `j` new elements.
public struct LCSTable: Sendable {
    @usableFromInline
    enum Storage: Sendable {
        case narrow([UInt16])
        case wide([UInt32])
    }

    /// Rows: old count + 1. Columns: new count + 1.
    public let rows: Int
    public let columns: Int
    /// The codes the table was built from.
    public let oldCodes: [Int32]
    public let newCodes: [Int32]
    @usableFromInline let storage: Storage
    /// Rows filled (row 0 included): `rows`, unless the fill stopped at its
    /// bound. Only the rows below `filledRows` may be read. The teaching dumps
    /// build tables without a bound and read full ones.
    public let filledRows: Int

    /// Cells the table's buffer holds room for: at least rows·columns
    /// without a bound, fewer under one (see ``init(codes:memoryBudget:options:)``).
    /// What the bound lets lcs allocate, observable without a clock.
    public var allocatedCells: Int {
        switch storage {
        case let .narrow(cells): return cells.capacity
        case let .wide(cells): return cells.capacity
        }
    }

    /// Whether the fill stopped at its limit before the last row.
    @usableFromInline var isPartial: Bool { filledRows < rows }

    /// Bytes per cell: 2 while both sides are under 65,535 elements, else 4.
    public var cellWidth: Int {
        if case .narrow = storage { return 2 }
        return 4
    }

    /// Bytes the table needs for `n` × `m` elements, or nil on overflow.
    public static func bytesNeeded(oldCount n: Int, newCount m: Int) -> (cells: Int, bytes: Int)? {
        let (cells, overflow) = (n + 1).multipliedReportingOverflow(by: m + 1)
        if overflow { return nil }
        let width = max(n, m) < Int(UInt16.max) ? 2 : 4
        let (bytes, overflow2) = cells.multipliedReportingOverflow(by: width)
        return overflow2 ? nil : (cells, bytes)
    }

    /// Builds the full table for two lists (no trimming), as the teaching
    /// renderers show it.
    ///
    /// - Complexity: O(N·M) time and (N+1)(M+1) cells of memory.
    @inlinable
    public init<I: ElementIdentity>(
        old: [I.Element], new: [I.Element], identity: I, memoryBudget: Int = DiffOptions.defaultLCSMemoryBudget
    ) throws(DiffError) {
        try self.init(codes: IdentityCodes(old: old, new: new, identity: identity), memoryBudget: memoryBudget)
    }

    /// Builds the table of coded lists; with a `limit`, the fill stops
    /// between two rows once the cells or the time are spent
    /// (`filledRows`). Checked once a row (m cells), never per cell.
    public init(codes: IdentityCodes, memoryBudget: Int) throws(DiffError) {
        try self.init(codes: codes, memoryBudget: memoryBudget, limit: .none)
    }

    /// Builds the table lcs builds under `options`' bounds
    /// (``DiffOptions/costLimit``, ``DiffOptions/deadline``, read when the
    /// call starts): a partial table when a bound stops the fill, sized to
    /// what the bound allows (``allocatedCells``).
    public init(codes: IdentityCodes, memoryBudget: Int, options: DiffOptions) throws(DiffError) {
        try self.init(codes: codes, memoryBudget: memoryBudget, limit: SearchLimit(options))
    }

    @usableFromInline
    init(codes: IdentityCodes, memoryBudget: Int, limit: SearchLimit) throws(DiffError) {
        let n = codes.old.count, m = codes.new.count
        guard let (cells, bytes) = LCSTable.bytesNeeded(oldCount: n, newCount: m), bytes <= memoryBudget else {
            let cells = (n + 1).multipliedReportingOverflow(by: m + 1)
            throw .memoryBudgetExceeded(
                engine: "lcs", cells: cells.overflow ? Int.max : cells.partialValue,
                bytes: LCSTable.bytesNeeded(oldCount: n, newCount: m)?.bytes ?? Int.max, budget: memoryBudget)
        }
        _ = cells
        rows = n + 1
        columns = m + 1
        oldCodes = codes.old
        newCodes = codes.new
        var meter = SearchMeter(limit)
        var filled = 0
        let reachable = LCSTable.reachableRows(oldCount: n, newCount: m, limit: limit)
        if max(n, m) < Int(UInt16.max) {
            storage = .narrow(LCSTable.fill(
                UInt16.self, codes.old, codes.new, rows: reachable, meter: &meter, filledRows: &filled))
        } else {
            storage = .wide(LCSTable.fill(
                UInt32.self, codes.old, codes.new, rows: reachable, meter: &meter, filledRows: &filled))
        }
        filledRows = filled
    }

    /// Rows below row 0 that the fill can reach under `limit`, asked before
    /// anything is allocated: none once the deadline has passed, at most
    /// c / m under a budget of c cells (the fill charges m cells a row
    /// before it fills one), else all n.
    ///
    /// Why: the table is the one piece of lcs work that grows as n·m. Sized
    /// to n·m up front, a call with an expired deadline at 10,000 × 10,000
    /// allocated and zero-filled 191 MiB before its first check.
    ///
    /// - Complexity: O(1); one clock read when `limit` has a deadline.
    static func reachableRows(oldCount n: Int, newCount m: Int, limit: SearchLimit) -> Int {
        if limit.hasExpired { return 0 }
        if m == 0 { return n }
        return min(n, max(limit.cells, 0) / m)
    }

    /// Row by row: a cell is the diagonal + 1 where the elements match, else
    /// the larger of the cell above and the cell to the left. The inner loop
    /// carries `left` and `diagonal` in registers and reads one row above.
    /// Before each row its m cells are charged to `meter`; when it refuses,
    /// the fill stops and `filledRows` says how many rows hold values.
    ///
    /// The buffer has room for row 0 and `rows` more, and only the rows
    /// filled are written (row 0 and each row's first cell are the zeros):
    /// no zero-fill ahead of the fill, so untouched rows cost no page.
    static func fill<Cell: FixedWidthInteger & UnsignedInteger>(
        _: Cell.Type, _ a: [Int32], _ b: [Int32], rows: Int, meter: inout SearchMeter, filledRows: inout Int
    ) -> [Cell] {
        let columns = b.count + 1
        return [Cell](unsafeUninitializedCapacity: (rows + 1) * columns) { table, initialized in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    filledRows = 1
                    guard let base = table.baseAddress else { return }
                    base.initialize(repeating: 0, count: columns)
                    for i in 1..<max(1, rows + 1) {
                        meter.untilCheck &-= b.count
                        if meter.untilCheck < 0, !meter.checkpoint() { return }
                        let above = base + (i - 1) * columns
                        let row = base + i * columns
                        row.initialize(to: 0)
                        let ai = a[i - 1]
                        var left: Cell = 0
                        var diagonal: Cell = 0
                        for j in 1..<columns {
                            let up = above[j]
                            let best = up > left ? up : left
                            left = b[j - 1] == ai ? diagonal &+ 1 : best
                            row[j] = left
                            diagonal = up
                        }
                        filledRows = i &+ 1
                    }
                }
            }
            initialized = filledRows * columns
        }
    }

    /// LCS length of the prefixes `old[..<i]` and `new[..<j]`.
    public subscript(i: Int, j: Int) -> Int {
        switch storage {
        case let .narrow(cells): return Int(cells[i * columns + j])
        case let .wide(cells): return Int(cells[i * columns + j])
        }
    }

    /// Length of the longest common subsequence.
    public var length: Int { self[rows - 1, columns - 1] }

    /// One step of the traceback, from the bottom-right corner.
    public enum Step: Hashable, Sendable {
        /// The elements at old `i - 1` and new `j - 1` match (↖).
        case match
        /// Old `i - 1` is deleted (↑).
        case up
        /// New `j - 1` is inserted (←).
        case left
    }

    /// The direction the traceback takes at cell (i, j): a match when the
    /// elements are equal, else towards the larger neighbour, preferring up
    /// (a delete) on ties.
    public func direction(i: Int, j: Int) -> Step? {
        if i == 0 && j == 0 { return nil }
        if i == 0 { return .left }
        if j == 0 { return .up }
        if oldCodes[i - 1] == newCodes[j - 1] { return .match }
        return self[i - 1, j] >= self[i, j - 1] ? .up : .left
    }

    /// The cells the traceback visits, from (rows−1, columns−1) to (0, 0).
    public func tracebackPath() -> [(i: Int, j: Int)] {
        var path: [(Int, Int)] = []
        var i = rows - 1, j = columns - 1
        path.append((i, j))
        while let step = direction(i: i, j: j) {
            switch step {
            case .match: i -= 1; j -= 1
            case .up: i -= 1
            case .left: j -= 1
            }
            path.append((i, j))
        }
        return path
    }

    /// For each new index, the old index it is aligned with by the traceback, or -1.
    ///
    /// A partial table (the fill stopped after row r = ``filledRows`` − 1)
    /// gives a coarse alignment: the traceback starts at (r, r·M/N), the
    /// point of the last full row on the box's diagonal, and everything
    /// after that point is left unmatched (deleted and inserted, moves
    /// paired as usual). A valid answer, optimal on the part before the point.
    @usableFromInline
    func alignment() -> [Int32] {
        var result = [Int32](repeating: -1, count: columns - 1)
        var i = filledRows - 1, j = columns - 1
        if isPartial, rows > 1 { j = i * (columns - 1) / (rows - 1) }
        while i > 0 && j > 0 {
            if oldCodes[i - 1] == newCodes[j - 1] {
                result[j - 1] = Int32(i - 1)
                i -= 1
                j -= 1
            } else if self[i - 1, j] >= self[i, j - 1] {
                i -= 1
            } else {
                j -= 1
            }
        }
        return result
    }
}
