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

    /// Both integer passes, called directly (the entry point picks one by
    /// the old ids' range, so random lists alone would not reach both).
    func densePass<T: FixedWidthInteger & Hashable>(_ old: [T], _ new: [T]) -> IdentityCodes? {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                IdentityCodes.denseIntegerCoded(old: old, new: new, identity: ValueElements<T>())
            }
        }
    }

    func hashedPass<T: FixedWidthInteger & Hashable>(_ old: [T], _ new: [T]) -> IdentityCodes {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                IdentityCodes.hashedIntegerCoded(old: old, new: new, identity: ValueElements<T>())
            }
        }
    }

    /// The dense (direct-address) pass and the hashed pass each give the
    /// general pass's codes, on ids placed around a random base anywhere in
    /// the type's range (negative, near zero, at both ends, so that offsets
    /// from the smallest old id wrap), with new ids below, inside and above
    /// the old range; and the dense pass is taken exactly when the old ids
    /// span at most `denseSlotLimit` values.
    @Test func denseAndHashedPassesGiveTheGeneralCodes() {
        var random = TestRandom(seed: 7)
        // The smallest possible old id of a round.
        let bases: [Int64] = [0, -40, 1_000_000, .min, .max - (4 << 20), Int64(Int32.max) - 100, -(1 << 40)]
        var denseRounds = 0, sparseRounds = 0
        for round in 0..<600 {
            let n = random.below(200) + (round % 3 == 0 ? 0 : 1), m = random.below(300)
            // Spreads below, near and above the dense limit (4n + 64 values).
            let spread = [1, 3, 4 * n + 64, 4 * n + 65, 20 * n + 100, 1 << 20][round % 6]
            let base = bases[round % bases.count]
            /// `base + offset`, or `base` where that would overflow (only below `.min`).
            func id(_ offset: Int) -> Int64 {
                let (sum, overflow) = base.addingReportingOverflow(Int64(offset))
                return overflow ? base : sum
            }
            var old = (0..<n).map { _ in id(random.below(spread)) }
            // Pin the old range to exactly `spread` values half of the time.
            if n >= 2, round % 2 == 0 {
                old[0] = base
                old[n - 1] = id(spread - 1)
            }
            // New ids from one spread below the old range to one above it.
            let new = (0..<m).map { _ in id(random.below(3 * spread) - spread) }
            let general = generalCodes(old, new)
            let oldSpan = old.isEmpty ? 0 : UInt64(bitPattern: old.max()! &- old.min()!) + 1
            let expectDense = !old.isEmpty && oldSpan <= UInt64(IdentityCodes.denseSlotLimit(oldCount: n))
            if let dense = densePass(old, new) {
                #expect(expectDense, "round \(round): dense pass taken for a span of \(oldSpan)")
                expectSame(dense, general, "dense Int64 round \(round)")
                denseRounds += 1
            } else {
                #expect(!expectDense, "round \(round): dense pass refused a span of \(oldSpan)")
                sparseRounds += 1
            }
            expectSame(hashedPass(old, new), general, "hashed Int64 round \(round)")
            // Unsigned ids: the same values moved to the top of the range.
            let shift = UInt64(1) << 63
            let oldU = old.map { UInt64(bitPattern: $0) ^ shift }, newU = new.map { UInt64(bitPattern: $0) ^ shift }
            if let dense = densePass(oldU, newU) {
                expectSame(dense, general, "dense UInt64 round \(round)")
            } else {
                #expect(!expectDense, "round \(round): UInt64 dense pass refused")
            }
            expectSame(hashedPass(oldU, newU), general, "hashed UInt64 round \(round)")
        }
        #expect(denseRounds > 100 && sparseRounds > 100, "both passes exercised: \(denseRounds) dense, \(sparseRounds) hashed")
    }

    @Test func densePassOnFeedLikeIds() {
        // Old ids 1...n, new: n fetched ids above the range on top, then the
        // old posts minus every tenth, with a few ids below the range.
        let n = 1_000
        let old = Array(1...n)
        let new = Array((n + 1)...(2 * n)).reversed() + old.filter { $0 % 10 != 0 } + [0, -5, Int.min]
        let codes = IdentityCodes(old: old, new: new, identity: ValueElements<Int>())
        #expect(densePass(old, new) != nil)
        #expect(codes.old == (0..<Int32(n)).map { $0 })
        #expect(codes.new == [Int32](repeating: -1, count: n) + old.filter { $0 % 10 != 0 }.map { Int32($0 - 1) } + [-1, -1, -1])
        #expect(codes.symbolCount == n)
        #expect(codes.firstOldDuplicate == nil)
    }

    /// The branch-free gathering of deletes and inserts (heckel, set) gives
    /// what `filter` gives, including none and all selected.
    @Test func selectedIndicesAreTheFilteredIndices() {
        var random = TestRandom(seed: 11)
        for round in 0..<300 {
            let count = random.below(200)
            let density = [0, 1, 2, 10, 10][round % 5]  // in tenths; 10: everything
            let links = (0..<count).map { _ in random.below(10) < density ? Int32(-1) : Int32(random.below(50)) }
            let selected = links.withUnsafeBufferPointer { links in _selectedIndices(count: links.count) { _negativeBit(links[$0]) } }
            #expect(selected == links.indices.filter { links[$0] < 0 }, "round \(round)")
        }
        #expect([Int32.min, -1, 0, 1, .max].map(_negativeBit) == [1, 1, 0, 0, 0])
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
