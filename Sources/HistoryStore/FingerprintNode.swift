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
