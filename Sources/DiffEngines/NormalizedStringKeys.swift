/// The keys of the `String` ids that the NFC quick check (``_NFCQuickCheck``)
/// could not prove NFC, during one coding pass: each is the standard
/// library's own NFC of the id (`_nfcCodeUnits`, the form `String ==` and
/// `String.hash(into:)` compare), so it equals the bytes of any
/// canonically equivalent id that is NFC already ("e" + U+0301 meets
/// U+00E9, U+2126 OHM SIGN meets U+03A9, the Kelvin sign meets "K").
///
/// An old id's key is made once and kept by its old index, since every
/// later probe that meets its slot compares with it; a new id's key lives
/// in one buffer reused for the next new id. Every key is zero-padded to
/// 16 bytes at least: the word table reads an id's first 16 bytes
/// whatever its length.
///
/// Made on first need by a pass (``_StringWordTable``), so a pass over ids
/// that all pass the check allocates nothing here.
///
/// - Complexity: O(length) per key made (normalization); memory the NFC
///   bytes of the old ids that needed it, plus one buffer.
@usableFromInline
final class _NormalizedStringKeys {
    private var oldKeys: [Int: UnsafeMutableRawBufferPointer] = [:]
    private var newKey = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 16)

    init() {}

    /// ``key(of:old:)`` from the keys kept at `slot` (a retained reference,
    /// or 0 before the first key, when they are made). Out of line: only
    /// ids the NFC quick check could not prove NFC come here.
    @usableFromInline @inline(never)
    static func key(of id: String, old index: Int, in slot: UnsafeMutableRawPointer) -> (base: UnsafeRawPointer, count: Int) {
        let keys: _NormalizedStringKeys
        if let stored = slot.load(as: UnsafeRawPointer?.self) {
            keys = Unmanaged<_NormalizedStringKeys>.fromOpaque(stored).takeUnretainedValue()
        } else {
            keys = _NormalizedStringKeys()
            slot.storeBytes(of: UnsafeRawPointer(Unmanaged.passRetained(keys).toOpaque()), as: UnsafeRawPointer?.self)
        }
        return keys.key(of: id, old: index)
    }

    /// Releases the keys kept at `slot`, if any were made.
    @inlinable
    static func release(in slot: UnsafeMutableRawPointer) {
        guard let stored = slot.load(as: UnsafeRawPointer?.self) else { return }
        Unmanaged<_NormalizedStringKeys>.fromOpaque(stored).release()
    }

    deinit {
        for key in oldKeys.values { key.deallocate() }
        newKey.deallocate()
    }

    /// The key of `id`: old item `index`'s (kept), or, for `index` < 0, a
    /// new id's (valid until the next new id's key is made).
    func key(of id: String, old index: Int) -> (base: UnsafeRawPointer, count: Int) {
        if index >= 0, let kept = oldKeys[index] { return (UnsafeRawPointer(kept.baseAddress!), kept.count) }
        let bytes = id._nfcCodeUnits
        let room = max(bytes.count, 16)
        let buffer: UnsafeMutableRawBufferPointer
        if index >= 0 {
            buffer = .allocate(byteCount: room, alignment: 16)
        } else {
            if newKey.count < room {
                newKey.deallocate()
                newKey = .allocate(byteCount: max(room, 2 * newKey.count), alignment: 16)
            }
            buffer = newKey
        }
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        let base = UnsafeRawPointer(buffer.baseAddress!)
        if index >= 0 { oldKeys[index] = UnsafeMutableRawBufferPointer(start: buffer.baseAddress, count: bytes.count) }
        return (base, bytes.count)
    }
}
