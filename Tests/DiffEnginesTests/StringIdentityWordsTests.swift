import Testing

@testable import DiffEngines
import DiffBenchTestSupport

/// `String` ids read by their words (``_StringWords``, ``_StringWordTable``):
/// the bytes, hash and equality must not depend on the form a string has
/// (small, large, literal, reserved capacity, made from a substring), only
/// on its bytes; a layout that is not the one read must be refused; and
/// the codes must be the general pass's.
@Suite struct StringIdentityWordsTests {
    struct PlainID: Hashable { var text: String }

    func generalCodes(_ old: [String], _ new: [String]) -> IdentityCodes {
        IdentityCodes(old: old.map(PlainID.init), new: new.map(PlainID.init), identity: ValueElements<PlainID>())
    }

    /// The codes of the word table itself (not its fallbacks), or nil when it gave up.
    func wordTable(_ old: [String], _ new: [String], hashing: IdentityByteHashing) -> IdentityCodes? {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let table = _StringWordTable(old: old, identity: ValueElements<String>(), hashing: hashing)
                defer { table.deallocate() }
                return IdentityCodes.coded(old: old, new: new, table: table)
            }
        }
    }

    /// The bytes the word reader gives for `text` (nil when not proved NFC or not read in place).
    static func read(_ text: String) -> [UInt8]? {
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        defer { scratch.deallocate() }
        let (base, count) = _StringWords.locate(_StringWords.raw(text), scratch: scratch)
        guard count >= 0 else { return nil }
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The word hash of `text` under this process's keys.
    static func hash(_ text: String) -> UInt64 {
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        defer { scratch.deallocate() }
        let (base, count) = _StringWords.locate(_StringWords.raw(text), scratch: scratch)
        return _StringHashKeysForTests.keys.withUnsafeBufferPointer { _StringWords.hash(base, count, keys: $0.baseAddress!) }
    }

    /// Whether the word comparison finds `a` and `b` equal.
    static func equal(_ a: String, _ b: String) -> Bool {
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 16)
        defer { scratch.deallocate() }
        let x = _StringWords.locate(_StringWords.raw(a), scratch: scratch)
        let y = _StringWords.locate(_StringWords.raw(b), scratch: scratch + 16)
        return _StringWords.equal(x.base, x.count, y.base, y.count)
    }

    /// `text` in every form a program commonly gives it: decoded (small up
    /// to 15 bytes), with reserved capacity (always large), repeated once,
    /// cut from a longer string, interpolated.
    static func forms(of text: String) -> [String] {
        var reserved = String()
        reserved.reserveCapacity(80)
        reserved.append(contentsOf: text)
        let longer = "<<" + text + ">>"
        return [
            String(decoding: Array(text.utf8), as: UTF8.self), reserved, String(repeating: text, count: 1),
            String(longer.dropFirst(2).dropLast(2)), "\(text)",
        ]
    }

    /// A text of `length` random lowercase letters, digits and NULs.
    static func text(length: Int, using random: inout TestRandom) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-\0".utf8)
        return String(decoding: (0..<length).map { _ in alphabet[random.below(alphabet.count)] }, as: UTF8.self)
    }

    @Test func theLayoutHoldsHereAndAWrongReaderIsRefused() {
        #expect(_stringWordsReadable)
        #expect(_StringWords.layoutHolds())
        // Words swapped, an address 16 bytes off, a count one more, the small bit dropped.
        #expect(!_StringWords.layoutHolds(raw: { let (a, b) = _StringWords.raw($0); return (b, a) }))
        #expect(!_StringWords.layoutHolds(raw: { let (a, b) = _StringWords.raw($0); return (a, b &+ 16) }))
        #expect(!_StringWords.layoutHolds(raw: { let (a, b) = _StringWords.raw($0); return (a &+ 1, b) }))
        #expect(!_StringWords.layoutHolds(raw: { let (a, b) = _StringWords.raw($0); return (a, b & ~0x2000_0000_0000_0000) }))
    }

    /// Every form of every length from 0 to 40 reads as its bytes, hashes
    /// alike and compares equal; the reserved form is large even when short,
    /// so small and large forms of the same bytes meet.
    @Test(arguments: 0...40)
    func everyFormOfOneTextIsOneId(length: Int) throws {
        var random = TestRandom(seed: 0x574F_5244 &+ UInt64(length))
        for _ in 0..<4 {
            let text = Self.text(length: length, using: &random)
            let forms = Self.forms(of: text)
            #expect(!_StringWords.form(_StringWords.raw(forms[1])).small, "length \(length): the reserved form is large")
            if length <= 15 { #expect(_StringWords.form(_StringWords.raw(forms[0])).small, "length \(length): decoded is small") }
            let expected = Array(text.utf8)
            for (index, form) in forms.enumerated() {
                #expect(Self.read(form) == expected, "length \(length), form \(index): bytes")
                #expect(Self.hash(form) == Self.hash(forms[0]), "length \(length), form \(index): hash")
                for other in forms { #expect(Self.equal(form, other), "length \(length), form \(index): equal") }
            }
            // Through the table: every form in old and new is one id.
            for hashing in [IdentityByteHashing.seeded, .constant] {
                let codes = try #require(wordTable(forms + ["other"], forms.reversed() + ["new"], hashing: hashing))
                #expect(codes.old == Array(repeating: 0, count: forms.count) + [1], "length \(length), \(hashing)")
                #expect(codes.new == Array(repeating: 0, count: forms.count) + [-1], "length \(length), \(hashing)")
            }
        }
    }

    /// Literals (small up to 15 bytes, immortal large above) against the
    /// same bytes decoded at run time.
    @Test(arguments: ["", "a", "abcdefg", "abcdefgh", "0123456789abcde", "0123456789abcdef", "0123456789abcdefg",
                      "0f8fad5b-d9cb-469f-a165-70867728950e", "a literal that is longer than forty-eight bytes, to hash the middle"])
    func literalsAreTheirDecodedCopies(literal: String) throws {
        let decoded = String(decoding: Array(literal.utf8), as: UTF8.self)
        #expect(Self.read(literal) == Array(literal.utf8))
        #expect(Self.hash(literal) == Self.hash(decoded))
        #expect(Self.equal(literal, decoded) && Self.equal(decoded, literal))
        let codes = try #require(wordTable([literal, "x"], ["y", decoded], hashing: .seeded))
        #expect(codes.new == [-1, 0])
    }

    /// Ids of every length from 0 to 60 that differ in one byte (the last,
    /// and each other position), or only by trailing NULs, which a zero-padded
    /// word cannot show: never equal, and never one code.
    @Test(arguments: 0...60)
    func idsThatDifferInOneByteOrByTrailingNULsAreDistinct(length: Int) throws {
        var random = TestRandom(seed: 0xB7E5 &+ UInt64(length))
        let text = Self.text(length: length, using: &random)
        var variants: [String] = [text + "\0", text + "\0\0"]
        var bytes = Array(text.utf8)
        for position in bytes.indices {
            let saved = bytes[position]
            for replacement: UInt8 in [0, 0x7F, saved ^ 1] where replacement != saved {
                bytes[position] = replacement
                variants.append(String(decoding: bytes, as: UTF8.self))
            }
            bytes[position] = saved
        }
        for variant in variants {
            for (a, b) in [(text, variant), (variant, text)] {
                for form in Self.forms(of: b) {
                    #expect(!Self.equal(a, form), "length \(length): \(Array(a.utf8)) vs \(Array(form.utf8))")
                }
            }
        }
        for hashing in [IdentityByteHashing.seeded, .constant] {
            // Under the constant hash every id is in one probe run: few enough to stay within its limit.
            let kept = hashing == .seeded ? variants : Array(variants.suffix(40))
            let old = [text] + kept
            let new = kept.reversed().flatMap { Self.forms(of: $0) } + Self.forms(of: text)
            let codes = wordTable(old, new, hashing: hashing)
            #expect(codes != nil && codes == generalCodes(old, new), "length \(length), \(hashing)")
        }
    }

    /// A non-ASCII id in NFC, small or large, in every form, is read in
    /// place as its own bytes and stays in the table (the byte table keeps
    /// no ASCII rule for `String` any more).
    @Test(arguments: ["\u{E9}", "caf\u{E9}", "K\u{3A9}", "a long line of text, then one non-ASCII letter: \u{E9}", "\u{1F600}",
                      "it\u{2019}s a comment line with a \u{1F600} in it"])
    func nonASCIIIdsInNFCAreReadAsTheirBytes(id: String) throws {
        #expect(Self.read(id) == Array(id.utf8))
        for form in Self.forms(of: id) { #expect(Self.read(form) == Array(id.utf8), "\(Array(form.utf8))") }
        let codes = try #require(wordTable(["a", id, "b"], ["b", id], hashing: .seeded))
        #expect(codes.old == [0, 1, 2] && codes.new == [2, 1])
        let forms = Self.forms(of: id)
        let collided = try #require(wordTable(forms, ["b"] + forms, hashing: .constant))
        #expect(collided.old == Array(repeating: 0, count: forms.count))
    }

    /// Random lists over texts of every length in every form, with repeats:
    /// the general pass's codes under the seeded hash and under one constant
    /// hash for every id (every probe meets every tag), and the public
    /// entry point's too.
    @Test(arguments: [IdentityByteHashing.seeded, .constant])
    func randomListsOfMixedFormsGiveTheGeneralCodes(hashing: IdentityByteHashing) throws {
        var random = TestRandom(seed: hashing == .seeded ? 0x5757 : 0x7575)
        let texts = (0...50).map { Self.text(length: $0, using: &random) } + ["", "\0", "a", "a\0"]
        let pool = texts.flatMap { Self.forms(of: $0) }
        for round in 0..<60 {
            let draw = round % 2 == 0 ? 12 : pool.count
            // Under the constant hash, few enough distinct ids to stay within the probe limit.
            let n = hashing == .constant ? random.below(40) : random.below(150)
            let old = (0..<n).map { _ in pool[random.below(draw)] }
            let new = (0..<random.below(150)).map { _ in pool[random.below(pool.count)] }
            let general = generalCodes(old, new)
            let codes = try #require(wordTable(old, new, hashing: hashing), "round \(round)")
            #expect(codes == general, "round \(round)")
            #expect(IdentityCodes(old: old, new: new, identity: ValueElements<String>()) == general, "round \(round)")
        }
    }
}

extension StringIdentityWordsTests {
    /// An identity whose ids are built on every call, as a computed `id`
    /// property or a key path through the runtime builds them: nothing but
    /// the call's result holds the string, so the table must keep it alive
    /// while it reads its bytes.
    struct BuiltIDs: ElementIdentity {
        var prefix: String
        func id(of element: Int) -> String { prefix + "\(element)" + "-with-a-long-suffix" }
        func hasSameContent(_ lhs: Int, _ rhs: Int) -> Bool { true }
        var contentCanDiffer: Bool { false }
    }

    /// Built ids of 38 bytes (large strings), under the constant hash: every
    /// probe compares the id with an old id built again for the comparison.
    /// Read after its release, that old id's block was reused by the next
    /// one, and three different ids got one code.
    @Test(arguments: [IdentityByteHashing.constant, .seeded])
    func idsBuiltOnEveryCallAreReadWhileAlive(hashing: IdentityByteHashing) throws {
        let identity = BuiltIDs(prefix: "row-number-")
        let old = [1, 2, 3, 2], new = [2, 4, 3, 1, 5]
        let general = IdentityCodes(
            old: old.map { PlainID(text: identity.id(of: $0)) }, new: new.map { PlainID(text: identity.id(of: $0)) },
            identity: ValueElements<PlainID>())
        let codes = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let table = _StringWordTable(old: old, identity: identity, hashing: hashing)
                defer { table.deallocate() }
                return IdentityCodes.coded(old: old, new: new, table: table)
            }
        }
        #expect(codes == general, "\(hashing)")
        #expect(general.old == [0, 1, 2, 1] && general.new == [1, -1, 2, 0, -1])
    }

    /// Built ids too large for the heap's reuse (300 KB, given back to the
    /// system when released): through the public entry point, reading one
    /// after its release crashed.
    @Test func largeIdsBuiltOnEveryCallAreReadWhileAlive() {
        let identity = BuiltIDs(prefix: String(repeating: "a", count: 300_000))
        let codes = IdentityCodes(old: [1, 2, 3], new: [3, 4, 1], identity: identity)
        #expect(codes.old == [0, 1, 2] && codes.new == [2, -1, 0])
    }
}

/// The string hash's keys, read once for the tests.
enum _StringHashKeysForTests {
    static let keys: [UInt64] = _stringHashKeys
}
