/// The kit's oracles, written the plain way and sharing no code with the
/// engines (a bug in an engine's shared helper must not hide itself by also
/// being the judge).
enum ConformanceOracles {
    /// The length of a longest common subsequence of two id lists, by the
    /// textbook recurrence two rows at a time. O(NM) time, O(M) memory: the
    /// kit's cases stay under a few hundred elements.
    static func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
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

    /// The fewest moves for two lists of unique ids: the items in both lists
    /// minus the longest run of them whose old positions increase in new
    /// order (those can stay; every other common item must move).
    /// O(K log K) for K common items.
    static func fewestMoves(_ old: [Int], _ new: [Int]) -> Int {
        var oldPosition: [Int: Int] = [:]
        for (index, id) in old.enumerated() { oldPosition[id] = index }
        let positions = new.compactMap { oldPosition[$0] }
        // Patience piles: tails[k] is the smallest last value of an increasing run of length k + 1.
        var tails: [Int] = []
        for value in positions {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return positions.count - tails.count
    }
}
