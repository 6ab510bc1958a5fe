import Testing

@testable import DiffEngines
import DiffBenchTestSupport

/// Non-ASCII `String` ids in the byte table: an id proved NFC is keyed by
/// its bytes, any other by its NFC, so the codes must be exactly those of
/// `String ==` (canonical equivalence), checked against a
/// `Dictionary<String, Int>` oracle on random lists that mix the cases
/// where bytes and `==` part ways.
@Suite struct NonASCIIStringIdsTests {
    /// Pieces of text whose bytes differ but whose strings may be `==`:
    /// precomposed and decomposed Latin, Hangul syllables and conjoining
    /// jamo, singletons (OHM SIGN, ANGSTROM SIGN, KELVIN SIGN), marks in
    /// both orders, and near-misses that are not `==` (a ligature, a
    /// compatibility-only form, a lone mark), with emoji (ZWJ sequences,
    /// modifiers), CJK and ASCII.
    static let pieces: [String] = [
        "a", "e", "K", "fi", " ", "-", "0",
        "\u{E9}", "e\u{301}", "\u{C5}", "A\u{30A}", "\u{212B}",
        "\u{3A9}", "\u{2126}", "\u{212A}",
        "\u{AC00}", "\u{1100}\u{1161}", "\u{AC01}", "\u{1100}\u{1161}\u{11A8}", "\u{AC00}\u{11A8}",
        "q\u{323}\u{307}", "q\u{307}\u{323}", "\u{1EA1}\u{307}", "a\u{323}\u{307}", "a\u{307}\u{323}", "\u{227}\u{323}",
        "\u{5D1}\u{5B0}\u{5BC}", "\u{5D1}\u{5BC}\u{5B0}",
        "\u{FB01}", "\u{2167}", "VIII", "\u{301}",
        "\u{1F469}\u{200D}\u{1F4BB}", "\u{1F44D}\u{1F3FD}", "\u{1F44D}", "\u{1F3FD}",
        "\u{6F22}\u{5B57}", "\u{2019}", "\u{1F600}",
    ]

    /// A random id: up to six pieces, sometimes padded past 15 and 32 bytes
    /// so that small, large and multi-block strings all occur.
    static func id(using random: inout TestRandom) -> String {
        var text = ""
        for _ in 0..<random.int(in: 1...6) { text += pieces[random.below(pieces.count)] }
        switch random.below(4) {
        case 0: text = "a longer prefix of ascii text " + text
        case 1: text += String(repeating: "x", count: random.below(40))
        default: break
        }
        // A fresh copy, so that ids do not share storage.
        return String(decoding: Array(text.utf8), as: UTF8.self)
    }

    /// The codes `String ==` gives, by `Dictionary<String, Int>`: old ids
    /// numbered in order of first appearance, new ids their old code or -1.
    static func oracle(_ old: [String], _ new: [String]) -> (old: [Int32], new: [Int32]) {
        var codes: [String: Int32] = [:]
        let oldCodes = old.map { id -> Int32 in
            if let code = codes[id] { return code }
            let code = Int32(codes.count)
            codes[id] = code
            return code
        }
        return (oldCodes, new.map { codes[$0] ?? -1 })
    }

    /// The word table's codes (nil when it gave up).
    static func wordTable(_ old: [String], _ new: [String], hashing: IdentityByteHashing) -> IdentityCodes? {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let table = _StringWordTable(old: old, identity: ValueElements<String>(), hashing: hashing)
                defer { table.deallocate() }
                return IdentityCodes.coded(old: old, new: new, table: table)
            }
        }
    }

    @Test func theTestsPremisesAreSwiftsOwnEquality() {
        #expect("\u{E9}" == "e\u{301}")
        #expect("\u{2126}" == "\u{3A9}")
        #expect("\u{212B}" == "\u{C5}" && "\u{C5}" == "A\u{30A}")
        #expect("\u{212A}" == "K")
        #expect("\u{AC00}" == "\u{1100}\u{1161}")
        #expect("q\u{323}\u{307}" == "q\u{307}\u{323}")
        #expect("\u{FB01}" != "fi")
        #expect("\u{2167}" != "VIII")
    }

    /// Random lists of random ids, under the seeded hash and under one
    /// constant hash (every probe meets every tag, so every pair of ids
    /// present is compared): the table never gives up and its codes are
    /// the oracle's; so are the public entry point's.
    @Test(.timeLimit(.minutes(10)), arguments: [IdentityByteHashing.seeded, .constant])
    func codesAgreeWithStringEquality(hashing: IdentityByteHashing) throws {
        var random = TestRandom(seed: hashing == .seeded ? 0x4E46_4301 : 0x4E46_4302)
        for round in 0..<300 {
            // Under the constant hash, few enough distinct ids to stay within the probe limit.
            let distinct = (0..<(hashing == .constant ? 20 : 120)).map { _ in Self.id(using: &random) }
            let old = (0..<random.below(100)).map { _ in distinct[random.below(distinct.count)] }
            let new = (0..<random.below(100)).map { _ in distinct[random.below(distinct.count)] }
            let expected = Self.oracle(old, new)
            let codes = try #require(Self.wordTable(old, new, hashing: hashing), "round \(round)")
            #expect(codes.old == expected.old && codes.new == expected.new, "round \(round): \(old) / \(new)")
            let symbols = Set(expected.old).count
            #expect(codes.symbolCount == symbols, "round \(round)")
            let general = IdentityCodes(old: old, new: new, identity: ValueElements<String>())
            #expect(general.old == expected.old && general.new == expected.new, "round \(round)")
        }
    }

    /// Each equivalent pair, either way round and in both lists: one code;
    /// each non-equivalent pair: two.
    @Test(arguments: [
        ("\u{E9}", "e\u{301}", true), ("\u{2126}", "\u{3A9}", true), ("\u{212B}", "A\u{30A}", true),
        ("\u{212A}", "K", true), ("\u{AC00}", "\u{1100}\u{1161}", true), ("q\u{323}\u{307}", "q\u{307}\u{323}", true),
        ("\u{1EA1}\u{307}", "a\u{307}\u{323}", true), ("\u{FB01}", "fi", false), ("\u{2167}", "VIII", false),
        ("e\u{301}", "e", false), ("\u{1F44D}\u{1F3FD}", "\u{1F44D}", false),
    ])
    func pairsMeetExactlyWhenEqual(a: String, b: String, equal: Bool) throws {
        #expect((a == b) == equal)
        for (x, y) in [(a, b), (b, a)] {
            for padding in ["", String(repeating: "p", count: 30)] {
                let old = ["z", padding + x], new = [padding + y, "z"]
                let codes = try #require(Self.wordTable(old, new, hashing: .seeded))
                #expect(codes.new == [equal ? 1 : -1, 0], "\(Array(x.unicodeScalars)) vs \(Array(y.unicodeScalars))")
                let twice = try #require(Self.wordTable([padding + x, padding + y], [], hashing: .constant))
                #expect(twice.old == (equal ? [0, 0] : [0, 1]))
            }
        }
    }
}

/// The NFC quick check (``_NFCQuickCheck``) must only ever pass a string
/// that is NFC under the standard library's own normalization (the form
/// `String ==` compares), and must pass the common non-ASCII text that
/// makes it worth having.
@Suite struct NFCQuickCheckTests {
    static func passes(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { _NFCQuickCheck.passes(UnsafeRawPointer($0.baseAddress ?? UnsafePointer(bitPattern: 1)!), $0.count) }
    }

    /// Every scalar the table lets through is unchanged by the standard
    /// library's NFC, alone, and has the combining class the table gives
    /// it; the check's word-at-a-time ASCII skip agrees with it too.
    @Test(.timeLimit(.minutes(10))) func everyScalarItPassesIsNFCWithItsCombiningClass() {
        let table = _NFCQuickCheck.table
        var passed = 0
        for value in 0..<UInt32(0x110000) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let class_ = _NFCQuickCheck.value(value, in: table)
            if class_ == _NFCQuickCheck.slow { continue }
            passed += 1
            let text = String(scalar)
            if text._nfcCodeUnits != Array(text.utf8) || UInt8(scalar.properties.canonicalCombiningClass.rawValue) != class_ {
                Issue.record("U+\(String(value, radix: 16)): class \(class_)")
                return
            }
        }
        // Most assigned scalars pass (about 280,000 in Unicode 14).
        #expect(passed > 250_000)
    }

    @Test func knownAnswers() {
        for text in ["", "plain ascii text, longer than eight bytes", "caf\u{E9}", "it\u{2019}s", "\u{1F469}\u{200D}\u{1F4BB}",
                     "\u{1F44D}\u{1F3FD}", "\u{6F22}\u{5B57}", "\u{AC00}", "\u{FB01}", "\u{5D1}\u{5B0}\u{5BC}", "x\u{E9}y"] {
            #expect(Self.passes(text), "\(Array(text.unicodeScalars))")
        }
        // A singleton, a mark that composes, marks out of order, jamo that compose, an unassigned scalar.
        for text in ["\u{2126}", "\u{212A}", "e\u{301}", "\u{5D1}\u{5BC}\u{5B0}", "\u{1100}\u{1161}", "a\u{E0000}", "\u{10FFFF}"] {
            #expect(!Self.passes(text), "\(Array(text.unicodeScalars))")
        }
    }

    /// Random strings of the test pieces: whenever the check passes, the
    /// string is its own NFC.
    @Test func whatPassesIsNFC() {
        var random = TestRandom(seed: 0x5143)
        var passed = 0, failed = 0
        for _ in 0..<20_000 {
            let text = NonASCIIStringIdsTests.id(using: &random)
            if Self.passes(text) {
                passed += 1
                #expect(text._nfcCodeUnits == Array(text.utf8), "\(Array(text.unicodeScalars))")
            } else {
                failed += 1
            }
        }
        #expect(passed > 1000 && failed > 1000)
    }
}
