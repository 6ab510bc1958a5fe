import Foundation
import RunResults
import SplitMix

/// SplitMix64, seeded from a text (FNV-1a of its UTF-8): the same text, the
/// same stream, in every process (Swift's own hashing is seeded per process).
struct SeededRandom {
    private var generator: SplitMix64

    init(_ text: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        generator = SplitMix64(seed: hash)
    }

    mutating func next() -> UInt64 { generator.next() }

    /// Uniform in (0, 1).
    mutating func unit() -> Double { (Double(next() >> 11) + 0.5) / Double(1 << 53) }

    /// Standard normal (Box–Muller).
    mutating func normal() -> Double { (-2 * log(unit())).squareRoot() * cos(2 * .pi * unit()) }
}
