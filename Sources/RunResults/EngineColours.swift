/// Chart colours of engines: what a valid one is, when two are too alike
/// to tell apart, and spares to draw with instead. Registration (in
/// `Harness`) and the charts' palette (in `RunReport`) both use them, so
/// the two never disagree on what counts as a colour.
public enum EngineColours {
    /// Colours for engines without one of their own, or whose own is too
    /// close to another engine's: the spare set first (tab10's browns,
    /// purples, olives and cyans beside the Okabe–Ito built-ins), then a
    /// 6 × 6 × 6 cube, so there is always one more.
    public static let spare = ["#000000", "#8C564B", "#9467BD", "#BCBD22", "#17BECF", "#E6AB02"]

    /// Two colours closer than this (``distance(_:_:)``) read as one in a
    /// legend. The closest pair among the built-ins and `floor` (lcs's
    /// orange and stdlib's vermilion) is 133 apart; a shade one step off
    /// (#0073B3 beside #0072B2) is 2.6.
    public static let minimumDistance = 60.0

    /// `#` and six hexadecimal digits, nothing else: the only form that
    /// reaches a gnuplot script or an HTML style. O(1).
    public static func isHex(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#") && bytes[1...].allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0 | 0x20)
        }
    }

    /// Red, green and blue of a `#RRGGBB` colour, or nil. O(1).
    static func components(_ text: String) -> (Double, Double, Double)? {
        guard isHex(text), let value = Int(text.dropFirst(), radix: 16) else { return nil }
        return (Double(value >> 16), Double((value >> 8) & 0xFF), Double(value & 0xFF))
    }

    /// How far apart two colours look: the "red mean" weighting of RGB
    /// distance, a cheap stand-in for a perceptual one (0 for the same
    /// colour, about 765 for black and white); infinite when either is not
    /// `#RRGGBB`. O(1).
    public static func distance(_ a: String, _ b: String) -> Double {
        guard let (r1, g1, b1) = components(a), let (r2, g2, b2) = components(b) else { return .infinity }
        let redMean = (r1 + r2) / 2
        let dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        return ((2 + redMean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - redMean) / 256) * db * db).squareRoot()
    }

    /// The first spare colour at least ``minimumDistance`` from every one
    /// of `taken`. O(spares × taken).
    public static func distinct(from taken: [String]) -> String {
        let levels = ["00", "33", "66", "99", "CC", "FF"]
        let cube = levels.flatMap { r in levels.flatMap { g in levels.map { b in "#" + r + g + b } } }
        return (spare + cube).first { candidate in taken.allSatisfy { distance(candidate, $0) >= minimumDistance } } ?? spare[0]
    }
}
