import Testing
import SplitMix
import DiffBenchTestSupport

@Suite("SplitMix64")
struct RandomTests {
    @Test("matches the reference implementation's first outputs for seed 0")
    func referenceValues() {
        // From Vigna's splitmix64.c with x = 0; any change here changes every dataset.
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("below(bound) stays in range and is close to uniform")
    func belowIsUniform() {
        var rng = SplitMix64(seed: 42)
        for bound in [1, 2, 3, 7, 1000, Int.max] {
            for _ in 0..<1000 {
                let value = rng.below(bound)
                #expect(value >= 0 && value < bound)
            }
        }
        var counts = [Int](repeating: 0, count: 6)
        let draws = 60_000
        for _ in 0..<draws { counts[rng.below(6)] += 1 }
        // Chi-square with 5 degrees of freedom; 20.5 is the 0.1% critical value.
        let expected = Double(draws) / 6
        let chiSquare = counts.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        #expect(chiSquare < 20.5, "counts \(counts)")
    }

    @Test("shuffle permutes; sample is distinct and in range; derangements move everything")
    func permutations() {
        var cases = TestRandom(seed: 7)
        var rng = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let n = cases.int(in: 0...60)
            var items = Array(0..<n)
            rng.shuffle(&items)
            #expect(items.sorted() == Array(0..<n))

            let k = cases.int(in: 0...n)
            let picked = rng.sample(k, from: n)
            #expect(picked.count == k && Set(picked).count == k && picked.allSatisfy { (0..<n).contains($0) })

            if n != 1 {
                let derangement = rng.derangement(of: n)
                #expect(derangement.sorted() == Array(0..<n))
                #expect(derangement.indices.allSatisfy { derangement[$0] != $0 })
            }
        }
    }

    @Test("a uniform shuffle of 3 items reaches all 6 orders about equally often")
    func shuffleIsUniform() {
        var rng = SplitMix64(seed: 11)
        var counts: [[Int]: Int] = [:]
        for _ in 0..<6000 {
            var items = [0, 1, 2]
            rng.shuffle(&items)
            counts[items, default: 0] += 1
        }
        #expect(counts.count == 6)
        #expect(counts.values.allSatisfy { $0 > 850 && $0 < 1150 }, "\(counts)")
    }
}
