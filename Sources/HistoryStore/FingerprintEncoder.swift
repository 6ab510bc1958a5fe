import Foundation

/// An `Encoder` that feeds a value's keys and values straight into a
/// 64-bit FNV-1a hash, without building JSON: what ``RunIdentity`` uses for
/// a run's content fingerprint.
///
/// Encoding a 300-row run document with `JSONEncoder` (pretty, sorted keys)
/// only to hash the text took most of `history add`'s time; this walks the
/// same `Encodable` conformances once. Each key, each value (its type tag,
/// then its bytes: a number's bit pattern, a string's UTF-8 and length) and
/// each container start is hashed, in the order the conformance encodes, so
/// two values of one type differ in fingerprint when any field differs (up
/// to FNV's collisions: a fingerprint, not a defence against forgery).
/// O(size of the value).
struct FingerprintEncoder: Encoder {
    /// The running hash, shared by every container of one encoding.
    final class Hasher {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325

        func byte(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }

        func word(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { byte(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }

        func text(_ value: String) {
            var count: UInt64 = 0
            for unit in value.utf8 {
                byte(unit)
                count += 1
            }
            word(count)
        }

        /// The type tags: what kind of thing the next bytes are.
        enum Tag: UInt8 {
            case keyed = 1, unkeyed, key, null, bool, string, double, signed, unsigned
        }

        func tag(_ tag: Tag) { byte(tag.rawValue) }

        /// The hash as 16 lowercase hex digits.
        var hex: String {
            let digits = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }

    let hasher: Hasher
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The fingerprint of `value`.
    static func fingerprint<T: Encodable>(_ value: T) throws -> String {
        let hasher = Hasher()
        try value.encode(to: FingerprintEncoder(hasher: hasher))
        return hasher.hex
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        hasher.tag(.keyed)
        return KeyedEncodingContainer(Keyed<Key>(hasher: hasher, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        hasher.tag(.unkeyed)
        return Unkeyed(hasher: hasher, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(hasher: hasher, codingPath: codingPath) }
}

extension FingerprintEncoder {
    /// One value: the primitives, or a nested `Encodable` encoded through a new encoder on the same hash.
    struct Single: SingleValueEncodingContainer {
        let hasher: Hasher
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws { hasher.tag(.null) }
        mutating func encode(_ value: Bool) throws {
            hasher.tag(.bool)
            hasher.byte(value ? 1 : 0)
        }
        mutating func encode(_ value: String) throws {
            hasher.tag(.string)
            hasher.text(value)
        }
        mutating func encode(_ value: Double) throws {
            hasher.tag(.double)
            hasher.word(value.bitPattern)
        }
        mutating func encode(_ value: Float) throws { try encode(Double(value)) }
        mutating func encode(_ value: Int) throws { signed(Int64(value)) }
        mutating func encode(_ value: Int8) throws { signed(Int64(value)) }
        mutating func encode(_ value: Int16) throws { signed(Int64(value)) }
        mutating func encode(_ value: Int32) throws { signed(Int64(value)) }
        mutating func encode(_ value: Int64) throws { signed(value) }
        mutating func encode(_ value: UInt) throws { unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { unsigned(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: FingerprintEncoder(hasher: hasher, codingPath: codingPath)) }

        func signed(_ value: Int64) {
            hasher.tag(.signed)
            hasher.word(UInt64(bitPattern: value))
        }

        func unsigned(_ value: UInt64) {
            hasher.tag(.unsigned)
            hasher.word(value)
        }
    }

    /// A keyed container: each key's name, then its value.
    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let hasher: Hasher
        var codingPath: [any CodingKey]

        /// The key with its depth (so a key that moved to another level changes the hash), then a container for its value.
        func value(_ key: Key) -> Single {
            hasher.tag(.key)
            hasher.byte(UInt8(truncatingIfNeeded: codingPath.count))
            hasher.text(key.stringValue)
            return Single(hasher: hasher, codingPath: codingPath + [key])
        }

        mutating func encodeNil(forKey key: Key) throws {
            var single = value(key)
            try single.encodeNil()
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            var single = self.value(key)
            try single.encode(value)
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            var single = self.value(key)
            try single.encode(value)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            var single = self.value(key)
            try single.encode(value)
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            var single = self.value(key)
            try single.encode(value)
        }
        mutating func encode(_ value: Int, forKey key: Key) throws { self.value(key).signed(Int64(value)) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { self.value(key).signed(Int64(value)) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { self.value(key).signed(Int64(value)) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { self.value(key).signed(Int64(value)) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { self.value(key).signed(value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { self.value(key).unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { self.value(key).unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { self.value(key).unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { self.value(key).unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { self.value(key).unsigned(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            var single = self.value(key)
            try single.encode(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            _ = value(key)
            return FingerprintEncoder(hasher: hasher, codingPath: codingPath + [key]).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            _ = value(key)
            return FingerprintEncoder(hasher: hasher, codingPath: codingPath + [key]).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { FingerprintEncoder(hasher: hasher, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            _ = value(key)
            return FingerprintEncoder(hasher: hasher, codingPath: codingPath + [key])
        }
    }

    /// An unkeyed container: its values in order (their count is what was encoded).
    struct Unkeyed: UnkeyedEncodingContainer {
        let hasher: Hasher
        var codingPath: [any CodingKey]
        var count = 0

        mutating func next() -> Single {
            count += 1
            return Single(hasher: hasher, codingPath: codingPath)
        }

        mutating func encodeNil() throws {
            var single = next()
            try single.encodeNil()
        }
        mutating func encode(_ value: Bool) throws {
            var single = next()
            try single.encode(value)
        }
        mutating func encode(_ value: String) throws {
            var single = next()
            try single.encode(value)
        }
        mutating func encode(_ value: Double) throws {
            var single = next()
            try single.encode(value)
        }
        mutating func encode(_ value: Float) throws {
            var single = next()
            try single.encode(value)
        }
        mutating func encode(_ value: Int) throws { next().signed(Int64(value)) }
        mutating func encode(_ value: Int8) throws { next().signed(Int64(value)) }
        mutating func encode(_ value: Int16) throws { next().signed(Int64(value)) }
        mutating func encode(_ value: Int32) throws { next().signed(Int64(value)) }
        mutating func encode(_ value: Int64) throws { next().signed(value) }
        mutating func encode(_ value: UInt) throws { next().unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { next().unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { next().unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { next().unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { next().unsigned(value) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            var single = next()
            try single.encode(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            return FingerprintEncoder(hasher: hasher, codingPath: codingPath).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            return FingerprintEncoder(hasher: hasher, codingPath: codingPath).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { FingerprintEncoder(hasher: hasher, codingPath: codingPath) }
    }
}
