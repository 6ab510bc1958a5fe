import Testing

@testable import DiffEngines
import DiffBenchTestSupport

/// Issue 37: lines of text are one line exactly when their bytes are equal
/// (``LineBytes``, ``TextLineElements``), unlike `String ==`, which joins
/// canonically equivalent strings. The codes are checked against a
/// `Dictionary` keyed by the UTF-8 bytes, on the ids of
/// ``NonASCIIStringIdsTests`` (precomposed and decomposed forms, singletons,
/// marks in both orders), and every built-in engine is run on such lines.
@Suite struct LineBytesTests {
    /// The codes byte equality gives: old lines numbered in order of first
    /// appearance, new lines their old code or -1.
    static func oracle(_ old: [String], _ new: [String]) -> (old: [Int32], new: [Int32]) {
        var codes: [[UInt8]: Int32] = [:]
        let oldCodes = old.map { line -> Int32 in
            if let code = codes[Array(line.utf8)] { return code }
            let code = Int32(codes.count)
            codes[Array(line.utf8)] = code
            return code
        }
        return (oldCodes, new.map { codes[Array($0.utf8)] ?? -1 })
    }

    @Test func equalityAndHashAreTheBytes() {
        #expect(LineBytes("\u{E9}\n") != LineBytes("e\u{301}\n"))
        #expect(LineBytes("\u{212A}") != LineBytes("K"))
        #expect(LineBytes("\u{E9}\n") == LineBytes(String(decoding: Array("\u{E9}\n".utf8), as: UTF8.self)))
        let long = String(repeating: "x", count: 40) + "\u{E9}"
        #expect(LineBytes(long) == LineBytes(String(decoding: Array(long.utf8), as: UTF8.self)))
        #expect(LineBytes(long).hashValue == LineBytes(String(decoding: Array(long.utf8), as: UTF8.self)).hashValue)
        #expect(Set(["\u{E9}", "e\u{301}", "\u{E9}"].map(LineBytes.init)).count == 2)
    }

    /// Random lists under the seeded hash and under one constant hash (every
    /// probe meets every tag): the codes of every path (the word table, the
    /// general byte table it falls back to, and `Dictionary` past the probe
    /// limit) are the oracle's.
    @Test(.timeLimit(.minutes(10)), arguments: [IdentityByteHashing.seeded, .constant])
    func codesAreThoseOfTheBytes(hashing: IdentityByteHashing) throws {
        var random = TestRandom(seed: hashing == .seeded ? 0x4C42_0001 : 0x4C42_0002)
        var parted = 0
        for round in 0..<300 {
            let distinct = (0..<(hashing == .constant ? 20 : 120)).map { _ in NonASCIIStringIdsTests.id(using: &random) }
            let old = (0..<random.below(100)).map { _ in distinct[random.below(distinct.count)] }
            let new = (0..<random.below(100)).map { _ in distinct[random.below(distinct.count)] }
            let expected = Self.oracle(old, new)
            if NonASCIIStringIdsTests.oracle(old, new) != expected { parted += 1 }
            let codes = old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in
                    IdentityCodes.bytesCoded(old: old, new: new, identity: TextLineElements(), hashing: hashing)
                        ?? IdentityCodes.dictionaryCoded(old: old, new: new, identity: TextLineElements())
                }
            }
            #expect(codes.old == expected.old && codes.new == expected.new, "round \(round): \(old) / \(new)")
            #expect(codes.symbolCount == Set(expected.old).count, "round \(round)")
            let general = IdentityCodes(old: old, new: new, identity: TextLineElements())
            #expect(general.old == expected.old && general.new == expected.new, "round \(round)")
        }
        // The lists do tell the two equalities apart.
        #expect(parted > 5)
    }

    /// A line in its other form is a delete and an insert for every engine,
    /// at either end (trimmed) and in the middle (coded).
    @Test(arguments: BuiltInEngine.all)
    func everyEngineKeepsTheFormsApart(engine: BuiltInEngine) throws {
        for (old, new) in [
            (["\u{E9}\n"], ["e\u{301}\n"]),
            (["a\n", "\u{E9}\n", "b\n"], ["b\n", "e\u{301}\n", "a\n"]),
            (["x\n", "\u{212A}\n", "y\n", "z\n"], ["K\n", "x\n", "y\n", "z\n"]),
        ] {
            let changeset = try engine.diff(from: old, to: new, identity: TextLineElements(), options: .default)
            #expect(changeset.verify(old: old, new: new, identity: TextLineElements()) == nil, "\(engine.name)")
            let oldDeleted = changeset.deletes + changeset.moves.map(\.from)
            #expect(oldDeleted.contains(old.count == 1 ? 0 : 1), "\(engine.name): \(old) → \(new): \(changeset)")
        }
    }
}
