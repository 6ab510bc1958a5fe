/// A keyed container of ``FingerprintEncoding``: each member goes into its node under its key.
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
