import Rendering

/// Colours used across the pictures (colour-blind-safe where they carry meaning).
enum Palette {
    static let path = "#D62728"
    static let match = "#2CA02C"
    static let grid = "#C8C8C8"
    static let text = "#222222"
    static let muted = "#777777"
    static let delete = "#D62728"
    static let insert = "#2CA02C"
    static let move = "#FF7F0E"
    static let update = "#9467BD"
    static let stay = "#7F7F7F"
    static let forward = "#1F77B4"
    static let backward = "#FF7F0E"
    static let finalPath = "#FFD54F"
    /// Free diagonals (old[x] = new[y]) in the edit graphs; no round of the
    /// search uses this green (see `EditGraphCanvas.roundColor`).
    static let freeDiagonal = "#2CA02C"

    /// A light blue ramp for table values: 0 nearly white, the maximum mid blue.
    static func tableFill(_ value: Int, maximum: Int) -> Int {
        let t = maximum == 0 ? 0 : Double(value) / Double(maximum)
        let low = (0xF7, 0xFB, 0xFF), high = (0x6B, 0xAE, 0xD6)
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return mix(low.0, high.0) << 16 | mix(low.1, high.1) << 8 | mix(low.2, high.2)
    }
}
