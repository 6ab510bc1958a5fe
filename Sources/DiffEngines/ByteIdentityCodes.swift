#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

/// The coding pass for ids made of bytes (``IdentityBytes``: `String`,
/// `UUID`, opted-in custom types): the same codes as the general pass, from
/// an open-addressing table built for this one job.
///
/// Why: on 36-character UUID strings the general pass spends its time in
/// `Hasher` (SipHash over every byte, about 25–38 ns an id), in `Dictionary`'s
/// probing, which compares `String`s, and in retaining and releasing the
/// stored keys; the engines then ran at 0.6–2.8× the in-run `floor` row, where
/// on integer ids they run at 0.13–0.46×. Here each id's bytes are read in
/// place and hashed once by a multiply-mix hash (16 bytes per 64×64→128-bit
/// multiply, keyed with a per-process seed), and the table stores no ids:
/// a slot holds the upper half of the hash and the old index of the id's
/// first occurrence, so a probe compares two integers and reads an id's
/// bytes again only when the halves agree (about once per matching id).
///
/// Equality stays exactly `==`: byte equality is only trusted where
/// ``IdentityBytes`` promises it (for `String`, when every id of both lists
/// is ASCII). Anything else — a non-ASCII or bridged string, a probe run
/// longer than ``byteProbeLimit`` (ids made to collide) — abandons the table
/// and the caller codes the lists with `Dictionary`. The wasted work is at
/// most one pass over the lists.
///
/// - Complexity: O(N + M) expected time, one hash per id, bounded by
///   ``byteProbeLimit`` probes per id; memory 8 bytes per slot, with between
///   2N and 4N slots (load at most one half).
extension IdentityCodes {
    /// The longest probe run the byte table accepts before giving up on it.
    /// With a load of at most one half, a run this long has a chance below
    /// 10⁻¹⁰ per id under a good hash, so it only happens to ids chosen to
    /// collide (or under the tests' constant hash).
    @inlinable @inline(__always)
    static var byteProbeLimit: Int { 128 }

    /// The byte-table pass when `I.ID` conforms to ``IdentityBytes``; nil when
    /// it does not, or when the table gave up (see above).
    ///
    /// `String` and `UUID` are named so that the choice folds away once the
    /// caller is specialized; another conforming type is found by a cast
    /// (one runtime conformance lookup per call).
    @inlinable
    static func bytesCoded<I: ElementIdentity>(
        old: UnsafeBufferPointer<I.Element>, new: UnsafeBufferPointer<I.Element>, identity: I,
        hashing: IdentityByteHashing = .seeded
    ) -> IdentityCodes? {
        if I.ID.self == String.self {
            return byteTableCoded(old: old, new: new, identity: _SameIDBytes<I, String>(identity), hashing: hashing)
        }
        #if canImport(FoundationEssentials) || canImport(Foundation)
        if I.ID.self == UUID.self {
            return byteTableCoded(old: old, new: new, identity: _SameIDBytes<I, UUID>(identity), hashing: hashing)
        }
        #endif
        guard let bytesType = I.ID.self as? any IdentityBytes.Type else { return nil }
        func coded<B: IdentityBytes>(_: B.Type) -> IdentityCodes? {
            byteTableCoded(old: old, new: new, identity: _SameIDBytes<I, B>(identity), hashing: hashing)
        }
        return coded(bytesType)
    }

    /// The table pass proper; nil when it gave up.
    @inlinable
    static func byteTableCoded<I: ElementIdentity>(
        old: UnsafeBufferPointer<I.Element>, new: UnsafeBufferPointer<I.Element>, identity: I,
        hashing: IdentityByteHashing
    ) -> IdentityCodes? where I.ID: IdentityBytes {
        let highBits: UInt64 = I.ID.identityBytesNeedASCII ? 0x8080_8080_8080_8080 : 0
        let limit = byteProbeLimit
        var capacity = 16
        while capacity < 2 &* old.count { capacity &<<= 1 }
        let mask = capacity &- 1
        let seed = _byteCodeSeed
        let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000
        // A slot: the hash's upper 32 bits, then old index + 1 (0: empty).
        var table = [UInt64](repeating: 0, count: capacity)
        var next: Int32 = 0
        var dupFirst = -1, dupSecond = -1
        var failed = false
        var oldCodes: [Int32] = []
        var newCodes: [Int32] = []
        table.withUnsafeMutableBufferPointer { table in
            /// The probe both passes make for an id's bytes: the old index
            /// of its first occurrence (≥ 0), `~slot` for the empty slot
            /// that ends its run (it is absent), or `Int.min` past the limit.
            func find(_ bytes: UnsafeRawBufferPointer, _ hash: UInt64) -> Int {
                let tag = hash & tagMask
                var slot = Int(truncatingIfNeeded: hash) & mask
                for _ in 0..<limit {
                    let stored = table[slot]
                    if stored == 0 { return ~slot }
                    if stored & tagMask == tag {
                        let first = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) &- 1
                        if identity.id(of: old[first]).withIdentityBytes({ _bytesEqual(bytes, $0) }) ?? false { return first }
                    }
                    slot = (slot &+ 1) & mask
                }
                return Int.min
            }
            oldCodes = [Int32](unsafeUninitializedCapacity: old.count) { codes, initialized in
                for i in 0..<old.count {
                    // The code (≥ 0), or -2 to give up.
                    var repeated = false
                    let code = identity.id(of: old[i]).withIdentityBytes { bytes -> Int32 in
                        let (hash, bits) = hashing.hash(bytes, seed)
                        if bits & highBits != 0 { return -2 }
                        let found = find(bytes, hash)
                        if found >= 0 {
                            repeated = true
                            return codes[found]
                        }
                        if found == Int.min { return -2 }
                        table[~found] = hash & tagMask | UInt64(truncatingIfNeeded: i &+ 1)
                        next &+= 1
                        return next &- 1
                    } ?? -2
                    if code == -2 {
                        failed = true
                        initialized = 0
                        return
                    }
                    if repeated, dupFirst < 0 {
                        // Before the first repeat every id is new, so a code
                        // is the position of that id's first occurrence.
                        dupFirst = Int(code)
                        dupSecond = i
                    }
                    codes[i] = code
                }
                initialized = old.count
            }
            if failed { return }
            newCodes = [Int32](unsafeUninitializedCapacity: new.count) { codes, initialized in
                oldCodes.withUnsafeBufferPointer { oldCodes in
                    for j in 0..<new.count {
                        let code = identity.id(of: new[j]).withIdentityBytes { bytes -> Int32 in
                            let (hash, bits) = hashing.hash(bytes, seed)
                            // A non-ASCII new id may still be `==` to an
                            // ASCII old one (the Kelvin sign and "K").
                            if bits & highBits != 0 { return -2 }
                            let found = find(bytes, hash)
                            if found >= 0 { return oldCodes[found] }
                            return found == Int.min ? -2 : -1
                        } ?? -2
                        if code == -2 {
                            failed = true
                            initialized = 0
                            return
                        }
                        codes[j] = code
                    }
                    initialized = new.count
                }
            }
        }
        if failed { return nil }
        var result = IdentityCodes(old: oldCodes, new: newCodes, symbolCount: Int(next))
        result._dupFirst = dupFirst
        result._dupSecond = dupSecond
        return result
    }
}

/// An identity whose ids are read as `B`, for an `I` whose `ID` is `B`
/// (checked by the caller): lets the byte table require `ID: IdentityBytes`
/// of an identity that only says `ID: Hashable`.
@usableFromInline
struct _SameIDBytes<I: ElementIdentity, B: IdentityBytes>: ElementIdentity {
    @usableFromInline let base: I

    @inlinable init(_ base: I) {
        precondition(I.ID.self == B.self)
        self.base = base
    }

    @inlinable @inline(__always)
    func id(of element: I.Element) -> B { unsafeBitCast(base.id(of: element), to: B.self) }

    @inlinable @inline(__always)
    func hasSameContent(_ lhs: I.Element, _ rhs: I.Element) -> Bool { base.hasSameContent(lhs, rhs) }

    @inlinable var contentCanDiffer: Bool { base.contentCanDiffer }
}

/// How the byte table hashes: seeded per process, or (tests only) one
/// constant for every id, to show the table stays correct when every id
/// collides. Only `@testable` tests can pass `.constant`: the library
/// itself always hashes with `.seeded`.
@usableFromInline
enum IdentityByteHashing: Sendable {
    case seeded
    case constant

    /// The hash of `bytes`, and every byte OR-ed into one word (its high
    /// bits say whether a byte was non-ASCII).
    @inlinable @inline(__always)
    func hash(_ bytes: UnsafeRawBufferPointer, _ seed: UInt64) -> (hash: UInt64, bits: UInt64) {
        let (hash, bits) = _hashIdentityBytes(bytes, seed: seed)
        switch self {
        case .seeded: return (hash, bits)
        case .constant: return (0x5EED_0000_0000_0000, bits)
        }
    }
}

/// The per-process key of the byte hash (from `Hasher`, like the integer
/// table's: repeatable under `SWIFT_DETERMINISTIC_HASHING`).
@usableFromInline
let _byteCodeSeed: UInt64 = _integerCodeSeed ^ 0x7374_7269_6E67_7321

/// The 128-bit product of `a` and `b`, folded to 64 bits.
@inlinable @inline(__always)
func _foldedProduct(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let (high, low) = a.multipliedFullWidth(by: b)
    return high ^ low
}

/// A seeded multiply-mix hash of `bytes`, 16 bytes per multiply, with the
/// OR of every byte (read by the same loads). The last one to sixteen bytes
/// are read by loads that may overlap bytes already hashed, so no byte is
/// read twice in a loop and none is read outside the buffer.
///
/// - Complexity: O(count): about 4 ns for 36 bytes.
@inlinable @inline(__always)
func _hashIdentityBytes(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> (hash: UInt64, bits: UInt64) {
    let k0: UInt64 = 0xA076_1D64_78BD_642F, k1: UInt64 = 0xE703_7ED1_A0B4_28DB, k2: UInt64 = 0x8EBC_6AF0_9C88_C6E3
    let count = bytes.count
    var h = seed ^ (UInt64(truncatingIfNeeded: count) &* k0)
    guard count > 0, let base = bytes.baseAddress else { return (_foldedProduct(h ^ k1, k2), 0) }
    func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    var bits: UInt64 = 0
    var a: UInt64, b: UInt64
    if count > 16 {
        var offset = 0
        while count &- offset > 16 {
            a = word(offset)
            b = word(offset &+ 8)
            bits |= a | b
            h = _foldedProduct(a ^ k1, b ^ h)
            offset &+= 16
        }
        a = word(count &- 16)
        b = word(count &- 8)
    } else if count >= 8 {
        a = word(0)
        b = word(count &- 8)
    } else if count >= 4 {
        a = UInt64(UInt32(littleEndian: base.loadUnaligned(as: UInt32.self)))
        b = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
    } else {
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        a = UInt64(bytes[0]) &<< 16 | UInt64(bytes[count &>> 1]) &<< 8 | UInt64(bytes[count &- 1])
        b = 0
    }
    bits |= a | b
    h = _foldedProduct(a ^ k1, b ^ h)
    return (_foldedProduct(h ^ k2, k0 ^ seed), bits)
}

/// Whether two byte runs are equal: lengths first, then words, the last
/// word read where it may overlap the one before. O(count).
@inlinable @inline(__always)
func _bytesEqual(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
    let count = lhs.count
    guard count == rhs.count else { return false }
    guard count > 0, let p = lhs.baseAddress, let q = rhs.baseAddress else { return true }
    if count >= 8 {
        var offset = 0
        while count &- offset > 8 {
            if p.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != q.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset &+= 8
        }
        return p.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            == q.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }
    for offset in 0..<count where p.load(fromByteOffset: offset, as: UInt8.self) != q.load(fromByteOffset: offset, as: UInt8.self) {
        return false
    }
    return true
}
