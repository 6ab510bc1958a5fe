import SplitMix
import InputFiles

/// The `pathological` family: the known failure inputs of the text-diff
/// engines, each a workload of its own so that rows and charts name the
/// failure they measure. None runs in the default or CI plans (they exist
/// to find hangs and blow-ups, which a routine run should not pay for);
/// `run --workloads pathological` runs them all.
///
/// Every one but `periodic` is a list of text lines: ids are given in order
/// of first appearance, the old list first (the dataset file's rule), and
/// ``Dataset/symbols`` holds each id's text; the texts are drawn from the
/// seed, so another seed gives other data even where the id pattern is
/// fixed by the construction.
extension Generators {
    /// `pathological-disjoint`: n words of the letters a–z against n words
    /// of the digits 0–9, so the lists share no element and the shortest
    /// script deletes and inserts everything (D = N + M). A search of the
    /// edit graph that is not bounded visits about D²/2 diagonal cells here,
    /// the case where unbounded Myers takes minutes on large files. Word
    /// lengths are uniform in 1...8, so short words repeat as real lines do
    /// (ids repeat from a few dozen elements on). O(n).
    static func pathologicalDisjoint(_ n: Int, _ rng: inout SplitMix64) -> Dataset {
        let letters = Array("abcdefghijklmnopqrstuvwxyz").map(String.init)
        let digits = Array("0123456789").map(String.init)
        func word(_ alphabet: [String], _ rng: inout SplitMix64) -> String {
            (0..<(1 + rng.below(8))).map { _ in alphabet[rng.below(alphabet.count)] }.joined()
        }
        let old = (0..<n).map { _ in word(letters, &rng) }
        let new = (0..<n).map { _ in word(digits, &rng) }
        return lines(old: old, new: new)
    }

    /// `pathological-patience`: patience diff's failure input,
    /// `a + x×p + u + x×q + a` against `b + x×q + u + x×p + b` with
    /// p = ⌊3n/10⌋ and q = n − p (n = 1,000 gives the literature's 300 and
    /// 700). The only line unique in both lists is `u`, so patience anchors
    /// on it and keeps 2p + 1 lines, while the shortest script skips `u` and
    /// keeps all n `x` lines: D = 6 against patience's 2(q − p) + 4. The
    /// four lines are distinct texts drawn from the seed. O(n).
    static func pathologicalPatience(_ n: Int, _ rng: inout SplitMix64) -> Dataset {
        guard n > 0 else { return lines(old: [], new: []) }
        let texts = distinctWords(4, &rng)
        let (a, x, u, b) = (texts[0], texts[1], texts[2], texts[3])
        let p = 3 * n / 10, q = n - p
        let xs = { (count: Int) in [String](repeating: x, count: count) }
        return lines(old: [a] + xs(p) + [u] + xs(q) + [a], new: [b] + xs(q) + [u] + xs(p) + [b])
    }

    /// `pathological-identical`: n copies of one line against n + 1 copies
    /// (`run --workloads pathological-identical --sizes 1000000` is the
    /// million-line case). One insert; every id repeats, so an engine that
    /// pairs occurrences, counts them or hashes them without trimming the
    /// common ends first meets its worst case. Empty at n = 0. O(n).
    static func pathologicalIdentical(_ n: Int, _ rng: inout SplitMix64) -> Dataset {
        guard n > 0 else { return lines(old: [], new: []) }
        let line = distinctWords(1, &rng)[0]
        return lines(old: [String](repeating: line, count: n), new: [String](repeating: line, count: n + 1))
    }

    /// The most occurrences histogram diff accepts for a split point (git's
    /// and JGit's limit); past it the box goes to Myers.
    static let histogramOccurrenceLimit = 64

    /// `pathological-frequent`: k = max(1, ⌊n/128⌋) distinct tokens, each
    /// written ⌊n/k⌋ or ⌊n/k⌋ + 1 times (at least 128 once n ≥ 128), in a
    /// shuffled order; the new list deletes n/20 positions and inserts n/20
    /// random tokens. A token loses at most 32 occurrences, so from n = 128
    /// on every token occurs more than 64 times in both lists: histogram
    /// finds no split point and falls back to Myers on the whole, and
    /// patience finds no unique line. O(n).
    static func pathologicalFrequent(_ n: Int, _ rng: inout SplitMix64) -> Dataset {
        guard n > 0 else { return lines(old: [], new: []) }
        let k = max(1, n / 128)
        let tokens = distinctWords(k, &rng)
        var old: [Int] = (0..<n).map { $0 % k }
        rng.shuffle(&old)
        // Deletes, at most `cap` per token.
        let cap = 32
        var lost = [Int](repeating: 0, count: k)
        var deleted = [Bool](repeating: false, count: n)
        for index in rng.sample(n / 20, from: n) where lost[old[index]] < cap {
            lost[old[index]] += 1
            deleted[index] = true
        }
        let kept = old.indices.filter { !deleted[$0] }.map { old[$0] }
        var insertions: [Insertion<Int>] = []
        for _ in 0..<(n / 20) { insertions.append(Insertion(gap: rng.below(kept.count + 1), element: rng.below(k))) }
        let new = kept.inserting(insertions)
        return lines(old: old.map { tokens[$0] }, new: new.map { tokens[$0] })
    }

    /// `periodic`: the old list's ids are `(i + s) mod period` (period 8
    /// gives s, s + 1, …, 7, 0, 1, …), the `i mod period` list rotated by a
    /// phase s drawn from the seed, so that another seed gives another list
    /// even at n = 1; the new list applies max(1, round(n × fraction))
    /// edits at distinct random positions, each a delete, an insert before
    /// the position, or a replacement by another id below the period, with
    /// equal odds (the replacement is an insert when the period is 1).
    /// D is at most twice the edits, yet no id is unique: an engine that
    /// pairs the k-th occurrence with the k-th shifts every pairing after
    /// an edit and reports thousands of moves (anchor's failure input).
    /// Plain values: the id is the value. O(n).
    static func periodic(_ n: Int, period: Int, fraction: Double, _ rng: inout SplitMix64) -> Dataset {
        let phase = rng.below(period)
        let old = (0..<n).map { ($0 + phase) % period }
        let edits = n == 0 ? 0 : max(1, Int((Double(n) * fraction).rounded()))
        var at = [Bool](repeating: false, count: n)
        for index in rng.sample(edits, from: n) { at[index] = true }
        var new: [Int] = []
        new.reserveCapacity(n + edits)
        for (index, value) in old.enumerated() {
            guard at[index] else {
                new.append(value)
                continue
            }
            switch rng.below(3) {
            case 0:  // delete
                break
            case 1 where period > 1:  // replace by another id
                new.append((value + 1 + rng.below(period - 1)) % period)
            default:  // insert before
                new.append(rng.below(period))
                new.append(value)
            }
        }
        return dataset(.values, old: values(old), new: values(new))
    }

    /// `count` distinct words of six letters a–z, drawn from the seed. O(count).
    static func distinctWords(_ count: Int, _ rng: inout SplitMix64) -> [String] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var seen = Set<String>()
        var words: [String] = []
        while words.count < count {
            let word = String((0..<6).map { _ in letters[rng.below(letters.count)] })
            if seen.insert(word).inserted { words.append(word) }
        }
        return words
    }
}
