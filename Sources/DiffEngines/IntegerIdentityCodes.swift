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
/// Ids that lie in a narrow range (database row ids, counters: the common
/// case) skip the table: see ``denseIntegerCoded(old:new:identity:)``.
///
/// - Complexity: O(N + M) expected time; memory 16 bytes per slot, with
///   between 2N and 4N slots (the load stays at or under one half, which keeps
///   linear probing short).
extension IdentityCodes {
    @inlinable
    static func integerCoded<I: ElementIdentity>(
        old: UnsafeBufferPointer<I.Element>, new: UnsafeBufferPointer<I.Element>, identity: I
    ) -> IdentityCodes {
        if let dense = denseIntegerCoded(old: old, new: new, identity: identity) { return dense }
        return hashedIntegerCoded(old: old, new: new, identity: identity)
    }

    /// The most slots the direct-address table may have for `oldCount` old
    /// ids: 4 per old id (16 bytes, a quarter to a half of what the hashed
    /// table takes for the same ids), plus 64 so that short lists with a few
    /// scattered ids still qualify.
    @inlinable @inline(__always)
    static func denseSlotLimit(oldCount: Int) -> Int { 4 &* oldCount &+ 64 }

    /// The coding pass for integer ids whose old values span a narrow range:
    /// the same codes as the hashed pass, from a direct-address table of
    /// `Int32` codes indexed by `id − smallest old id`; nil (nothing built)
    /// when the old ids span more than ``denseSlotLimit(oldCount:)`` values
    /// or the old list is empty.
    ///
    /// Why: on the hashed table every lookup is a random access by design,
    /// and once the table outgrows the L2 cache (32,768 slots, 512 KB, for
    /// 10,000 old ids) each one waits on a cache miss: on `feed` at 10,000
    /// (10,000 → 21,000 posts) half of heckel's time went there. Here the
    /// table is 4 bytes per slot, ids in the usual near-sorted order read it
    /// almost sequentially, there is nothing to mix or probe, and a new id
    /// outside the old range (new posts get larger ids) is known absent from
    /// one comparison, without touching memory.
    ///
    /// Complexity: O(N + M) worst-case time: one extra sequential pass over
    /// the old ids for their range (wasted, about one nanosecond per id,
    /// when the range is too wide); memory 4 bytes per slot, at most
    /// 4N + 65 slots.
    @inlinable
    static func denseIntegerCoded<I: ElementIdentity>(
        old: UnsafeBufferPointer<I.Element>, new: UnsafeBufferPointer<I.Element>, identity: I
    ) -> IdentityCodes? {
        guard !old.isEmpty else { return nil }
        var low = UInt64.max, high = UInt64.min
        for i in 0..<old.count {
            let key = _integerKey(identity.id(of: old[i]))
            low = Swift.min(low, key)
            high = Swift.max(high, key)
        }
        // Keys preserve the ids' order, so every old id is in [low, high].
        guard high &- low < UInt64(denseSlotLimit(oldCount: old.count)) else { return nil }
        let slots = Int(truncatingIfNeeded: high &- low) &+ 1
        // Slot k: the code of id low + k, or -1 when no old id has that value;
        // one more slot, always -1, answers every new id outside the range.
        var table = [Int32](repeating: -1, count: slots &+ 1)
        var next: Int32 = 0
        var dupFirst = -1, dupSecond = -1
        var oldCodes: [Int32] = []
        var newCodes: [Int32] = []
        table.withUnsafeMutableBufferPointer { table in
            oldCodes = [Int32](unsafeUninitializedCapacity: old.count) { codes, initialized in
                for i in 0..<old.count {
                    let slot = Int(truncatingIfNeeded: _integerKey(identity.id(of: old[i])) &- low)
                    let stored = table[slot]
                    if stored < 0 {
                        table[slot] = next
                        codes[i] = next
                        next &+= 1
                    } else {
                        if dupFirst < 0 {
                            // Before the first repeat every id is new, so a
                            // code is the position of its first occurrence.
                            dupFirst = Int(stored)
                            dupSecond = i
                        }
                        codes[i] = stored
                    }
                }
                initialized = old.count
            }
            newCodes = [Int32](unsafeUninitializedCapacity: new.count) { codes, initialized in
                let outside = UInt64(slots)
                for j in 0..<new.count {
                    // Below `low` wraps around to a large offset, so one
                    // clamp sends both sides to the last slot: no branch,
                    // which new ids scattered among old ones (feed's
                    // interleaved posts) would mispredict.
                    let offset = Swift.min(_integerKey(identity.id(of: new[j])) &- low, outside)
                    codes[j] = table[Int(truncatingIfNeeded: offset)]
                }
                initialized = new.count
            }
        }
        return IdentityCodes(old: oldCodes, new: newCodes, symbolCount: Int(next), dupFirst: dupFirst, dupSecond: dupSecond)
    }

    /// The open-addressing pass described above, for ids of any spread.
    @inlinable
    static func hashedIntegerCoded<I: ElementIdentity>(
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
        return IdentityCodes(old: oldCodes, new: newCodes, symbolCount: Int(next), dupFirst: dupFirst, dupSecond: dupSecond)
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

/// The id as 64 bits, distinct ids giving distinct keys in the same order
/// as the ids (signed ids have their sign bit flipped, so -1 sits just below
/// 0), which lets the dense pass take a range of keys for a range of ids;
/// only for the types `_hasIntegerKey` accepts.
@inlinable @inline(__always)
func _integerKey<ID>(_ id: ID) -> UInt64 {
    let signBit: UInt64 = 1 &<< 63
    if ID.self == Int.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))) ^ signBit }
    if ID.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) ^ signBit }
    if ID.self == UInt64.self { return unsafeBitCast(id, to: UInt64.self) }
    if ID.self == UInt.self { return UInt64(unsafeBitCast(id, to: UInt.self)) }
    if ID.self == Int32.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int32.self))) ^ signBit }
    if ID.self == UInt32.self { return UInt64(unsafeBitCast(id, to: UInt32.self)) }
    preconditionFailure("not an integer id type: \(ID.self)")
}
