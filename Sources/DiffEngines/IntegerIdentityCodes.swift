/// The coding pass for integer ids (`Int`, `Int64`, `UInt64`, `UInt`,
/// `Int32`, `UInt32`): the same codes as the general pass, from an
/// open-addressing table built for this one job.
///
/// Why: ids are very often integers (post and row ids), and for them the
/// general pass spends most of its time in `Hasher` (SipHash-1-3, about 50
/// instructions per id) and in `Dictionary`'s probing, which reads keys and
/// values from separate arrays. Here an id is mixed by two multiply/shift
/// rounds keyed with a per-process random seed, and each slot keeps the id and
/// its code side by side, so a probe usually touches one cache line.
/// The seed comes from `Hasher`, so ids chosen to collide cannot be prepared
/// in advance (and `SWIFT_DETERMINISTIC_HASHING` makes it repeatable).
/// Codes do not depend on the seed: they are handed out in order of first
/// appearance, exactly as in the general pass, so every engine's result is
/// the same whichever pass coded the ids.
///
/// - Complexity: O(N + M) expected time; memory 16 bytes per slot, with
///   between 2N and 4N slots (the load stays at or under one half, which keeps
///   linear probing short).
extension IdentityCodes {
    @inlinable
    static func integerCoded<I: ElementIdentity>(
        old: UnsafeBufferPointer<I.Element>, new: UnsafeBufferPointer<I.Element>, identity: I
    ) -> IdentityCodes {
        var capacity = 16
        while capacity < 2 &* old.count { capacity &<<= 1 }
        let mask = capacity &- 1
        let seed = _integerCodeSeed
        // Slot s: table[2s] is the key, table[2s + 1] the code + 1 (0: empty).
        var table = [UInt64](repeating: 0, count: 2 &* capacity)
        var next: Int32 = 0
        var dupFirst = -1, dupSecond = -1
        var oldCodes: [Int32] = []
        var newCodes: [Int32] = []
        table.withUnsafeMutableBufferPointer { table in
            oldCodes = [Int32](unsafeUninitializedCapacity: old.count) { codes, initialized in
                for i in 0..<old.count {
                    let key = _integerKey(identity.id(of: old[i]))
                    var slot = _mixIntegerKey(key, seed) & mask
                    while true {
                        let stored = table[2 &* slot &+ 1]
                        if stored == 0 {
                            table[2 &* slot] = key
                            table[2 &* slot &+ 1] = UInt64(next) &+ 1
                            codes[i] = next
                            next &+= 1
                            break
                        }
                        if table[2 &* slot] == key {
                            let code = Int32(truncatingIfNeeded: stored &- 1)
                            if dupFirst < 0 {
                                // Before the first repeat every id is new, so a
                                // code is the position of its first occurrence.
                                dupFirst = Int(code)
                                dupSecond = i
                            }
                            codes[i] = code
                            break
                        }
                        slot = (slot &+ 1) & mask
                    }
                }
                initialized = old.count
            }
            newCodes = [Int32](unsafeUninitializedCapacity: new.count) { codes, initialized in
                for j in 0..<new.count {
                    let key = _integerKey(identity.id(of: new[j]))
                    var slot = _mixIntegerKey(key, seed) & mask
                    var code: Int32 = -1
                    while true {
                        let stored = table[2 &* slot &+ 1]
                        if stored == 0 { break }
                        if table[2 &* slot] == key {
                            code = Int32(truncatingIfNeeded: stored &- 1)
                            break
                        }
                        slot = (slot &+ 1) & mask
                    }
                    codes[j] = code
                }
                initialized = new.count
            }
        }
        var result = IdentityCodes(old: oldCodes, new: newCodes, symbolCount: Int(next))
        result._dupFirst = dupFirst
        result._dupSecond = dupSecond
        return result
    }
}

/// The per-process key of the integer table's mixer.
@usableFromInline
let _integerCodeSeed: UInt64 = {
    var hasher = Hasher()
    hasher.combine(0x6469_6666_6265_6E63 as UInt64)
    return UInt64(truncatingIfNeeded: hasher.finalize())
}()

/// Two multiply/xor-shift rounds: every bit of the key reaches the low bits
/// the table indexes with.
@inlinable @inline(__always)
func _mixIntegerKey(_ key: UInt64, _ seed: UInt64) -> Int {
    var x = key ^ seed
    x ^= x &>> 32
    x &*= 0xD6E8_FEB8_6659_FD93
    x ^= x &>> 32
    x &*= 0xD6E8_FEB8_6659_FD93
    x ^= x &>> 32
    return Int(truncatingIfNeeded: x)
}

/// True when `ID` is one of the integer types the integer table reads.
/// Folds to a constant once the caller is specialized.
@inlinable @inline(__always)
func _hasIntegerKey<ID>(_: ID.Type) -> Bool {
    ID.self == Int.self || ID.self == Int64.self || ID.self == UInt64.self || ID.self == UInt.self
        || ID.self == Int32.self || ID.self == UInt32.self
}

/// The id as 64 bits, distinct ids giving distinct keys; only for the types
/// `_hasIntegerKey` accepts.
@inlinable @inline(__always)
func _integerKey<ID>(_ id: ID) -> UInt64 {
    if ID.self == Int.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))) }
    if ID.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) }
    if ID.self == UInt64.self { return unsafeBitCast(id, to: UInt64.self) }
    if ID.self == UInt.self { return UInt64(unsafeBitCast(id, to: UInt.self)) }
    if ID.self == Int32.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int32.self))) }
    if ID.self == UInt32.self { return UInt64(unsafeBitCast(id, to: UInt32.self)) }
    preconditionFailure("not an integer id type: \(ID.self)")
}
