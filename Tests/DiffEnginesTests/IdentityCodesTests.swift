import Testing

@testable import DiffEngines
import DiffBenchTestSupport

/// Integer ids are coded by their own table; every other id type by the
/// general pass over `Dictionary`. Both must hand out the same codes.
@Suite struct IdentityCodesTests {
    /// Not an integer type, so it takes the general pass.
    struct Boxed: Hashable { var value: Int64 }

    func generalCodes(_ old: [Int64], _ new: [Int64]) -> IdentityCodes {
        IdentityCodes(old: old.map(Boxed.init), new: new.map(Boxed.init), identity: ValueElements<Boxed>())
    }

    func expectSame(_ fast: IdentityCodes, _ general: IdentityCodes, _ label: String) {
        #expect(fast.old == general.old, "\(label): old codes")
        #expect(fast.new == general.new, "\(label): new codes")
        #expect(fast.symbolCount == general.symbolCount, "\(label): symbols")
        #expect(fast.firstOldDuplicate?.first == general.firstOldDuplicate?.first, "\(label): first duplicate")
        #expect(fast.firstOldDuplicate?.second == general.firstOldDuplicate?.second, "\(label): second duplicate")
    }

    @Test func integerTableGivesTheGeneralCodes() {
        var random = TestRandom(seed: 42)
        let extremes: [Int64] = [.min, .max, 0, -1, 1, Int64(Int32.min), Int64(Int32.max), Int64(UInt32.max)]
        for round in 0..<400 {
            let n = random.below(300), m = random.below(300)
            // Small alphabets repeat ids; large ones rarely do; extremes test the key mapping.
            let alphabet = [3, 20, 1_000, 1 << 40][round % 4]
            func id() -> Int64 {
                random.below(10) == 0 ? extremes[random.below(extremes.count)] : Int64(random.below(alphabet)) - Int64(alphabet / 2)
            }
            let old = (0..<n).map { _ in id() }, new = (0..<m).map { _ in id() }
            let general = generalCodes(old, new)
            expectSame(IdentityCodes(old: old, new: new, identity: ValueElements<Int64>()), general, "Int64 round \(round)")
            expectSame(
                IdentityCodes(old: old.map { Int($0) }, new: new.map { Int($0) }, identity: ValueElements<Int>()), general,
                "Int round \(round)")
            expectSame(
                IdentityCodes(
                    old: old.map { UInt64(bitPattern: $0) }, new: new.map { UInt64(bitPattern: $0) }, identity: ValueElements<UInt64>()),
                general, "UInt64 round \(round)")
            // 32-bit ids: distinct 32-bit values must stay distinct.
            let old32 = old.map { Int32(truncatingIfNeeded: $0) }, new32 = new.map { Int32(truncatingIfNeeded: $0) }
            expectSame(
                IdentityCodes(old: old32, new: new32, identity: ValueElements<Int32>()),
                generalCodes(old32.map(Int64.init), new32.map(Int64.init)), "Int32 round \(round)")
            expectSame(
                IdentityCodes(
                    old: old32.map { UInt32(bitPattern: $0) }, new: new32.map { UInt32(bitPattern: $0) }, identity: ValueElements<UInt32>()),
                generalCodes(old32.map { Int64(UInt32(bitPattern: $0)) }, new32.map { Int64(UInt32(bitPattern: $0)) }),
                "UInt32 round \(round)")
        }
    }

    @Test func codesFollowFirstAppearance() {
        let codes = IdentityCodes(old: [70, 5, 70, -3, 5], new: [5, 8, -3, 70], identity: ValueElements<Int>())
        #expect(codes.old == [0, 1, 0, 2, 1])
        #expect(codes.new == [1, -1, 2, 0])
        #expect(codes.symbolCount == 3)
        #expect(codes.firstOldDuplicate?.first == 0)
        #expect(codes.firstOldDuplicate?.second == 2)
    }

    @Test func manyIdsThatShareTheirLowBits() {
        // Multiples of a large power of two agree in every low bit: a table
        // indexed by the raw low bits would put them all in one slot chain.
        let old = (0..<5_000).map { $0 << 32 }
        let new = old.reversed() + [7 << 32 + 1]
        let codes = IdentityCodes(old: old, new: Array(new), identity: ValueElements<Int>())
        #expect(codes.old == (0..<5_000).map(Int32.init))
        #expect(codes.new == (0..<5_000).reversed().map(Int32.init) + [-1])
        #expect(codes.firstOldDuplicate == nil)
    }
}
