/// The 64-bit FNV-1a hash, fed piece by piece. O(bytes fed).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    /// A hash whose value is `value` (to write a finished hash as hex).
    init(value: UInt64) { self.value = value }

    mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01b3
    }

    /// A 64-bit word, its 8 bytes low first.
    mutating func add(word: UInt64) {
        var word = word
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: word))
            word >>= 8
        }
    }

    mutating func add<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { add(byte) }
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { for byte in $0 { add(byte) } }
    }

    /// The hash as 16 hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
