import Foundation
import RunResults

/// SplitMix64, seeded from a text (FNV-1a of its UTF-8): the same text, the
/// same stream, in every process (Swift's own hashing is seeded per process).
struct SeededRandom {
    private var state: UInt64

    init(_ text: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        state = hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in (0, 1).
    mutating func unit() -> Double { (Double(next() >> 11) + 0.5) / Double(1 << 53) }

    /// Standard normal (Box–Muller).
    mutating func normal() -> Double { (-2 * log(unit())).squareRoot() * cos(2 * .pi * unit()) }
}
