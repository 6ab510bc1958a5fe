/// Random texts that put combining marks after the characters an escaper
/// must catch: `"` + U+0301 is one `Character` that equals none of them,
/// and `<` + U+0338 is even canonically "≮". An escaper that walks
/// `Character`s passes such a mark's base through raw; one that walks
/// scalars does not. Seeded, so every run checks the same texts.
public enum CombiningMarkText {
    /// The scalars drawn from: the escapers' special ASCII, letters, a
    /// space, and combining marks (acute, long solidus overlay, enclosing circle).
    static let alphabet: [Unicode.Scalar] = ["\"", "'", "<", ">", "&", "%", "_", "\\", "(", ")", " ", "a", "Z", "é", "\u{301}", "\u{338}", "\u{20DD}"]

    /// `count` texts of 1 to 12 scalars.
    public static func texts(count: Int, seed: UInt64) -> [String] {
        var random = TestRandom(seed: seed)
        return (0..<count).map { _ in
            var text = ""
            for _ in 0..<random.int(in: 1...12) { text.unicodeScalars.append(alphabet[random.below(alphabet.count)]) }
            return text
        }
    }
}
