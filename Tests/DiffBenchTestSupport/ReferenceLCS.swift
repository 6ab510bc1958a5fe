/// The tests' one reference for the longest common subsequence, written the
/// textbook way and sharing no code with the engines or the teaching
/// renderers, so it can serve as their oracle.

/// The full LCS length table: `table[i][j]` is the LCS length of `a[..<i]`
/// and `b[..<j]`. O(nm) time and memory.
public func referenceLCSTable<T: Equatable>(_ a: [T], _ b: [T]) -> [[Int]] {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: 1, through: a.count, by: 1) {
        for j in stride(from: 1, through: b.count, by: 1) {
            table[i][j] = a[i - 1] == b[j - 1] ? table[i - 1][j - 1] + 1 : max(table[i - 1][j], table[i][j - 1])
        }
    }
    return table
}

/// The LCS length alone, by the same recurrence kept two rows at a time.
/// O(nm) time, O(m) memory. The rows are read through buffer pointers: the
/// tests are built unoptimized, where each Array subscript and
/// `enumerated()` step is a call of its own, and that made this oracle ten
/// times slower on pairs of a thousand elements, the largest share of some
/// tests' time.
public func referenceLCSLength<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
    var previous = [Int](repeating: 0, count: b.count + 1)
    var current = previous
    b.withUnsafeBufferPointer { b in
        for x in a {
            previous.withUnsafeBufferPointer { previous in
                current.withUnsafeMutableBufferPointer { current in
                    for j in b.indices {
                        current[j + 1] = x == b[j] ? previous[j] + 1 : max(previous[j + 1], current[j])
                    }
                }
            }
            swap(&previous, &current)
        }
    }
    return previous[b.count]
}
