import Foundation

/// The sums of the distances inside every prefix and every suffix of a
/// series, W(0, b) = Σ_{i<j<b} |yᵢ − yⱼ| and W(a, m), in O(m log m) rather
/// than the O(m²) of adding each new value's distances one by one: what lets
/// ``EnergySplit/best(in:minimumLength:endWindow:)`` scan a series of
/// thousands of points.
///
/// The distances from a new value v to the values before it are
/// v·(count below) − (sum below) + (sum above) − v·(count above); a Fenwick
/// tree over the values' ranks keeps the counts and sums of the values
/// seen so far, so each prefix costs O(log m). The ranks are sorted once for
/// both directions, and the values are measured from their minimum, so the
/// sums stay small where they cancel.
struct PairwiseDistanceSums {
    /// `prefixes[b]` = W(0, b) for b in 0...m.
    var prefixes: [Double]
    /// `suffixes[a]` = W(a, m) for a in 0...m.
    var suffixes: [Double]

    /// Both sums of `values`. O(m log m) time, O(m) memory.
    init(_ values: [Double]) { self.init(values, ranks: nil) }

    /// Both sums of `values`, given their ranks when they are known
    /// (``SegmentRanks/ranks(of:)`` of a shuffle: the values sorted once for
    /// every shuffle of a segment); computed here when nil. O(m log m) time,
    /// O(m) memory.
    init(_ values: [Double], ranks: [Int]?) {
        let m = values.count
        guard let lowest = values.min() else {
            prefixes = [0]
            suffixes = [0]
            return
        }
        let shifted = values.map { $0 - lowest }
        let rank = ranks ?? SegmentRanks(shifted: shifted).ranks(of: Array(0..<m))
        prefixes = Self.sums(shifted, rank: rank, order: 0..<m)
        suffixes = Array(Self.sums(shifted, rank: rank, order: (0..<m).reversed()).reversed())
    }

    /// W of the first 0, 1, …, m values taken in `order`: sums[j] for the first j. O(m log m).
    private static func sums<Order: Sequence>(_ y: [Double], rank: [Int], order: Order) -> [Double] where Order.Element == Int {
        let m = y.count
        var sums = [Double](repeating: 0, count: m + 1)
        var counts = [Int](repeating: 0, count: m + 1), totals = [Double](repeating: 0, count: m + 1)
        var seen = 0, seenTotal = 0.0
        for index in order {
            let value = y[index]
            var countBelow = 0, totalBelow = 0.0
            var node = rank[index] - 1
            while node > 0 {
                countBelow += counts[node]
                totalBelow += totals[node]
                node &= node - 1
            }
            let countAbove = seen - countBelow, totalAbove = seenTotal - totalBelow
            sums[seen + 1] = sums[seen] + (value * Double(countBelow) - totalBelow) + (totalAbove - value * Double(countAbove))
            node = rank[index]
            while node <= m {
                counts[node] += 1
                totals[node] += value
                node += node & -node
            }
            seen += 1
            seenTotal += value
        }
        return sums
    }
}
