/// A 64-bit fingerprint of an `Encodable` value's structure, its keys and
/// the exact bits of its values, with no text made: the catalog records
/// and a run's environment and plan (``RunIdentity``'s fingerprint version
/// 3). Encoding them as sorted-key JSON to hash the text was a tenth of a
/// `history add` (callgrind).
///
/// A keyed container's members count in any order (each member's hash is
/// added, wrapping), as sorted keys made them: a dictionary encodes its
/// members in an order that changes from process to process. An unkeyed
/// container's items count in their order. A value's hash includes its
/// kind, so `1`, `1.0`, `"1"` and `true` differ. O(size of the value).
enum FingerprintEncoder {
    /// The fingerprint of `value`; nil when its `encode(to:)` throws.
    static func fingerprint(_ value: some Encodable) -> UInt64? {
        let root = FingerprintNode()
        do {
            try value.encode(to: FingerprintEncoding(node: root, codingPath: []))
        } catch {
            return nil
        }
        return root.hash
    }
}

/// One container (or single value) of a value being fingerprinted: what
/// was encoded into it, each item a value's hash or a nested container,
/// hashed when the whole value is done (a nested container is filled after
/// it is made).
final class FingerprintNode {
    enum Item {
        case value(UInt64)
        case node(FingerprintNode)
    }

    var isKeyed = false
    var items: [(key: String, item: Item)] = []

    func append(_ key: String, _ hash: UInt64) { items.append((key, .value(hash))) }

    func child(_ key: String) -> FingerprintNode {
        let node = FingerprintNode()
        items.append((key, .node(node)))
        return node
    }

    /// The container's hash. O(items, nested ones included).
    var hash: UInt64 {
        var whole = FNV1a()
        whole.add(isKeyed ? 0x6B : 0x75)
        var members: UInt64 = 0
        for (key, item) in items {
            let value: UInt64
            switch item {
            case .value(let hash): value = hash
            case .node(let node): value = node.hash
            }
            if isKeyed {
                var member = FNV1a()
                member.add(key)
                member.add(0x1F)
                member.add(word: value)
                members &+= member.value
            } else {
                whole.add(word: value)
            }
        }
        whole.add(word: members)
        whole.add(word: UInt64(items.count))
        return whole.value
    }

    /// The hash of one value: a byte for its kind, then its bytes.
    static func value(_ kind: UInt8, _ feed: (inout FNV1a) -> Void) -> UInt64 {
        var hash = FNV1a()
        hash.add(kind)
        feed(&hash)
        return hash.value
    }

    static func hash(_ value: Bool) -> UInt64 { Self.value(0x62) { $0.add(value ? 1 : 0) } }
    static func hash(_ value: String) -> UInt64 { Self.value(0x73) { $0.add(value) } }
    static func hash(_ value: Double) -> UInt64 { Self.value(0x64) { $0.add(word: value.bitPattern) } }
    static func hash(_ value: Float) -> UInt64 { Self.value(0x66) { $0.add(word: UInt64(value.bitPattern)) } }
    static func hash(_ value: some SignedInteger & FixedWidthInteger) -> UInt64 { Self.value(0x69) { $0.add(word: UInt64(bitPattern: Int64(value))) } }
    static func hash(_ value: some UnsignedInteger & FixedWidthInteger) -> UInt64 { Self.value(0x6E) { $0.add(word: UInt64(value)) } }
    static let null: UInt64 = value(0x30) { _ in }
}

/// The `Encoder` that fills a ``FingerprintNode``.
struct FingerprintEncoding: Encoder {
    let node: FingerprintNode
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.isKeyed = true
        return KeyedEncodingContainer(FingerprintKeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { FingerprintUnkeyedContainer(node: node, codingPath: codingPath) }

    func singleValueContainer() -> any SingleValueEncodingContainer { FingerprintUnkeyedContainer(node: node, codingPath: codingPath) }
}

struct FingerprintKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: FingerprintNode
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { node.append(key.stringValue, FingerprintNode.hash(value)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: FingerprintEncoding(node: node.child(key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        FingerprintEncoding(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FingerprintUnkeyedContainer(node: node.child(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { FingerprintEncoding(node: node.child("super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FingerprintEncoding(node: node.child(key.stringValue), codingPath: codingPath + [key])
    }
}

/// An unkeyed container, and a single value (one item of its node).
struct FingerprintUnkeyedContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let node: FingerprintNode
    var codingPath: [any CodingKey]
    var count: Int { node.items.count }

    mutating func encodeNil() throws { node.append("", FingerprintNode.null) }
    mutating func encode(_ value: Bool) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: String) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: Double) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: Float) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: Int) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: Int8) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: Int16) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: Int32) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: Int64) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: UInt) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: UInt8) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: UInt16) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: UInt32) throws { node.append("", FingerprintNode.hash(value)) }
    mutating func encode(_ value: UInt64) throws { node.append("", FingerprintNode.hash(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: FingerprintEncoding(node: node.child(""), codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        FingerprintEncoding(node: node.child(""), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        FingerprintUnkeyedContainer(node: node.child(""), codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { FingerprintEncoding(node: node.child(""), codingPath: codingPath) }
}
