// The cost of naming the identity with a key path instead of `Identifiable`.
//
// Three element types hold the same data (an integer id, a like count, a
// title); the lists are the same seeded mix of deletes, moves, inserts and
// content changes at 1,000 and 10,000 items. Each form is called 40 times
// per round, rounds alternate between the forms, and the minimum per form is
// printed (the least disturbed call on a shared machine), with the ratio to
// the `Identifiable` form. Last, the by-name form against the engine type.
import DiffEngines

struct Post: Identifiable, Equatable {
    var id: Int
    var likes: Int
    var title: String
}

/// The same post without `Identifiable`: the key-path form's use case.
struct Row: Equatable {
    var likes: Int
    var title: String
    var key: Int
    /// A computed id: no stored offset, so it is read through the runtime.
    var computedKey: Int { key }
}

/// SplitMix64, so every run times the same lists.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func lists(_ n: Int) -> (old: [Post], new: [Post]) {
    var rng = Seeded(state: UInt64(n))
    let old = (0..<n).map { Post(id: $0 * 7, likes: 0, title: "post \($0)") }
    var new = old
    for _ in 0..<n / 10 { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
    for _ in 0..<n / 10 {
        let item = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
        new.insert(item, at: Int.random(in: 0...new.count, using: &rng))
    }
    for k in 0..<n / 10 { new.insert(Post(id: -k - 1, likes: 0, title: "new"), at: Int.random(in: 0...new.count, using: &rng)) }
    for _ in 0..<n / 10 { new[Int.random(in: 0..<new.count, using: &rng)].likes += 1 }
    return (old, new)
}

@inline(never)
func fastest(_ rounds: Int, _ body: () throws -> Changeset) rethrows -> (ns: Double, steps: Int) {
    let clock = ContinuousClock()
    var best = Duration.seconds(1_000)
    var steps = 0
    for _ in 0..<rounds {
        let start = clock.now
        let changes = try body()
        let elapsed = clock.now - start
        if elapsed < best { best = elapsed }
        steps = changes.stepCount
    }
    let (seconds, attoseconds) = best.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9, steps)
}

func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }

print("engine   n       Identifiable   id: \\.key (stored)   id: \\.computedKey (runtime)   steps")
for n in [1_000, 10_000] {
    let (old, new) = lists(n)
    let oldRows = old.map { Row(likes: $0.likes, title: $0.title, key: $0.id) }
    let newRows = new.map { Row(likes: $0.likes, title: $0.title, key: $0.id) }
    for engine in [EngineName.heckel, .set, .anchor, .myers] {
        let builtIn = try BuiltInEngine(engine)
        var best = [Double](repeating: .infinity, count: 3)
        var steps = [0, 0, 0]
        for _ in 0..<5 {
            let forms: [() throws -> Changeset] = [
                { try builtIn.diff(from: old, to: new) },
                { try builtIn.diff(from: oldRows, to: newRows, id: \.key) },
                { try builtIn.diff(from: oldRows, to: newRows, id: \.computedKey) },
            ]
            for (k, form) in forms.enumerated() {
                let result = try fastest(n >= 10_000 && engine == .myers ? 4 : 40, form)
                best[k] = min(best[k], result.ns)
                steps[k] = result.steps
            }
        }
        precondition(Set(steps).count == 1, "the forms disagree: \(steps)")
        func cell(_ k: Int) -> String {
            let micro = best[k] / 1_000
            let text = micro < 100 ? String(Double(Int(micro * 10)) / 10) : String(Int(micro))
            return k == 0 ? "\(text) µs" : "\(text) µs (\(String(Double(Int(best[k] / best[0] * 100)) / 100))×)"
        }
        print(pad(engine.rawValue, 9) + pad(String(n), 8) + pad(cell(0), 15) + pad(cell(1), 22) + pad(cell(2), 30) + String(steps[0]))
    }
}

// The by-name form against the concrete type (both Identifiable): the
// by-name form is a switch over the engine types, so it should cost the same.
print("\nheckel   n       HeckelEngine()   BuiltInEngine(named: \"heckel\")")
for n in [1_000, 10_000] {
    let (old, new) = lists(n)
    let byName = try BuiltInEngine(named: "heckel")
    var direct = Double.infinity, named = Double.infinity
    for _ in 0..<5 {
        direct = min(direct, try fastest(40) { try HeckelEngine().diff(from: old, to: new) }.ns)
        named = min(named, try fastest(40) { try byName.diff(from: old, to: new) }.ns)
    }
    let ratio = String(Double(Int(named / direct * 100)) / 100)
    print(pad("", 9) + pad(String(n), 8) + pad("\(Int(direct / 100) / 10) µs", 17) + "\(Int(named / 100) / 10) µs (\(ratio)×)")
}
