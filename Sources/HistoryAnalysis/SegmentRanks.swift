import Foundation

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
