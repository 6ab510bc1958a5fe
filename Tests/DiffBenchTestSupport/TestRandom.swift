/// The tests' seeded generator (SplitMix64), shared by every test target.
///
/// Written apart from the library's generator in `Workloads` on purpose: the
/// tests pick their cases with it, so a bug in the library's generator cannot
/// hide itself by also choosing the cases that would show it. The same seed
/// gives the same cases on every run and machine.
public struct TestRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// In 0..<bound (bound > 0); the modulo bias is irrelevant for picking cases.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// In `range`, with the same small modulo bias.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// Uniform in [low, high).
    public mutating func double(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// True with the given probability.
    public mutating func chance(_ probability: Double) -> Bool { double(0, 1) < probability }

    /// Fisher–Yates with this generator.
    public mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, below(i + 1))
        }
    }
}
