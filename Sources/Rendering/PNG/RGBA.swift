/// An 8-bit sRGB colour with alpha.
package struct RGBA: Hashable, Sendable {
    package var r: UInt8
    package var g: UInt8
    package var b: UInt8
    package var a: UInt8

    @inlinable
    package init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `0xRRGGBB`, opaque.
    package init(hex: UInt32) {
        self.init(UInt8(truncatingIfNeeded: hex >> 16), UInt8(truncatingIfNeeded: hex >> 8), UInt8(truncatingIfNeeded: hex))
    }

    package static let white = RGBA(255, 255, 255)
    package static let black = RGBA(0, 0, 0)

    /// The straight mix `self·(1−t) + other·t` per channel, `t` in 0...1.
    package func mixed(with other: RGBA, _ t: Double) -> RGBA {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Double(a) * (1 - t) + Double(b) * t).rounded())))
        }
        return RGBA(mix(r, other.r), mix(g, other.g), mix(b, other.b), mix(a, other.a))
    }
}
