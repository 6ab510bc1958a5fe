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

/// The ranks ``PairwiseDistanceSums`` puts the values of one segment, or of
/// any shuffle of it, in: 1 + the place of each value when sorted by its
/// distance from the segment's minimum, equal ones by position. A
/// permutation test scans up to 499 shuffles of one segment, and sorting
/// each was a third of the sums' cost; a shuffle has the same values, so
/// one sort gives each value's group of equal ones, and a shuffle's ranks
/// are its group's first place plus how many of the group came before it
/// in the shuffle: what the sort would give. O(m log m) once, O(m) a shuffle.
struct SegmentRanks {
    /// For each index into the segment, the sorted place of the first value equal to it.
    private var group: [Int]

    /// The groups of `values` (a segment as it is, before any shuffle). O(m log m).
    init(_ values: ArraySlice<Double>) {
        let lowest = values.min() ?? 0
        self.init(shifted: values.map { $0 - lowest })
    }

    /// The groups of values already measured from their minimum. O(m log m).
    init(shifted: [Double]) {
        // Pairs, not indices looked up by the comparison: half the instructions of the sort.
        let places = zip(shifted, shifted.indices).sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        group = [Int](repeating: 0, count: shifted.count)
        var first = 0
        for (place, entry) in places.enumerated() {
            if place > 0, entry.0 != places[place - 1].0 { first = place }
            group[entry.1] = first
        }
    }

    /// The ranks of the shuffle whose value at j is the segment's value at
    /// `order[j]`. O(m).
    func ranks(of order: [Int]) -> [Int] {
        var taken = [Int](repeating: 0, count: group.count)
        return order.map { index in
            let first = group[index]
            taken[first] += 1
            return first + taken[first]
        }
    }
}
