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
