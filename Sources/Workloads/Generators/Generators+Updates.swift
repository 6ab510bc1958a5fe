import SplitMix
import InputFiles

extension Generators {
    /// `updates`: the same ids in the same order, and `round(fraction · n)`
    /// items (chosen uniformly) with a different content — live like counts,
    /// edited posts. Only engines that compare content see any change; a
    /// good one reports exactly those updates and nothing else.
    static func updates(_ n: Int, fraction: Double, _ rng: inout SplitMix64) -> Dataset {
        let old = items(n, firstID: 1, &rng)
        var new = old
        // `fraction` is in 0...1, so the count is in 0...n; IEEE arithmetic
        // makes it the same on every machine.
        let count = Int((fraction * Double(n)).rounded())
        for index in rng.sample(count, from: n) {
            new[index].content = changed(new[index].content, &rng)
        }
        return dataset(.identified, old: old, new: new)
    }
}
