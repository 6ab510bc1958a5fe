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
