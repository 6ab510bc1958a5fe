import Foundation
import Testing

@testable import DiffEngines
import DiffBenchTestSupport

/// String, UUID and other ``IdentityBytes`` ids are coded by the byte table;
/// it must hand out exactly the codes of the general `Dictionary` pass, keep
/// `String ==` (canonical equivalence) as the only equality, and give up,
/// never loop, on ids made to collide.
@Suite struct ByteIdentityCodesTests {
    /// A string id that does not opt in, so it takes the general pass: the
    /// reference every byte-table result is checked against.
    struct PlainID: Hashable { var text: String }

    struct Item: Identifiable, Equatable { var id: String; var content: Int }
    struct UUIDItem: Identifiable, Equatable { var id: UUID; var content: Int }
    struct PlainItem: Identifiable, Equatable { var id: PlainID; var content: Int }
    struct Row: Equatable { var key: String; var title: String }

    /// A custom id opted in through the protocol (16 bytes, like a UUID).
    struct PairID: Hashable, IdentityBytes {
        var high: UInt64, low: UInt64
        func withIdentityBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
            withUnsafeBytes(of: (high, low)) { body($0) }
        }
    }

    func generalCodes(_ old: [String], _ new: [String]) -> IdentityCodes {
        IdentityCodes(old: old.map(PlainID.init), new: new.map(PlainID.init), identity: ValueElements<PlainID>())
    }

    /// The byte-table codes `String` ids get (the word table,
    /// `StringIdentityWordsTests`), checked against the general byte table
    /// they fall back to, so that every test here covers both.
    func byteTable(
        _ old: [String], _ new: [String], hashing: IdentityByteHashing, sourceLocation: SourceLocation = #_sourceLocation
    ) -> IdentityCodes? {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let dispatched = IdentityCodes.bytesCoded(old: old, new: new, identity: ValueElements<String>(), hashing: hashing)
                let general = IdentityCodes.byteTableCoded(old: old, new: new, identity: ValueElements<String>(), hashing: hashing)
                #expect(dispatched == general, "the word table and the general byte table disagree", sourceLocation: sourceLocation)
                return dispatched
            }
        }
    }

    func expectSame(_ fast: IdentityCodes, _ general: IdentityCodes, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(fast.old == general.old, "\(label): old codes", sourceLocation: sourceLocation)
        #expect(fast.new == general.new, "\(label): new codes", sourceLocation: sourceLocation)
        #expect(fast.symbolCount == general.symbolCount, "\(label): symbols", sourceLocation: sourceLocation)
        #expect(fast.firstOldDuplicate?.first == general.firstOldDuplicate?.first, "\(label): first duplicate", sourceLocation: sourceLocation)
        #expect(fast.firstOldDuplicate?.second == general.firstOldDuplicate?.second, "\(label): second duplicate", sourceLocation: sourceLocation)
    }

    /// ASCII ids that stress the byte reads: empty, one to seventeen bytes
    /// (every tail shape of the hash and the comparison), NUL bytes, ids
    /// that differ only in their last byte (at 36 bytes and at 10 KB), and
    /// a few long ones.
    static func asciiPool(using random: inout TestRandom) -> [String] {
        var pool: [String] = ["", "\0", "\0\0", "a\0", "\0a", "a", "b"]
        for length in 1...40 {
            let stem = String((0..<length).map { _ in Character(UnicodeScalar(UInt8(97 + random.below(26)))) })
            pool.append(stem)
            // The same stem with its last byte changed, and with a NUL in the middle.
            pool.append(String(stem.dropLast()) + "Z")
            pool.append(String(stem.prefix(length / 2)) + "\0" + String(stem.dropFirst(length / 2)))
        }
        let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"
        pool += [uuid, String(uuid.dropLast()) + "f", String(uuid.dropLast()) + "\0"]
        let long = String(repeating: "0123456789abcdef", count: 640)  // 10 KB
        pool += [long, String(long.dropLast()) + "g", String(long.dropFirst()) + "f", long + "0"]
        return pool
    }

    /// Random lists over the pool, with repeats (small draws) or mostly
    /// unique ids, coded by the byte table with the seeded hash and with
    /// one constant hash for every id: the general pass's codes each time.
    @Test(arguments: [IdentityByteHashing.seeded, .constant])
    func byteTableGivesTheGeneralCodes(hashing: IdentityByteHashing) {
        var random = TestRandom(seed: hashing == .seeded ? 26 : 2_600)
        let pool = Self.asciiPool(using: &random)
        var tableRounds = 0
        for round in 0..<300 {
            let draw = [3, 12, pool.count][round % 3]
            let n = random.below(120), m = random.below(120)
            let old = (0..<n).map { _ in pool[random.below(draw)] }
            let new = (0..<m).map { _ in pool[random.below(draw)] }
            let general = generalCodes(old, new)
            // The public entry point, whatever pass it takes.
            expectSame(IdentityCodes(old: old, new: new, identity: ValueElements<String>()), general, "round \(round)")
            // A constant hash puts every id in one probe run: past the
            // limit the table must give up rather than probe on.
            if let codes = byteTable(old, new, hashing: hashing) {
                expectSame(codes, general, "\(hashing) table, round \(round)")
                tableRounds += 1
            } else {
                #expect(hashing == .constant && general.symbolCount >= IdentityCodes.byteProbeLimit / 2,
                        "round \(round): the table gave up on \(general.symbolCount) ASCII ids")
            }
        }
        #expect(tableRounds > 200, "the table coded \(tableRounds) of 300 rounds")
    }

    /// The byte comparison against `==` on byte arrays: every length from 0
    /// to 40 (each count of word steps, the overlapping last word
    /// and the short paths), equal runs at different addresses, and each
    /// single byte changed at every position, and a length that differs.
    @Test(arguments: 0...40)
    func byteComparisonFindsEveryDifferentByte(length: Int) {
        var random = TestRandom(seed: UInt64(length) &+ 0xB17E)
        let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.below(256)) }
        let copy = Array(bytes)
        func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            a.withUnsafeBytes { a in b.withUnsafeBytes { b in _bytesEqual(a, b) } }
        }
        #expect(equal(bytes, copy), "length \(length): equal runs")
        for position in 0..<length {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var changed = copy
                changed[position] ^= flip
                #expect(!equal(bytes, changed), "length \(length): byte \(position) ^ \(flip)")
                #expect(!equal(changed, bytes), "length \(length): byte \(position) ^ \(flip), other side")
            }
        }
        #expect(!equal(bytes, copy + [0]), "length \(length) against one more byte")
        if length > 0 { #expect(!equal(bytes, Array(copy.dropLast())), "length \(length) against one less") }
    }

    /// One id repeated: one code, the first duplicate at positions 0 and 1.
    @Test(arguments: ["", "\0", "x", "0f8fad5b-d9cb-469f-a165-70867728950e", String(repeating: "z", count: 10_240)])
    func theSameIdRepeatedIsOneSymbol(id: String) throws {
        for hashing in [IdentityByteHashing.seeded, .constant] {
            let codes = try #require(byteTable(Array(repeating: id, count: 50), [id, id + "!", id], hashing: hashing))
            #expect(codes.old == Array(repeating: 0, count: 50))
            #expect(codes.new == [0, -1, 0])
            #expect(codes.symbolCount == 1)
            #expect(codes.firstOldDuplicate?.first == 0 && codes.firstOldDuplicate?.second == 1)
        }
    }

    /// Canonically equivalent strings are one id, as `==` says, even though
    /// their bytes differ: the word table keys a non-ASCII id by its NFC
    /// bytes (`NonASCIIStringIdsTests`), while the general byte table still
    /// leaves such a pass to `Dictionary`; both give `==`'s codes.
    @Test(arguments: [
        ("caf\u{E9}", "cafe\u{301}"),  // precomposed é, e + combining acute
        ("K", "\u{212A}"),  // the Kelvin sign is canonically "K"
        ("\u{212B}", "\u{C5}"),  // the Ångström sign and Å
        ("\u{1E69}", "s\u{323}\u{307}"),  // ṩ, and s with its marks in the other order
        ("\u{1E69}", "s\u{307}\u{323}"),
    ])
    func canonicallyEquivalentIdsMatchAsOneId(pair: (String, String)) throws {
        let (a, b) = pair
        #expect(a == b)
        let old = ["first", a, "last"], new = ["last", b, "first", "new"]
        for (o, n) in [(old, new), (new, old)] {
            expectSame(IdentityCodes(old: o, new: n, identity: ValueElements<String>()), generalCodes(o, n), "\(o) → \(n)")
            for hashing in [IdentityByteHashing.seeded, .constant] {
                o.withUnsafeBufferPointer { ob in
                    n.withUnsafeBufferPointer { nb in
                        let words = IdentityCodes.bytesCoded(old: ob, new: nb, identity: ValueElements<String>(), hashing: hashing)
                        let general = IdentityCodes.byteTableCoded(old: ob, new: nb, identity: ValueElements<String>(), hashing: hashing)
                        #expect(general == nil, "the general byte table leaves a non-ASCII id to Dictionary")
                        if let words { expectSame(words, generalCodes(o, n), "\(o) → \(n), word table") }
                        else { Issue.record("the word table must code a non-ASCII id by its NFC bytes: \(o) → \(n)") }
                    }
                }
            }
        }
        let codes = IdentityCodes(old: old, new: new, identity: ValueElements<String>())
        #expect(codes.new == [2, 1, 0, -1])
        // Through the engines: the pair is a move, never a delete and an insert.
        for engine in EngineName.builtIns {
            let changeset = try BuiltInEngine(engine).diff(from: old.map { Item(id: $0, content: 0) }, to: new.map { Item(id: $0, content: 0) })
            #expect(changeset.deletes.isEmpty, "\(engine)")
            #expect(changeset.inserts == [3], "\(engine)")
        }
    }

    /// A pool of ids with every kind of trouble, non-ASCII included.
    static func mixedPool(using random: inout TestRandom) -> [String] {
        asciiPool(using: &random) + ["caf\u{E9}", "cafe\u{301}", "K", "\u{212A}", "\u{1F600}", "\u{1F600}\0", "日本語"]
    }

    /// Every engine, on string ids coded by the byte table (or its fallback),
    /// gives exactly the changeset of the same lists through the general
    /// pass: same steps, and applying it gives the new list. Through
    /// `Identifiable`, a key path and plain values.
    @Test(arguments: EngineName.builtIns)
    func everyEngineAgreesWithTheStandardPath(engine: EngineName) throws {
        var random = TestRandom(seed: 0x5354_5249 + UInt64(engine.rawValue.count))
        let builtIn = try BuiltInEngine(engine)
        for round in 0..<150 {
            let pool = round % 2 == 0 ? Self.asciiPool(using: &random) : Self.mixedPool(using: &random)
            let draw = round % 3 == 0 ? 4 : pool.count
            var old = (0..<random.below(60)).map { _ in pool[random.below(draw)] }
            var new = (0..<random.below(60)).map { _ in pool[random.below(draw)] }
            if engine == .set {
                // Canonically equal strings are one id: keep the first.
                old = old.reduce(into: []) { kept, id in if !kept.contains(id) { kept.append(id) } }
                new = new.reduce(into: []) { kept, id in if !kept.contains(id) { kept.append(id) } }
            }
            let oldItems = old.enumerated().map { Item(id: $1, content: $0 % 3) }
            let newItems = new.enumerated().map { Item(id: $1, content: $0 % 2) }
            let plainOld = oldItems.map { PlainItem(id: PlainID(text: $0.id), content: $0.content) }
            let plainNew = newItems.map { PlainItem(id: PlainID(text: $0.id), content: $0.content) }
            let expected = try builtIn.diff(from: plainOld, to: plainNew)

            let identified = try builtIn.diff(from: oldItems, to: newItems)
            #expect(identified == expected, "\(engine) round \(round): \(old) → \(new)")
            #expect(identified.stepCount == expected.stepCount)
            #expect(try identified.apply(to: oldItems, using: newItems) == newItems)

            let rows = (old.map { Row(key: $0, title: "t") }, new.map { Row(key: $0, title: "t") })
            let byKey = try builtIn.diff(from: rows.0, to: rows.1, id: \.key)
            #expect(byKey.stepCount == expected.stepCount - expected.updates.count, "\(engine) key path, round \(round)")
            #expect(try byKey.apply(to: rows.0, using: rows.1) == rows.1)

            let values = try builtIn.diff(fromValues: old, toValues: new)
            let plainValues = try builtIn.diff(fromValues: old.map(PlainID.init), toValues: new.map(PlainID.init))
            #expect(values == plainValues, "\(engine) values, round \(round)")
            #expect(try values.apply(to: old, using: new) == new)
        }
    }

    /// `Identifiable` elements with `String` or `UUID` ids, key-path
    /// identities and an opted-in custom id all reach the byte table; an id
    /// that does not opt in does not.
    @Test func stringUUIDKeyPathAndOptedInIdsReachTheByteTable() {
        func reaches<I: ElementIdentity>(_ old: [I.Element], _ new: [I.Element], _ identity: I) -> Bool {
            old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in IdentityCodes.bytesCoded(old: old, new: new, identity: identity) != nil }
            }
        }
        let uuids = (0..<100).map { _ in UUID() }
        let texts = uuids.map(\.uuidString)
        #expect(reaches(texts.map { Item(id: $0, content: 0) }, texts.reversed().map { Item(id: $0, content: 0) }, IdentifiedElements<Item>()))
        #expect(reaches(uuids.map { UUIDItem(id: $0, content: 0) }, uuids.map { UUIDItem(id: $0, content: 1) }, IdentifiedElements<UUIDItem>()))
        #expect(reaches(texts.map { Row(key: $0, title: "") }, texts.map { Row(key: $0, title: "") }, KeyPathElements(\Row.key)))
        #expect(reaches(texts, texts, ValueElements<String>()))
        let pairs = (0..<100).map { PairID(high: UInt64($0 % 7), low: UInt64($0)) }
        #expect(reaches(pairs, pairs.reversed(), ValueElements<PairID>()))
        let plain = texts.map(PlainID.init)
        #expect(!reaches(plain, plain, ValueElements<PlainID>()))
    }

    /// UUID values and the opted-in custom id get the general codes
    /// (repeats and ids absent from the old list included).
    @Test func uuidAndCustomIdsGiveTheGeneralCodes() {
        var random = TestRandom(seed: 16)
        let uuids = (0..<40).map { _ in UUID() }
        for round in 0..<100 {
            let old = (0..<random.below(80)).map { _ in uuids[random.below(round % 2 == 0 ? 5 : 30)] }
            let new = (0..<random.below(80)).map { _ in uuids[random.below(40)] }
            let general = generalCodes(old.map(\.uuidString), new.map(\.uuidString))
            expectSame(IdentityCodes(old: old, new: new, identity: ValueElements<UUID>()), general, "UUID round \(round)")
            let pair = { (u: UUID) in PairID(high: UInt64(u.uuid.0), low: UInt64(u.uuid.15) << 8 | UInt64(u.uuid.1)) }
            let pairGeneral = generalCodes(old.map { "\(pair($0))" }, new.map { "\(pair($0))" })
            expectSame(IdentityCodes(old: old.map(pair), new: new.map(pair), identity: ValueElements<PairID>()), pairGeneral, "PairID round \(round)")
        }
    }

    /// Ids that all collide (the constant hash) on a list longer than the
    /// probe limit: the table gives up, and the entry point's codes are
    /// still the general pass's. The seeded hash codes 20,000 UUID strings.
    @Test func collidingIdsFallBackToTheDictionary() throws {
        let ids = (0..<1_000).map { "id-\($0)" }
        #expect(byteTable(ids, ids.reversed(), hashing: .constant) == nil)
        expectSame(IdentityCodes(old: ids, new: Array(ids.reversed()), identity: ValueElements<String>()), generalCodes(ids, ids.reversed()), "fallback")
        let uuids = (0..<20_000).map { _ in UUID().uuidString }
        let codes = try #require(byteTable(uuids, uuids.reversed(), hashing: .seeded))
        #expect(codes.old == (0..<20_000).map(Int32.init))
        #expect(codes.new == (0..<20_000).reversed().map(Int32.init))
    }

    /// A copy of `text` in storage of its own (never the same object, even
    /// for a long string).
    static func separateCopy(_ text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
    }

    /// One run read in place twice (the same address) is equal without a
    /// word compared, but only at the same length: a prefix of a run at the
    /// same address is not equal to it.
    @Test(arguments: [0, 1, 3, 7, 8, 36, 100])
    func byteComparisonAtOneAddress(length: Int) {
        let bytes = (0..<length + 1).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        bytes.withUnsafeBytes { all in
            let run = UnsafeRawBufferPointer(rebasing: all[0..<length])
            #expect(_bytesEqual(run, run), "length \(length) against itself")
            #expect(!_bytesEqual(run, all), "length \(length) against the same address one byte longer")
            #expect(!_bytesEqual(all, run), "length \(length) + 1 against its prefix at the same address")
        }
    }

    /// Lists whose ids share storage (one string object repeated, and the
    /// same objects in old and new, as lines of one text read once) mixed
    /// with equal copies in storage of their own: the general codes, under
    /// the constant hash too, where every probe meets every id's tag.
    @Test(arguments: [IdentityByteHashing.seeded, .constant])
    func sharedAndSeparateStorageGiveTheGeneralCodes(hashing: IdentityByteHashing) throws {
        var random = TestRandom(seed: hashing == .seeded ? 2_626 : 262)
        let stems = (0..<20).map { k in k % 4 == 0 ? "}" : "        let value\(k) = items[index] // a line long enough for the heap" }
        for round in 0..<100 {
            func draw() -> String {
                let stem = stems[random.below(stems.count)]
                return random.below(3) == 0 ? Self.separateCopy(stem) : stem
            }
            let old = (0..<random.below(40)).map { _ in draw() }
            let new = (0..<random.below(40)).map { _ in draw() }
            let codes = try #require(byteTable(old, new, hashing: hashing), "round \(round)")
            expectSame(codes, generalCodes(old, new), "\(hashing), round \(round)")
        }
    }
}
