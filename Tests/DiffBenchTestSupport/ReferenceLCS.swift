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
/// O(nm) time, O(m) memory.
public func referenceLCSLength<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
    var previous = [Int](repeating: 0, count: b.count + 1)
    var current = previous
    for x in a {
        for (j, y) in b.enumerated() {
            current[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], current[j])
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
