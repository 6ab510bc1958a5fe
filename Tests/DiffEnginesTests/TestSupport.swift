import DiffBenchTestSupport

/// A list element with an identity and a content, like a feed post.
struct Post: Identifiable, Hashable, CustomStringConvertible {
    var id: Int
    var content: Int
    var description: String { "\(id):\(content)" }
}

/// The shapes of random pairs the property tests draw from.
enum PairShape: CaseIterable {
    case bothEmpty, oldEmpty, newEmpty, identical, reversed, permutation, randomEdits, tinyAlphabet, contentOnly, mixed
}

/// A random pair of post lists of the given shape. Ids are unique unless the
/// shape is `tinyAlphabet`.
func randomPair(_ shape: PairShape, using rng: inout TestRandom) -> (old: [Post], new: [Post]) {
    let n = Int.random(in: 0...40, using: &rng)
    let base = (0..<n).map { Post(id: $0, content: Int.random(in: 0...3, using: &rng)) }
    switch shape {
    case .bothEmpty: return ([], [])
    case .oldEmpty: return ([], base)
    case .newEmpty: return (base, [])
    case .identical: return (base, base)
    case .reversed: return (base, base.reversed())
    case .permutation: return (base, base.shuffled(using: &rng))
    case .contentOnly:
        return (base, base.map { Bool.random(using: &rng) ? Post(id: $0.id, content: $0.content + 10) : $0 })
    case .tinyAlphabet:
        let alphabet = Int.random(in: 1...4, using: &rng)
        let old = (0..<n).map { _ in Post(id: Int.random(in: 0..<alphabet, using: &rng), content: 0) }
        let new = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
            Post(id: Int.random(in: 0..<alphabet, using: &rng), content: 0)
        }
        return (old, new)
    case .randomEdits, .mixed:
        var new = base
        var nextID = n
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &rng))
            case 1:
                new.insert(Post(id: nextID, content: 0), at: Int.random(in: 0...new.count, using: &rng))
                nextID += 1
            case 2 where new.count > 1:
                let item = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
                new.insert(item, at: Int.random(in: 0...new.count, using: &rng))
            case 3 where !new.isEmpty && shape == .mixed:
                let k = Int.random(in: 0..<new.count, using: &rng)
                new[k].content += 1
            default: break
            }
        }
        return (base, new)
    }
}

func hasUniqueIDs(_ posts: [Post]) -> Bool { Set(posts.map(\.id)).count == posts.count }
