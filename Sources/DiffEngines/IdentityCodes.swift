/// Identities mapped to dense integer codes: the one hashing pass every engine
/// starts with.
///
/// Codes are assigned to distinct old ids in order of first appearance, so a
/// list with unique ids gets `old[i] == i`. A new id absent from the old list
/// gets `-1`: it can only be an insert, so no engine needs to tell two of
/// them apart. After this pass engines compare `Int32`s in contiguous buffers
/// and never hash again.
///
/// - Complexity: O(N + M) expected time, one hash per element; memory 4 bytes
///   per element plus a table over the distinct ids (see the passes:
///   `IntegerIdentityCodes.swift`, `ByteIdentityCodes.swift`, `Dictionary`).
public struct IdentityCodes: Sendable, Hashable {
    public var old: [Int32]
    public var new: [Int32]
    /// Number of distinct codes handed out: the distinct ids of the old list.
    public var symbolCount: Int
    /// First old position of a duplicated old id, with the second position,
    /// when one was seen (nil when every old id is unique).
    public var firstOldDuplicate: (first: Int, second: Int)? {
        get { _dupFirst < 0 ? nil : (_dupFirst, _dupSecond) }
        set { _dupFirst = newValue?.first ?? -1; _dupSecond = newValue?.second ?? -1 }
    }
    @usableFromInline var _dupFirst: Int = -1
    @usableFromInline var _dupSecond: Int = -1

    /// Codes made elsewhere. They must keep what the coding passes promise
    /// and engines rely on (`set` reads a code as an old index, `heckel`
    /// skips its pass 2 when every old id is unique): old codes numbered
    /// 0, 1, 2, … in order of first appearance, new codes either an old
    /// code or -1, and ``firstOldDuplicate`` set by the caller when an old
    /// id repeats.
    @inlinable
    public init(old: [Int32], new: [Int32], symbolCount: Int) {
        self.old = old
        self.new = new
        self.symbolCount = symbolCount
    }

    /// The codes a coding pass made, with the positions of the first old id
    /// it met again (-1, -1: none): every pass finds the repeat while it
    /// codes, so none needs a second look at the lists. O(1).
    @inlinable
    init(old: [Int32], new: [Int32], symbolCount: Int, dupFirst: Int, dupSecond: Int) {
        self.init(old: old, new: new, symbolCount: symbolCount)
        _dupFirst = dupFirst
        _dupSecond = dupSecond
    }

    /// Codes the identities of two lists.
    ///
    /// - Complexity: O(N + M) expected time, one hash per element.
    @inlinable
    public init<I: ElementIdentity>(
        old: [I.Element], new: [I.Element], identity: I
    ) {
        self = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                IdentityCodes(old: old, new: new, identity: identity)
            }
        }
    }

    /// Codes the identities of two buffers (engines pass the region left after
    /// trimming the common prefix and suffix).
    ///
    /// - Complexity: O(N + M) expected time, one hash per element (integer
    ///   ids through the integer table, ``IdentityBytes`` ids such as
    ///   `String` and `UUID` through the byte table where it applies, others
    ///   through `Dictionary`).
    @inlinable
    public init<I: ElementIdentity>(
        old: UnsafeBufferPointer<I.Element>, new: UnsafeBufferPointer<I.Element>, identity: I
    ) {
        if _hasIntegerKey(I.ID.self) {
            self = IdentityCodes.integerCoded(old: old, new: new, identity: identity)
            return
        }
        if let codes = IdentityCodes.bytesCoded(old: old, new: new, identity: identity) {
            self = codes
            return
        }
        self = IdentityCodes.dictionaryCoded(old: old, new: new, identity: identity)
    }

    /// The general pass: every id hashed by `Hasher` into a `Dictionary`.
    /// Any `Hashable` id, and the fallback of the byte table.
    ///
    /// - Complexity: O(N + M) expected time, one hash per element.
    @inlinable
    static func dictionaryCoded<I: ElementIdentity>(
        old: UnsafeBufferPointer<I.Element>, new: UnsafeBufferPointer<I.Element>, identity: I
    ) -> IdentityCodes {
        var table = [I.ID: Int32](minimumCapacity: old.count)
        var next: Int32 = 0
        var dupFirst = -1, dupSecond = -1
        let oldCodes = [Int32](unsafeUninitializedCapacity: old.count) { buffer, initialized in
            for i in 0..<old.count {
                let code = _insertOrGet(&table, identity.id(of: old[i]), next)
                if code == next {
                    next &+= 1
                } else if dupFirst < 0 {
                    // Before the first repeat every id is new, so a code is
                    // the position of that id's first occurrence.
                    dupFirst = Int(code)
                    dupSecond = i
                }
                buffer[i] = code
            }
            initialized = old.count
        }
        let newCodes = [Int32](unsafeUninitializedCapacity: new.count) { buffer, initialized in
            for j in 0..<new.count {
                buffer[j] = table[identity.id(of: new[j])] ?? -1
            }
            initialized = new.count
        }
        return IdentityCodes(old: oldCodes, new: newCodes, symbolCount: Int(next), dupFirst: dupFirst, dupSecond: dupSecond)
    }

    public static func == (lhs: IdentityCodes, rhs: IdentityCodes) -> Bool {
        lhs.old == rhs.old && lhs.new == rhs.new && lhs.symbolCount == rhs.symbolCount
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(old)
        hasher.combine(new)
    }
}

/// The code of `key`, inserting `candidate` when the key is new: one hash
/// lookup on the common path (a new key). `updateValue` is a plain method;
/// the `subscript(_:default:)` modify accessor would be shorter but costs a
/// heap-allocated coroutine frame per call for a generic key (measured: one
/// allocation per element). A repeated key is rare and put back with a second
/// lookup.
@inlinable @inline(__always)
func _insertOrGet<Key: Hashable>(_ table: inout [Key: Int32], _ key: Key, _ candidate: Int32) -> Int32 {
    if let existing = table.updateValue(candidate, forKey: key) {
        table[key] = existing
        return existing
    }
    return candidate
}
