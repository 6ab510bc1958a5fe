import SplitMix

/// The kit's seeded generator of cases (SplitMix64): the same seed gives the
/// same cases on every machine, so a failure names a case anyone can replay.
struct CaseGenerator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// In 0..<bound (bound > 0).
    mutating func below(_ bound: Int) -> Int { random.below(bound) }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func shuffle<T>(_ items: inout [T]) { random.shuffle(&items) }

    typealias Slot = ConformanceCase.Slot

    /// The edge cases every engine meets first: empty lists, one element,
    /// everything changed.
    static let edgeCases: [ConformanceCase] = {
        func slots(_ ids: [Int], content: Int = 0) -> [Slot] { ids.map { Slot(id: $0, content: content) } }
        let ten = Array(0..<10)
        return [
            ConformanceCase(old: [], new: [], shape: "edge: empty → empty"),
            ConformanceCase(old: [], new: slots([1]), shape: "edge: empty → one"),
            ConformanceCase(old: slots([1]), new: [], shape: "edge: one → empty"),
            ConformanceCase(old: slots([1]), new: slots([1]), shape: "edge: one → the same"),
            ConformanceCase(old: slots([1]), new: slots([1], content: 1), shape: "edge: one → its update"),
            ConformanceCase(old: slots([1]), new: slots([2]), shape: "edge: one → another"),
            ConformanceCase(old: slots(ten), new: slots(ten.map { $0 + 10 }), shape: "edge: every id replaced"),
            ConformanceCase(old: slots(ten), new: slots(ten, content: 1), shape: "edge: every content changed"),
            ConformanceCase(old: slots(ten), new: slots(ten.reversed()), shape: "edge: reversed"),
            ConformanceCase(old: slots([3, 3, 3]), new: slots([3, 3]), shape: "edge: one id repeated"),
        ]
    }()

    /// The random shapes; ids are unique except in `tinyAlphabet` and `repeatsInCommonEnds`.
    enum Shape: String, CaseIterable {
        case permutation, randomEdits, mixed, contentOnly, tinyAlphabet, repeatsInCommonEnds, large
    }

    mutating func make(_ shape: Shape) -> ConformanceCase {
        let n = shape == .large ? 100 + below(200) : below(41)
        let base = (0..<n).map { Slot(id: $0, content: below(3)) }
        var new = base
        switch shape {
        case .permutation:
            shuffle(&new)
        case .contentOnly:
            for k in new.indices where chance(40) { new[k].content += 1 }
        case .tinyAlphabet:
            let alphabet = 1 + below(4)
            let old = (0..<n).map { _ in Slot(id: below(alphabet), content: 0) }
            new = (0..<below(41)).map { _ in Slot(id: below(alphabet), content: below(2)) }
            return ConformanceCase(old: old, new: new, shape: shape.rawValue)
        case .repeatsInCommonEnds:
            // Unique ids in the middle; one id twice in the shared prefix or
            // suffix, where trimming alone would never see it.
            var old = base
            edit(&new, count: 1 + below(5), withContent: false, nextID: n)
            let repeated = Slot(id: n + 1_000, content: 0)
            if chance(50) {
                old = [repeated, repeated] + old
                new = [repeated, repeated] + new
            } else {
                old += [repeated, repeated]
                new += [repeated, repeated]
            }
            return ConformanceCase(old: old, new: new, shape: shape.rawValue)
        case .randomEdits, .large:
            edit(&new, count: below(shape == .large ? 40 : 13), withContent: false, nextID: n)
        case .mixed:
            edit(&new, count: below(13), withContent: true, nextID: n)
        }
        return ConformanceCase(old: base, new: new, shape: shape.rawValue)
    }

    /// Random deletes, inserts of fresh ids, moves and (with `withContent`) content changes.
    private mutating func edit(_ list: inout [Slot], count: Int, withContent: Bool, nextID: Int) {
        var nextID = nextID
        for _ in 0..<count {
            switch below(withContent ? 4 : 3) {
            case 0 where !list.isEmpty:
                list.remove(at: below(list.count))
            case 1:
                list.insert(Slot(id: nextID, content: 0), at: below(list.count + 1))
                nextID += 1
            case 2 where list.count > 1:
                let slot = list.remove(at: below(list.count))
                list.insert(slot, at: below(list.count + 1))
            case 3 where !list.isEmpty:
                list[below(list.count)].content += 1
            default:
                break
            }
        }
    }
}
