/// The fewest moves any changeset can use for a pair of lists with unique ids.
///
/// Items present in both lists keep their relative order exactly when they
/// form an increasing run of old positions taken in new order; the most items
/// that can stay is therefore the longest increasing subsequence (LIS) of
/// those positions, and every other common item must move:
/// `minimum moves = common items − LIS`.
///
/// - Complexity: O(K log K) time and O(K) memory for K common items (patience
///   sorting with predecessor links).
public enum MinimumMoves {
    /// Minimum number of moves for two lists with unique ids: common items
    /// minus the longest increasing run of their old positions in new order.
    ///
    /// - Complexity: O(N + M) expected to code the ids (one hash per element),
    ///   then O(K log K) time and O(K) memory for the K common items.
    public static func count<I: ElementIdentity>(old: [I.Element], new: [I.Element], identity: I) -> Int {
        let codes = IdentityCodes(old: old, new: new, identity: identity)
        // With unique old ids, a code is the old position of its id.
        let sources = codes.new.lazy.filter { $0 >= 0 }.map(Int.init)
        let common = sources.count
        return common - longestIncreasingRun(Array(sources)).count
    }

    /// ``count(old:new:identity:)`` for `Identifiable & Equatable` elements.
    ///
    /// - Complexity: O(N + M) expected, then O(K log K) for K common items.
    public static func count<E: Identifiable & Equatable>(old: [E], new: [E]) -> Int {
        count(old: old, new: new, identity: IdentifiedElements<E>())
    }

    /// ``count(old:new:identity:)`` for plain `Hashable` values.
    ///
    /// - Complexity: O(N + M) expected, then O(K log K) for K common items.
    public static func count<E: Hashable>(oldValues old: [E], newValues new: [E]) -> Int {
        count(old: old, new: new, identity: ValueElements<E>())
    }

    /// Positions (indices into `values`) of one longest strictly increasing
    /// subsequence of the non-negative `values`, ascending (a negative value
    /// stands for an unmatched item and is never part of the run).
    ///
    /// - Complexity: O(K log L) time for K values and a run of length L, O(K)
    ///   memory: the one patience-sorting implementation every engine shares
    ///   (`markLongestIncreasingRun(_:into:)`, on 32-bit values: list positions).
    ///   Values of 2³¹ − 1 or more (not list positions, but accepted) are
    ///   first replaced by their ranks among the values, which keeps their
    ///   order and so the same runs: O(K log K) more for that call.
    public static func longestIncreasingRun(_ positions: [Int]) -> [Int] {
        let values: [Int32]
        if let largest = positions.max(), largest >= Int(Int32.max) {
            values = ranks(positions)
        } else {
            values = positions.map { Int32(clamping: max($0, -1)) }
        }
        var marks = [Bool](repeating: false, count: values.count)
        let length = values.withUnsafeBufferPointer { values in
            marks.withUnsafeMutableBufferPointer { marks in markLongestIncreasingRun(values, into: marks) }
        }
        var run: [Int] = []
        run.reserveCapacity(length)
        for index in marks.indices where marks[index] { run.append(index) }
        return run
    }
}

extension MinimumMoves {
    /// Each non-negative value's rank among the distinct non-negative
    /// values (equal values, equal ranks), −1 for negative ones: the same
    /// order in 32 bits, for values too large for the 32-bit run. O(K log K).
    static func ranks(_ values: [Int]) -> [Int32] {
        let distinct = Array(Set(values.filter { $0 >= 0 })).sorted()
        var rank: [Int: Int32] = [:]
        for (index, value) in distinct.enumerated() { rank[value] = Int32(index) }
        return values.map { $0 < 0 ? -1 : rank[$0]! }
    }
}

extension Changeset {
    /// The same change with the fewest moves: the matched pairs are kept, and
    /// only the pairs off one longest increasing run are reported as moves.
    /// Any engine's output can be passed through this (the `minimizeMoves`
    /// option does it).
    ///
    /// - Complexity: O(N + M + K log K).
    public func minimizingMoves(oldCount: Int, newCount: Int) throws(ChangesetError) -> Changeset {
        let source = try newToOld(oldCount: oldCount, newCount: newCount)
        var targets: [Int] = []
        var origins: [Int] = []
        for j in 0..<newCount where source[j] >= 0 {
            targets.append(j)
            origins.append(source[j])
        }
        let staying = MinimumMoves.longestIncreasingRun(origins)
        var result = self
        result.moves.removeAll(keepingCapacity: true)
        var next = 0
        for k in origins.indices {
            if next < staying.count, staying[next] == k {
                next += 1
            } else {
                result.moves.append(Move(from: origins[k], to: targets[k]))
            }
        }
        return result
    }
}

/// Marks the members of one longest strictly increasing subsequence of
/// `values` (negative values are skipped: they stand for unmatched items).
/// Returns the subsequence length. `marks` must start all false.
///
/// Patience sorting: `tails[k]` is the smallest value that ends an increasing
/// run of length k + 1, so the tails are sorted, and a value goes where the
/// first tail not smaller than it is, that is at the number of tails smaller
/// than it. That number is counted rather than binary-searched: a binary
/// search is a chain of dependent loads and, on a shuffled list, of
/// coin-flip branches (callgrind on `shuffled@100000`: 4.3 mispredicted
/// branches per value there, which made `set` 2.55× `heckel`; written with
/// masks instead of branches it got no faster, the chain of loads stays).
/// Counting has no chain: the tails are cut into blocks of
/// ``lisBlock`` and the first tail of every block is kept in a small index;
/// SIMD comparisons count the index entries below the value (that picks the
/// block), then the block's tails below it. Measured alone on a shuffled
/// 100,000: 1.1 ms against 4.1 ms for the binary search (blocks of 32; 16
/// made `set` on `shuffled@10000` 309 → 268 µs, heckel 262 → 277 µs in the
/// runs before and after, so about 15% on the whole engine). When the index is
/// long (a run longer than 64 blocks, a mostly ordered list) it is
/// binary-searched instead, so no search costs more than O(log K + block).
/// A value larger than every tail (the common case in a mostly ordered list)
/// skips the search.
///
/// While the run is short (at most ``lisShortRun`` tails) a plain binary
/// search is used after all: its few steps stay in L1 and are mostly
/// predicted, whereas each count waits on the tail the value before it
/// stored (the SIMD loads cover it), so the counting pass costs 12–14 ns a
/// value at every size. Measured alone on shuffled permutations, counting
/// against this mix: 1,000 values 13.9 → 6.3 µs, 2,000 22.8 → 13.3 µs,
/// 5,000 63 → 38.5 µs, 10,000 116 → 97 µs (the run passes 128 tails near
/// 4,000 values; a limit of 256 made 10,000 and 30,000 slower).
///
/// - Complexity: O(K log L) time for K values and a longest run of length L
///   (O(K · (L / 1,024 + 3)) SIMD steps while L ≤ 1,024), O(K) scratch.
@inlinable
func markLongestIncreasingRun(
    _ values: UnsafeBufferPointer<Int32>, into marks: UnsafeMutableBufferPointer<Bool>
) -> Int {
    let count = values.count
    if count == 0 { return 0 }
    precondition(count <= Int(Int32.max), "too many values for 32-bit links")
    // Tails and index padded with Int32.max (never below a value) to whole
    // SIMD chunks, so the counts need no tail loop.
    let tailCapacity = (count + lisBlock) & ~(lisBlock - 1)
    let indexCapacity = (tailCapacity / lisBlock + 8) & ~7
    let tails = UnsafeMutablePointer<Int32>.allocate(capacity: tailCapacity)
    let index = UnsafeMutablePointer<Int32>.allocate(capacity: indexCapacity)
    let tailIndex = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let parent = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    defer { tails.deallocate(); index.deallocate(); tailIndex.deallocate(); parent.deallocate() }
    tails.initialize(repeating: .max, count: tailCapacity)
    index.initialize(repeating: .max, count: indexCapacity)
    var length = 0, blocks = 0
    for position in 0..<count {
        let value = values[position]
        if value < 0 { continue }
        var low: Int
        if length == 0 || tails[length &- 1] < value {
            low = length
        } else if length <= lisShortRun {
            // A short run: a plain binary search (see above for why). The
            // place is the first tail not below the value, within
            // base..<base + size (the last tail is not below it).
            var base = 0, size = length
            while size > 1 {
                let half = size &>> 1
                if tails[base &+ half &- 1] < value { base &+= half }
                size &-= half
            }
            low = base
        } else {
            // Blocks whose first tail is below the value: the last of them holds the place.
            var block: Int
            if blocks <= 64 {
                block = countBelow(value, in: index, count: (blocks &+ 7) & ~7)
            } else {
                block = 0
                var size = blocks
                while size > 0 {
                    let half = size >> 1
                    if index[block &+ half] < value {
                        block &+= half &+ 1
                        size &-= half &+ 1
                    } else {
                        size = half
                    }
                }
            }
            if block == 0 {
                low = 0
            } else {
                let start = (block &- 1) &* lisBlock
                low = start &+ countBelow(value, in: tails + start, count: lisBlock)
            }
        }
        parent[position] = low > 0 ? tailIndex[low &- 1] : -1
        tails[low] = value
        tailIndex[low] = Int32(truncatingIfNeeded: position)
        if low & (lisBlock &- 1) == 0 { index[low / lisBlock] = value }
        if low == length {
            if low & (lisBlock &- 1) == 0 { blocks &+= 1 }
            length &+= 1
        }
    }
    if length == 0 { return 0 }
    var cursor = Int(tailIndex[length &- 1])
    while cursor >= 0 {
        marks[cursor] = true
        cursor = Int(parent[cursor])
    }
    return length
}

/// The longest run ``markLongestIncreasingRun(_:into:)`` binary-searches
/// before it counts with SIMD.
@usableFromInline
let lisShortRun = 128

/// Tails per block of ``markLongestIncreasingRun(_:into:)`` (a multiple of 8):
/// two SIMD comparisons per block, and up to 64 blocks counted in the index.
@usableFromInline
let lisBlock = 16

/// How many of the `count` values at `start` (a multiple of 8) are below
/// `value`, eight lanes at a time with no branches.
@inlinable @inline(__always)
func countBelow(_ value: Int32, in start: UnsafeMutablePointer<Int32>, count: Int) -> Int {
    let probe = SIMD8<Int32>(repeating: value)
    var below = SIMD8<Int32>()
    let raw = UnsafeRawPointer(start)
    var offset = 0
    while offset < count {
        let chunk = raw.loadUnaligned(fromByteOffset: offset &* 4, as: SIMD8<Int32>.self)
        // A true lane is all ones (-1): subtracting the mask counts it.
        below &-= unsafeBitCast(chunk .< probe, to: SIMD8<Int32>.self)
        offset &+= 8
    }
    return Int(truncatingIfNeeded: below.wrappedSum())
}
