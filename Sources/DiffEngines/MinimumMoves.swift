/// The fewest moves any changeset can use for a pair of lists with unique ids.
///
/// Items present in both lists keep their relative order exactly when they
/// form an increasing run of old positions taken in new order; the most items
/// that can stay is therefore the longest increasing subsequence (LIS) of
/// those positions, and every other common item must move:
/// `minimum moves = common items − LIS`.
///
/// Complexity: O(K log K) time and O(K) memory for K common items (patience
/// sorting with predecessor links).
public enum MinimumMoves {
    /// Minimum number of moves for two lists with unique ids.
    public static func count<I: ElementIdentity>(old: [I.Element], new: [I.Element], identity: I) -> Int {
        let codes = IdentityCodes(old: old, new: new, identity: identity)
        // With unique old ids, a code is the old position of its id.
        let sources = codes.new.lazy.filter { $0 >= 0 }.map(Int.init)
        let common = sources.count
        return common - longestIncreasingRun(Array(sources)).count
    }

    /// ``count(old:new:identity:)`` for `Identifiable & Equatable` elements.
    public static func count<E: Identifiable & Equatable>(old: [E], new: [E]) -> Int {
        count(old: old, new: new, identity: IdentifiedElements<E>())
    }

    /// ``count(old:new:identity:)`` for plain `Hashable` values.
    public static func count<E: Hashable>(oldValues old: [E], newValues new: [E]) -> Int {
        count(old: old, new: new, identity: ValueElements<E>())
    }

    /// Positions (indices into `values`) of one longest strictly increasing
    /// subsequence of `values`, ascending.
    public static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        if values.isEmpty { return [] }
        // tails[k]: index of the smallest tail of an increasing run of length k+1
        var tails: [Int] = []
        tails.reserveCapacity(64)
        var parent = [Int](repeating: -1, count: values.count)
        for index in values.indices {
            let value = values[index]
            var low = 0, high = tails.count
            while low < high {
                let mid = (low &+ high) >> 1
                if values[tails[mid]] < value { low = mid &+ 1 } else { high = mid }
            }
            if low > 0 { parent[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run = [Int](repeating: 0, count: tails.count)
        var cursor = tails[tails.count - 1]
        for k in stride(from: tails.count - 1, through: 0, by: -1) {
            run[k] = cursor
            cursor = parent[cursor]
        }
        return run
    }
}

extension Changeset {
    /// The same change with the fewest moves: the matched pairs are kept, and
    /// only the pairs off one longest increasing run are reported as moves.
    /// Any engine's output can be passed through this (the `minimizeMoves`
    /// option does it).
    ///
    /// Complexity: O(N + M + K log K).
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
/// Returns the subsequence length.
///
/// Patience sorting on 32-bit buffers: O(K log K) time, 12 bytes of scratch
/// per value. The tails' values are kept in their own contiguous array so the
/// binary search reads one cache-friendly buffer, and a value larger than
/// every tail (the common case in a mostly ordered list) skips the search.
@usableFromInline
func markLongestIncreasingRun(_ values: UnsafeBufferPointer<Int32>, into marks: UnsafeMutableBufferPointer<Bool>) -> Int {
    let count = values.count
    if count == 0 { return 0 }
    let tailValue = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let tailIndex = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let parent = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    defer { tailValue.deallocate(); tailIndex.deallocate(); parent.deallocate() }
    var length = 0
    for index in 0..<count {
        let value = values[index]
        if value < 0 { continue }
        var low: Int
        if length == 0 || tailValue[length &- 1] < value {
            low = length
        } else {
            // First tail >= value (branch-free halving).
            low = 0
            var size = length
            while size > 1 {
                let half = size >> 1
                low = tailValue[low &+ half &- 1] < value ? low &+ half : low
                size &-= half
            }
            if tailValue[low] < value { low &+= 1 }
        }
        parent[index] = low > 0 ? tailIndex[low &- 1] : -1
        tailValue[low] = value
        tailIndex[low] = Int32(truncatingIfNeeded: index)
        if low == length { length &+= 1 }
    }
    if length > 0 {
        var cursor = Int(tailIndex[length - 1])
        while cursor >= 0 {
            marks[cursor] = true
            cursor = Int(parent[cursor])
        }
    }
    return length
}
