import Foundation

/// The seeded generator behind the permutation test, so that one series
/// and one seed give the same change points on every machine and run.
///
/// SplitMix64 (Steele, Lea and Flood, 2014). The shuffle is written here
/// because `shuffle(using:)` does not promise a fixed algorithm across Swift
/// versions, and a reported confidence must not change with the compiler.
package struct PermutationRandom: Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits. O(1).
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (rejection of the biased low draws). Expected O(1).
    package mutating func below(_ bound: Int) -> Int {
        let b = UInt64(bound)
        let threshold = (0 &- b) % b
        while true {
            let r = next()
            if r >= threshold { return Int(r % b) }
        }
    }

    /// Fisher–Yates from the end, in place. O(n).
    package mutating func shuffle<Element>(_ values: inout [Element]) {
        guard values.count > 1 else { return }
        for i in stride(from: values.count - 1, to: 0, by: -1) {
            values.swapAt(i, below(i + 1))
        }
    }
}
