/// One colour per engine, the same in every chart of every run, so a reader
/// who has learned "blue is myers" once never has to look at a legend again.
///
/// The colours are the Okabe–Ito set, chosen because they stay apart for
/// the common forms of colour blindness; `floor` (a reference, not an
/// engine) is grey so it reads as a baseline rather than a competitor.
public enum EnginePalette {
    /// Engines in the order charts, legends and tables list them.
    public static let order = ["lcs", "myers", "heckel", "set", "stdlib", "floor"]

    static let colours: [String: String] = [
        "lcs": "#E69F00",  // orange
        "myers": "#0072B2",  // blue
        "heckel": "#009E73",  // bluish green
        "set": "#CC79A7",  // reddish purple
        "stdlib": "#D55E00",  // vermillion
        "floor": "#7F7F7F",  // grey
    ]

    /// Colours for engines outside the fixed list (a future engine, a renamed
    /// one): picked by a hash of the name, so the choice does not depend on
    /// which other engines a run happens to hold.
    static let spare = ["#56B4E9", "#000000", "#8C564B", "#9467BD", "#BCBD22", "#17BECF"]

    /// `#RRGGBB` for an engine. O(length of the name).
    public static func colour(for engine: String) -> String {
        if let fixed = colours[engine] { return fixed }
        // FNV-1a: a stable hash (Swift's `hashValue` is seeded per process).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in engine.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return spare[Int(hash % UInt64(spare.count))]
    }

    /// gnuplot point type per engine (circle, square, triangle up, triangle
    /// down, diamond, pentagon): where two engines' points coincide the
    /// shapes still tell them apart, and so do readers who cannot tell the
    /// colours apart.
    public static func pointType(for engine: String) -> Int {
        let shapes = [7, 5, 9, 11, 13, 15]
        if let index = order.firstIndex(of: engine) { return shapes[index] }
        return 7
    }

    /// Point size per engine: the later an engine is drawn, the smaller its
    /// symbol, so one that lands on top of another leaves the other's edge showing.
    static func pointSize(for engine: String, base: Double) -> Double {
        let index = order.firstIndex(of: engine) ?? order.count
        return base * (1 - 0.08 * Double(index))
    }

    /// The engines given, in palette order, unknown ones after it by name.
    public static func sorted<S: Sequence>(_ engines: S) -> [String] where S.Element == String {
        var unique: [String] = []
        for engine in engines where !unique.contains(engine) { unique.append(engine) }
        return unique.sorted { left, right in
            let a = order.firstIndex(of: left) ?? order.count
            let b = order.firstIndex(of: right) ?? order.count
            return a != b ? a < b : left < right
        }
    }
}
