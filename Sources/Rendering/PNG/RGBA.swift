/// An 8-bit sRGB colour with alpha.
public struct RGBA: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    @inlinable
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `0xRRGGBB`, opaque.
    public init(hex: UInt32) {
        self.init(UInt8(truncatingIfNeeded: hex >> 16), UInt8(truncatingIfNeeded: hex >> 8), UInt8(truncatingIfNeeded: hex))
    }

    public static let white = RGBA(255, 255, 255)
    public static let black = RGBA(0, 0, 0)

    /// The straight mix `self·(1−t) + other·t` per channel, `t` in 0...1.
    public func mixed(with other: RGBA, _ t: Double) -> RGBA {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Double(a) * (1 - t) + Double(b) * t).rounded())))
        }
        return RGBA(mix(r, other.r), mix(g, other.g), mix(b, other.b), mix(a, other.a))
    }
}
