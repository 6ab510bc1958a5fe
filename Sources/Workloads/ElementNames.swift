import SplitMix
import InputFiles
import RunResults

/// Deterministic names for integer ids: UUID strings, titles, dates.
public enum ElementNames {
    /// `text` with storage of its own (a string of up to 15 UTF-8 bytes is
    /// held inline, and has none to share). O(length).
    public static func separateCopy(of text: String) -> String {
        let utf8 = Array(text.utf8)
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            _ = buffer.initialize(from: utf8)
            return utf8.count
        }
    }

    /// A UUID-formatted string (8-4-4-4-12 lowercase hex) for `id`. Its
    /// first 16 hex digits are a bijective mix of the id (SplitMix64's
    /// finalizer), so distinct ids never share a string; the rest is a
    /// second mix, with the RFC 4122 variant bits set. O(1).
    public static func uuid(for id: Int) -> String {
        let high = mix(UInt64(bitPattern: Int64(id)))
        let low = mix(~UInt64(bitPattern: Int64(id)) &+ 0x6A09_E667_F3BC_C909)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        // Uniqueness comes from `high` alone; the variant bits touch `low` only.
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A post title of 25–40 characters, fixed per id.
    public static func title(for id: Int) -> String {
        let words = ["release", "notes", "weekend", "photos", "recipe", "update", "travel", "review", "launch", "garden",
                     "music", "library", "meeting", "summary"]
        let hash = mix(UInt64(bitPattern: Int64(id)))
        let first = words[Int(hash % UInt64(words.count))]
        let second = words[Int((hash >> 16) % UInt64(words.count))]
        return "Post \(id): \(first) and \(second)"
    }

    /// A publication date within 2024, fixed per id.
    public static func published(for id: Int) -> Double {
        725_846_400 + Double(mix(UInt64(bitPattern: Int64(id))) % 31_536_000)
    }

    /// SplitMix64's first draw from the seed `value`: its add and finalizer,
    /// a bijection on 64-bit words. O(1).
    static func mix(_ value: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: value)
        return generator.next()
    }
}
