import DiffBenchTestSupport
import DiffEngines
import Testing

/// Bounds come before the work that grows with the input: lcs allocates
/// only the table its bound lets it fill, and anchor gives up at once under
/// a deadline that has passed. Observed through what the table
/// holds room for and what the engine answers, never through a clock.
@Suite struct BoundsBeforeWorkTests {
    /// Random codes over `symbols` ids, `count` of them.
    static func codes(_ count: Int, symbols: Int, using random: inout TestRandom) -> [Int32] {
        (0..<count).map { _ in Int32(random.below(symbols)) }
    }

    /// Under a deadline that has passed when the call starts, the lcs table
    /// holds room for row 0 alone (not n·m cells), its one row is zeros, and
    /// the engine's answer is valid and marked approximate.
    @Test func anExpiredDeadlineAllocatesOneRow() throws {
        var random = TestRandom(seed: 37)
        for _ in 0..<12 {
            let old = Self.codes(300 + random.below(900), symbols: 2 + random.below(30), using: &random)
            let new = Self.codes(300 + random.below(900), symbols: 2 + random.below(30), using: &random)
            let codes = IdentityCodes(old: old, new: new, symbolCount: 32)
            let table = try LCSTable(
                codes: codes, memoryBudget: DiffOptions.defaultLCSMemoryBudget, options: DiffOptions(deadline: .zero))
            #expect(table.filledRows == 1)
            #expect(table.allocatedCells < 2 * table.columns, "\(table.allocatedCells) cells for \(old.count) × \(new.count)")
            #expect((0..<table.columns).allSatisfy { table[0, $0] == 0 })
            let answer = try LCSEngine().diff(fromValues: old, toValues: new, options: DiffOptions(deadline: .zero))
            #expect(answer.isApproximate)
            #expect(answer.verify(oldValues: old, newValues: new) == nil)
            #expect(try answer.apply(to: old, using: new) == new)
        }
    }

    /// anchor under a deadline that has passed when the call starts gives
    /// up before its passes: beyond the common prefix and suffix it matches
    /// nothing (no move, every middle item deleted and inserted) and marks
    /// the answer approximate. Before, it ran its passes with every search
    /// refused and paired the periodic ids k-th with k-th: thousands of
    /// moves, more work than the call without a deadline.
    @Test func anchorGivesUpAtAnExpiredDeadline() throws {
        var random = TestRandom(seed: 3_737)
        for round in 0..<16 {
            let (old, new) = round % 2 == 0
                ? periodicPair(count: 2_000 + random.below(6_000), edits: 1 + random.below(200), seed: UInt64(round))
                : (Self.codes(500 + random.below(2_000), symbols: 2 + random.below(40), using: &random).map(Int.init),
                   Self.codes(500 + random.below(2_000), symbols: 2 + random.below(40), using: &random).map(Int.init))
            var prefix = 0
            while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            let answer = try AnchorEngine().diff(fromValues: old, toValues: new, options: DiffOptions(deadline: .zero))
            #expect(answer.verify(oldValues: old, newValues: new) == nil)
            #expect(try answer.apply(to: old, using: new) == new)
            if prefix + suffix == min(old.count, new.count) { continue }
            #expect(answer.isApproximate)
            #expect(answer.moves.isEmpty, "round \(round): \(answer.moves.count) moves")
            #expect(answer.deletes == Array(prefix..<(old.count - suffix)), "round \(round)")
            #expect(answer.inserts == Array(prefix..<(new.count - suffix)), "round \(round)")
        }
    }

    /// Under a cost limit of c cells the table holds room for at most
    /// c / m rows below row 0, and the rows it filled are those of an
    /// independent reference table; without a bound it is the whole table.
    @Test func aCostLimitSizesTheTable() throws {
        var random = TestRandom(seed: 3_700)
        for _ in 0..<20 {
            let old = Self.codes(50 + random.below(400), symbols: 2 + random.below(20), using: &random)
            let new = Self.codes(50 + random.below(400), symbols: 2 + random.below(20), using: &random)
            let codes = IdentityCodes(old: old, new: new, symbolCount: 22)
            let limit = random.below(old.count * new.count)
            let table = try LCSTable(
                codes: codes, memoryBudget: DiffOptions.defaultLCSMemoryBudget, options: DiffOptions(costLimit: limit))
            let rowsAllowed = limit / new.count + 1
            #expect(table.filledRows <= rowsAllowed)
            // Room for the rows allowed, plus what the allocator rounds up (under a row).
            #expect(table.allocatedCells < (rowsAllowed + 1) * table.columns, "limit \(limit), \(old.count) × \(new.count)")
            let reference = referenceLCSTable(old, new)
            for i in 0..<table.filledRows {
                #expect((0..<table.columns).allSatisfy { table[i, $0] == reference[i][$0] }, "row \(i)")
            }
            let free = try LCSTable(codes: codes, memoryBudget: DiffOptions.defaultLCSMemoryBudget, options: DiffOptions())
            #expect(free.filledRows == free.rows && free.allocatedCells >= free.rows * free.columns)
            #expect(free.length == reference[old.count][new.count])
        }
    }
}
