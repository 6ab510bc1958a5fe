/// The one seeded pseudo-random generator of the package: every workload,
/// the conformance kit's cases, the report's bootstrap and the change-point
/// permutation test draw from it.
///
/// SplitMix64 (Steele, Lea and Flood, 2014): one 64-bit add and a fixed
/// mixing function per draw, so the sequence for a seed is defined by this
/// file alone — the same on every machine, toolchain and run. That is also why
/// the helpers below (bounded draws, shuffles, samples) are written here
/// rather than taken from the standard library: `Int.random(in:using:)` and
/// `shuffle(using:)` do not promise a fixed algorithm across Swift versions,
/// and a dataset, a conformance case or a reported confidence must not change
/// when the compiler does. The draws are `@inlinable` so that the modules
/// compiled with -O in debug builds (the permutation test draws in loops)
/// inline them as they did when each module had its own copy.
///
/// Not for cryptography; never seeded from the system.
public struct SplitMix64: Sendable {
    @usableFromInline var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits. O(1).
    @inlinable public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound`. Rejects the few low draws that would
    /// make `%` favour small results (2^64 mod bound of them), so every value
    /// is exactly equally likely. Expected O(1).
    @inlinable public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(\(bound)): the bound must be positive")
        let b = UInt64(bound)
        let threshold = (0 &- b) % b
        while true {
            let r = next()
            if r >= threshold { return Int(r % b) }
        }
    }

    /// Shuffles `items` uniformly (Fisher–Yates, from the end). O(n).
    @inlinable public mutating func shuffle<T>(_ items: inout [T]) {
        var i = items.count - 1
        while i > 0 {
            let j = below(i + 1)
            if j != i { items.swapAt(i, j) }
            i -= 1
        }
    }

    /// `count` distinct integers from `0..<range`, in random order
    /// (a partial Fisher–Yates over `0..<range`). O(range) time and memory,
    /// which every workload already spends on its lists; no `Set` is involved,
    /// so no hash-seeded iteration order can leak into the data.
    public mutating func sample(_ count: Int, from range: Int) -> [Int] {
        precondition(count >= 0 && count <= range, "sample(\(count), from: \(range))")
        var pool = Array(0..<range)
        for i in 0..<count {
            let j = i + below(range - i)
            if j != i { pool.swapAt(i, j) }
        }
        return Array(pool[0..<count])
    }

    /// A permutation of `0..<count` that moves every position (a derangement),
    /// uniform among derangements: uniform shuffles are redrawn until none
    /// has a fixed point, which takes e ≈ 2.7 draws on average. O(count)
    /// expected. `count` must not be 1 (a single position cannot move).
    public mutating func derangement(of count: Int) -> [Int] {
        precondition(count != 1, "a single position has no derangement")
        var permutation = Array(0..<count)
        while true {
            shuffle(&permutation)
            if !permutation.indices.contains(where: { permutation[$0] == $0 }) { return permutation }
        }
    }
}
