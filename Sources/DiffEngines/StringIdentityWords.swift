/// How the byte table reads a `String` id: from the string's two words,
/// with no branch on its form, and none on its length up to 32 bytes.
///
/// Why: on lines of text (lengths from 0 to 60, a third of them inline
/// "small" strings) the byte table's pass through
/// `utf8.withContiguousStorageIfAvailable` and a length-dispatched hash
/// mispredicted about one branch in three per id pass (small or large,
/// empty, the length class, the hash loop's exit, the comparison loop's
/// exit). Here an id becomes a start address and a count by arithmetic on
/// its two words (small or large chosen by conditional moves); its bytes
/// are hashed as 16-byte blocks, the first and the last (moved back to the
/// first under 16 bytes), which cover any id of up to 32 bytes, plus the
/// block at 16 for longer ids, and compared the same way.
///
/// What it bought, measured with `heckel` on `uuid` ids. Under callgrind's
/// branch simulation, on `text@10000`: 27.9 k mispredicted branches instead
/// of 44.5 k, 4.29 M instructions instead of 3.83 M; on `shuffled@10000`
/// (36-byte UUID strings, whose branches were already predicted) 5.71 M
/// instead of 5.68 M. In time (÷ floor, three alternated runs): `text@10000`
/// 0.39 → 0.37, `shuffled@10000` 0.37 → 0.34, `text@1000` unchanged
/// (0.28–0.29). Hashing all three blocks of every id, so that no branch
/// was left up to 48 bytes, mispredicted 18.9 k but cost 4.64 M
/// instructions, and on `text@1000` 0.32 instead of 0.28.
///
/// The layout it reads (64-bit, little-endian; `_StringObject` in the
/// standard library): the first word is the count and flags of a large
/// string (count in the low 48 bits, bit 60 "tail-allocated": the bytes
/// start 32 bytes past the storage address), or bytes 0–7 of a small one;
/// the second is the discriminator nibble (bit 61 "small", bits 60 and 62
/// "foreign" and "bridged") over the storage address, or bytes 8–14 of a
/// small string with its count in bits 56–59. A small string's unused bytes
/// are zero: `String ==` compares two small ASCII strings by these words.
///
/// That layout is not public API. It is checked once per process against
/// the public one (``_stringWordsReadable``): a few small, large, literal,
/// reserved-capacity and substring-made strings must give, read this way,
/// the bytes `utf8.withContiguousStorageIfAvailable` gives. If any does
/// not, every `String` id takes the general byte path (``IdentityBytes``).
/// A string that is neither small nor tail-allocated (lazily bridged,
/// shared) sends its pass back to that path too.
@usableFromInline
enum _StringWords {
    /// A string's two words, read without a retain.
    @inlinable @inline(__always)
    static func raw(_ string: String) -> (UInt64, UInt64) {
        unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    /// The form a string's words say it has, by arithmetic alone (nothing
    /// is read through the address): `address` and `count` of its bytes
    /// when it is large and tail-allocated; for a small string the address
    /// is 0 and `small` is true. `readable` is false for any other form.
    @inlinable @inline(__always)
    static func form(_ words: (UInt64, UInt64)) -> (small: Bool, readable: Bool, address: UInt, count: Int) {
        let (w0, w1) = words
        let small = w1 & 0x2000_0000_0000_0000 != 0
        if small { return (true, true, 0, Int(truncatingIfNeeded: (w1 &>> 56) & 0xF)) }
        let readable = w1 & 0x7000_0000_0000_0000 == 0 && w0 & 0x1000_0000_0000_0000 != 0
        return (false, readable, UInt(truncatingIfNeeded: (w1 & 0x0FFF_FFFF_FFFF_FFFF) &+ 32),
                Int(truncatingIfNeeded: w0 & 0x0000_FFFF_FFFF_FFFF))
    }

    /// The start and count of a string's bytes, readable 16 bytes past the
    /// start even when it is shorter (zero-padded); or a negative count
    /// when its bytes cannot stand for it (``needsNormalizing``: not proved
    /// NFC) or it cannot be read in place (``unreadable``). A small string's words are stored to
    /// `scratch` (16 bytes) and read from there; so is a copy of a large
    /// string of under 16 bytes (one made with `reserveCapacity`, say).
    /// The choice between the two is made by conditional moves, not a
    /// branch: texts mix short and long lines, so such a branch is
    /// mispredicted.
    ///
    /// Whether a string is ASCII is read from its flags (a small string's
    /// w1 bit 62, a large one's w0 bit 63), which the standard library sets
    /// only for strings it knows to be ASCII; a string without the flag is
    /// checked out of line, so a flag left unset costs time, never a wrong
    /// answer. A non-ASCII string is read in place like an ASCII one when
    /// the NFC quick check (``_NFCQuickCheck``) proves it NFC: canonically
    /// equivalent strings have equal NFC, so its bytes are its key.
    ///
    /// - Complexity: O(1) (O(count) out of line for a string not flagged
    ///   ASCII).
    @inlinable @inline(__always)
    static func locate(_ words: (UInt64, UInt64), scratch: UnsafeMutableRawPointer) -> (base: UnsafeRawPointer, count: Int) {
        let (w0, w1) = words
        scratch.storeBytes(of: w0, as: UInt64.self)
        scratch.storeBytes(of: w1 & 0x00FF_FFFF_FFFF_FFFF, toByteOffset: 8, as: UInt64.self)
        let small = w1 & 0x2000_0000_0000_0000 != 0
        let largeCount = w0 & 0x0000_FFFF_FFFF_FFFF
        let count = small ? (w1 &>> 56) & 0xF : largeCount
        let address = small ? UInt64(UInt(bitPattern: scratch)) : (w1 & 0x0FFF_FFFF_FFFF_FFFF) &+ 32
        // Read in place: a small ASCII string (w1 bits 62–60 110), or a
        // large ASCII one (w0 bit 63), neither bridged, small nor foreign
        // (w1 bits 62–60 000), tail-allocated (w0 bit 60) and 16 bytes long
        // at least. The six bits index a mask of the allowed cases: a test
        // of `small` first would compile to a branch, mispredicted on texts.
        let index = (w1 &>> 60) & 7 | (w0 &>> 57) & 8 | (largeCount < 16 ? 0 : 16) | (w0 &>> 58) & 32
        if _slowPath((0x4140_4040_4040_4040 as UInt64) &>> index & 1 == 0) {
            return locateSlowly(words, scratch: scratch)
        }
        return (UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: address)).unsafelyUnwrapped,
                Int(truncatingIfNeeded: count))
    }

    /// The count ``locate(_:scratch:)`` gives a string whose bytes are not
    /// proved NFC: its key is its NFC (``_NormalizedStringKeys``).
    @inlinable static var needsNormalizing: Int { -1 }
    /// The count ``locate(_:scratch:)`` gives a string it cannot read in place.
    @inlinable static var unreadable: Int { -2 }

    /// ``locate(_:scratch:)`` for the rarer strings: not flagged ASCII (their
    /// bytes are checked, and a non-ASCII string must pass the NFC quick
    /// check), or large with under 16 bytes (copied to `scratch` and
    /// zero-padded), or not read in place at all. `scratch` already holds a
    /// small string's words.
    @usableFromInline @inline(never)
    static func locateSlowly(_ words: (UInt64, UInt64), scratch: UnsafeMutableRawPointer) -> (base: UnsafeRawPointer, count: Int) {
        let form = form(words)
        guard form.readable else { return (UnsafeRawPointer(scratch), unreadable) }
        if form.small {
            let bytes = scratch.load(as: UInt64.self) | scratch.load(fromByteOffset: 8, as: UInt64.self)
            let isKey = bytes & 0x8080_8080_8080_8080 == 0 || _NFCQuickCheck.passes(UnsafeRawPointer(scratch), form.count)
            return (UnsafeRawPointer(scratch), isKey ? form.count : needsNormalizing)
        }
        guard let source = UnsafeRawPointer(bitPattern: form.address) else { return (UnsafeRawPointer(scratch), unreadable) }
        let bytes = UnsafeRawBufferPointer(start: source, count: form.count)
        if bytes.contains(where: { $0 >= 0x80 }) && !_NFCQuickCheck.passes(source, form.count) {
            return (UnsafeRawPointer(scratch), needsNormalizing)
        }
        if form.count >= 16 { return (source, form.count) }
        scratch.storeBytes(of: 0, as: UInt64.self)
        scratch.storeBytes(of: 0, toByteOffset: 8, as: UInt64.self)
        scratch.copyMemory(from: source, byteCount: form.count)
        return (UnsafeRawPointer(scratch), form.count)
    }

    /// One little-endian word at `offset`.
    @inlinable @inline(__always)
    static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Where the last 16-byte block of `count` bytes starts: at
    /// `count − 16`, or 0 under 16 bytes (every block is then the first,
    /// zero-padded). Blocks of equal counts start at equal offsets, so two
    /// ids are equal when their counts and blocks are.
    @inlinable @inline(__always)
    static func lastBlock(_ count: Int) -> Int { max(count &- 16, 0) }

    /// A seeded multiply-mix hash of the `count` bytes at `base` (readable
    /// 16 bytes past it): the first and last blocks, two 64×64→128-bit
    /// multiplies and no branch up to 32 bytes; the block at 16 for longer
    /// ids (one branch, predicted on lists of UUIDs, which are all 36
    /// bytes); the blocks between it and the last, over 48 bytes, out of
    /// line. The hash depends on the bytes alone, never on the form of the
    /// string holding them.
    ///
    /// - Complexity: O(count): about 20 instructions up to 32 bytes.
    @inlinable @inline(__always)
    static func hash(_ base: UnsafeRawPointer, _ count: Int, keys: UnsafePointer<UInt64>) -> UInt64 {
        hash(base, count, lastBlock(count), keys: keys)
    }

    /// ``hash(_:_:keys:)`` with the last block's offset already found.
    @inlinable @inline(__always)
    static func hash(_ base: UnsafeRawPointer, _ count: Int, _ last: Int, keys: UnsafePointer<UInt64>) -> UInt64 {
        let a0 = word(base, 0), a1 = word(base, 8)
        let c0 = word(base, last), c1 = word(base, last &+ 8)
        var h = _foldedProduct(a0 ^ keys[0], a1 ^ keys[1])
        if count > 32 {
            h ^= _foldedProduct(word(base, 16) ^ keys[2], word(base, 24) ^ keys[3])
            if _slowPath(count > 48) { h = hashMiddle(base, count, h, keys: keys) }
        }
        return _foldedProduct(c0 ^ keys[4] ^ h, c1 ^ keys[5] ^ UInt64(truncatingIfNeeded: count))
    }

    /// The blocks between the one at 16 and the last of an id over 48 bytes,
    /// folded into `h`. Out of line: inlined, its loop set-up was hoisted
    /// in front of every id.
    @usableFromInline @inline(never)
    static func hashMiddle(_ base: UnsafeRawPointer, _ count: Int, _ h: UInt64, keys: UnsafePointer<UInt64>) -> UInt64 {
        var h = h, offset = 32
        repeat {
            h = _foldedProduct(word(base, offset) ^ keys[2], word(base, offset &+ 8) ^ h)
            offset &+= 16
        } while offset < count &- 16
        return h
    }

    /// Whether the `count` bytes at `p` equal the `otherCount` bytes at `q`
    /// (both readable 16 bytes past their start): counts first (on a
    /// matching hash tag they almost always agree), then the blocks the
    /// hash reads, their words' differences OR-ed, with no early exit (no
    /// branch up to 32 bytes); the blocks between, over 48 bytes, out of
    /// line.
    ///
    /// - Complexity: O(count): about 15 instructions up to 32 bytes.
    @inlinable @inline(__always)
    static func equal(_ p: UnsafeRawPointer, _ count: Int, _ q: UnsafeRawPointer, _ otherCount: Int) -> Bool {
        equal(p, count, lastBlock(count), q, otherCount)
    }

    /// ``equal(_:_:_:_:)`` with the last block's offset already found.
    @inlinable @inline(__always)
    static func equal(_ p: UnsafeRawPointer, _ count: Int, _ last: Int, _ q: UnsafeRawPointer, _ otherCount: Int) -> Bool {
        guard count == otherCount else { return false }
        var difference = (word(p, 0) ^ word(q, 0)) | (word(p, 8) ^ word(q, 8))
        difference |= (word(p, last) ^ word(q, last)) | (word(p, last &+ 8) ^ word(q, last &+ 8))
        if count > 32 {
            difference |= (word(p, 16) ^ word(q, 16)) | (word(p, 24) ^ word(q, 24))
            if _slowPath(count > 48) { difference |= middleDifference(p, q, count) }
        }
        return difference == 0
    }

    /// The OR of the differences of the blocks between the one at 16 and
    /// the last (ids over 48 bytes).
    @usableFromInline @inline(never)
    static func middleDifference(_ p: UnsafeRawPointer, _ q: UnsafeRawPointer, _ count: Int) -> UInt64 {
        var difference: UInt64 = 0, offset = 32
        repeat {
            difference |= (word(p, offset) ^ word(q, offset)) | (word(p, offset &+ 8) ^ word(q, offset &+ 8))
            offset &+= 16
        } while offset < count &- 16
        return difference
    }

    /// Whether reading strings by their words gives, for every string of a
    /// small set built every common way, the bytes the public API gives.
    /// `raw` reads a string's two words (tests pass a wrong one to see it
    /// refused). Nothing is read through an address before the address has
    /// been checked against `utf8.withContiguousStorageIfAvailable`'s.
    ///
    /// - Complexity: O(1): a dozen short strings, once per process.
    @usableFromInline
    static func layoutHolds(raw: (String) -> (UInt64, UInt64) = raw) -> Bool {
        #if _endian(little) && _pointerBitWidth(_64)
        guard MemoryLayout<String>.size == 16 else { return false }
        var samples: [String] = [
            "", "a", "abcdefg", "abcdefgh", "0123456789abcde", "0123456789abcdef",
            "0f8fad5b-d9cb-469f-a165-70867728950e", "caf\u{E9}", "\u{1F600} and then a longer tail",
        ]
        samples.append(String(repeating: "ab", count: 3))
        samples.append(String(repeating: "ab", count: 30))
        samples.append(String(decoding: Array("a native string of some length".utf8), as: UTF8.self))
        samples.append(String("the substring is in here, somewhere"[...].dropFirst(4).prefix(9)))
        samples.append(String("the substring is in here, somewhere"[...].dropFirst(4).prefix(29)))
        var reserved = String()
        reserved.reserveCapacity(64)
        reserved.append("short")
        samples.append(reserved)
        var trimmed = "fifteen bytes!!"
        trimmed.removeLast(6)
        samples.append(trimmed)
        var sawSmall = false, sawLarge = false
        // First the words alone: counts, and large strings' addresses.
        for sample in samples {
            let words = raw(sample)
            let form = form(words)
            let expected: (address: UInt, bytes: [UInt8])? = sample.utf8.withContiguousStorageIfAvailable {
                (UInt(bitPattern: $0.baseAddress), Array($0))
            }
            guard let expected, form.readable, form.count == expected.bytes.count else { return false }
            if form.small {
                guard form.count <= 15 else { return false }
                var padded = expected.bytes + [UInt8](repeating: 0, count: 16 - form.count)
                padded[15] = 0
                let low = padded[0..<8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                let high = padded[8..<16].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                guard words.0 == low, words.1 & 0x00FF_FFFF_FFFF_FFFF == high else { return false }
                sawSmall = true
            } else {
                guard form.address == expected.address else { return false }
                sawLarge = true
            }
        }
        guard sawSmall, sawLarge else { return false }
        // Then the reads themselves, zero padding included.
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
        defer { scratch.deallocate() }
        for sample in samples {
            let expected = Array(sample.utf8)
            // Non-ASCII strings are read by the same arithmetic, after the
            // NFC check, whose table is not decoded for this.
            if expected.contains(where: { $0 >= 0x80 }) { continue }
            let (base, count) = locate(raw(sample), scratch: scratch)
            let read = UnsafeRawBufferPointer(start: base, count: max(count, 16))
            guard count == expected.count, Array(read.prefix(count)) == expected,
                  read.dropFirst(count).allSatisfy({ $0 == 0 }) || count >= 16 else { return false }
        }
        return true
        #else
        return false
        #endif
    }
}

/// The six per-process keys of the string hash, one per word of its
/// first, middle and last blocks, derived from the byte table's seed.
@usableFromInline
let _stringHashKeys: [UInt64] = (0..<6).map { i in
    _foldedProduct(_byteCodeSeed ^ (UInt64(i) &+ 1) &* 0x9E37_79B9_7F4A_7C15, 0xA076_1D64_78BD_642F ^ UInt64(i))
}

/// True when this process's `String` layout is the one ``_StringWords``
/// reads (checked once, on first use).
@usableFromInline
let _stringWordsReadable: Bool = _StringWords.layoutHolds()

/// The byte table of one coding pass over `String` ids read by their words
/// (``_StringWords``): ``_ByteSlots`` (hash tag + old index),
/// with the hash and the comparison above. A probe that meets a matching
/// tag reads the old id again from the old list, keeps it alive while its
/// bytes are read, and locates them with every check made again.
///
/// Non-ASCII ids stay in the table: one the NFC quick check proves NFC is
/// read in place like an ASCII id, and any other is keyed by its NFC
/// bytes (``_NormalizedStringKeys``, made on first need), so canonically
/// equivalent ids meet whatever their bytes. It gives up, as ``_ByteTable``
/// does, past the probe limit, and on a string it cannot read in place,
/// which it notes in ``unreadable`` so that the caller retries the pass on
/// the general byte path rather than on `Dictionary`.
///
/// (A 32-byte entry per old id holding its start and count, so that a
/// probe read no words: 40 fewer instructions per matching id, but
/// `heckel` on `shuffled@10000` UUID strings went from 0.36 to 0.41–0.45×
/// the floor: 320 KB more to keep in cache.)
///
/// - Complexity: O(1) expected per id, O(length of the id) for its hash and
///   for the comparison on a matching tag; memory 8 bytes per slot.
@usableFromInline
struct _StringWordTable<I: ElementIdentity>: _ByteCodingTable where I.ID == String {
    @usableFromInline let slots: _ByteSlots
    @usableFromInline let old: UnsafeBufferPointer<I.Element>
    @usableFromInline let identity: I
    @usableFromInline let hashing: IdentityByteHashing
    /// 16 bytes for the copy of the id being coded, 16 for the old id it is
    /// compared with, 8 for the unreadable flag, the six hash keys, the
    /// ``_NormalizedStringKeys`` of the pass, retained (0 until needed),
    /// then 8 for ``bytesOnly``.
    @usableFromInline let scratch: UnsafeMutableRawPointer
    @usableFromInline let keys: UnsafePointer<UInt64>

    /// `bytesOnly`: lines (``LineBytes``), whose key is their bytes, never
    /// their NFC (see ``bytesOnly``).
    @inlinable
    init(old: UnsafeBufferPointer<I.Element>, identity: I, hashing: IdentityByteHashing, bytesOnly: Bool = false) {
        slots = _ByteSlots(oldCount: old.count)
        self.old = old
        self.identity = identity
        self.hashing = hashing
        scratch = .allocate(byteCount: 104, alignment: 16)
        scratch.initializeMemory(as: UInt64.self, repeating: 0, count: 5)
        let keys = (scratch + 40).bindMemory(to: UInt64.self, capacity: 6)
        keys.initialize(from: _stringHashKeys, count: 6)
        self.keys = UnsafePointer(keys)
        scratch.storeBytes(of: 0, toByteOffset: 88, as: UInt.self)
        scratch.storeBytes(of: bytesOnly ? 1 : 0, toByteOffset: 96, as: UInt64.self)
    }

    /// True for lines (``LineBytes``): an id not proved NFC, which the
    /// table would key by its NFC, then gives the pass up as an unreadable
    /// one does. Read on that cold path only, and kept in `scratch`, not
    /// in a stored property: a seventh field in the table, which the coding
    /// loops keep in registers, spilled them and cost every `String` id
    /// (uuid, record and line ids alike: one specialization served them)
    /// about 2 instructions, +0.4–0.8 % on `text` and `duplicates` under
    /// callgrind in a release build. O(1).
    @inlinable var bytesOnly: Bool { scratch.load(fromByteOffset: 96, as: UInt64.self) != 0 }

    @inlinable func deallocate() {
        slots.deallocate()
        _NormalizedStringKeys.release(in: scratch + 88)
        scratch.deallocate()
    }

    /// True when the pass gave up on a string it could not read in place
    /// (or, under ``bytesOnly``, on one not proved NFC).
    @inlinable var unreadable: Bool { scratch.load(fromByteOffset: 32, as: UInt64.self) != 0 }

    @inlinable @inline(__always)
    func hash(_ base: UnsafeRawPointer, _ count: Int, _ last: Int) -> UInt64 {
        switch hashing {
        case .seeded: return _StringWords.hash(base, count, last, keys: keys)
        case .constant: return 0x5EED_0000_0000_0000
        }
    }

    /// The id's key: its bytes (a small string's copied to `copy`), or its
    /// NFC bytes when they may differ (kept by `index` for an old id; pass
    /// -1 for a new one); nil when it cannot be read in place (noted in
    /// ``unreadable``).
    @inlinable @inline(__always)
    func locate(_ id: String, copy: UnsafeMutableRawPointer, old index: Int) -> (base: UnsafeRawPointer, count: Int)? {
        let located = _StringWords.locate(_StringWords.raw(id), scratch: copy)
        if _slowPath(located.count < 0) {
            if located.count == _StringWords.unreadable || bytesOnly {
                scratch.storeBytes(of: 1, toByteOffset: 32, as: UInt64.self)
                return nil
            }
            return _NormalizedStringKeys.key(of: id, old: index, in: scratch + 88)
        }
        return located
    }

    /// Probes for the `count` bytes at `base` with `hash`
    /// (``_ByteSlots/probe(_:isID:)``), comparing the bytes of an old id
    /// whose tag agrees.
    @inlinable @inline(__always)
    func probe(_ base: UnsafeRawPointer, _ count: Int, _ last: Int, _ hash: UInt64) -> Int {
        slots.probe(hash) { first in
            // The old id stays alive while its bytes are read: `id(of:)`
            // may build the string (a computed id), and then nothing
            // else holds its storage. It is located with every check
            // made again: such an id may come back in another form than
            // the one that entered the table (skipping the checks saved
            // about 6 instructions per matching id; found in review).
            let oldID = identity.id(of: old[first])
            return withExtendedLifetime(oldID) {
                guard let other = locate(oldID, copy: scratch + 16, old: first) else { return false }
                return _StringWords.equal(base, count, last, other.base, other.count)
            }
        }
    }

    /// The id is kept alive (`withExtendedLifetime`) for as long as its
    /// bytes are read, here and in ``probe(_:_:_:_:)``: an id that `id(of:)`
    /// computes is a new string that nothing else holds, and a bare read of
    /// its words would outlive it (a use after free, found in review: a
    /// 300 KB computed id crashed, and under the constant hash a 38-byte one
    /// was matched against its own freed block). Stored ids, the common
    /// case, are held by the list anyway.
    @inlinable @inline(__always)
    func insert(old i: Int, codes: UnsafeMutablePointer<Int32>, next: Int32) -> Int32 {
        let id = identity.id(of: old[i])
        return withExtendedLifetime(id) {
            guard let (base, count) = locate(id, copy: scratch, old: i) else { return Int32.min }
            let last = _StringWords.lastBlock(count)
            let hash = hash(base, count, last)
            let found = probe(base, count, last, hash)
            if found >= 0 { return ~codes[found] }
            if found == Int.min { return Int32.min }
            slots.enter(hash, old: i, at: ~found)
            return next
        }
    }

    @inlinable @inline(__always)
    func find(new element: I.Element) -> Int {
        let id = identity.id(of: element)
        return withExtendedLifetime(id) {
            guard let (base, count) = locate(id, copy: scratch, old: -1) else { return Int.min }
            let last = _StringWords.lastBlock(count)
            let hash = hash(base, count, last)
            let found = probe(base, count, last, hash)
            return found >= 0 || found == Int.min ? found : -1
        }
    }
}
