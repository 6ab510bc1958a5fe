import DiffBenchTestSupport

extension TestRandom {
    /// A list of `count` codes drawn from `alphabet` symbols.
    mutating func codes(count: Int, alphabet: Int) -> [Int32] { (0..<count).map { _ in Int32(below(alphabet)) } }
}


