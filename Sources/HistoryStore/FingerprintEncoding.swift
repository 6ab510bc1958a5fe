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
