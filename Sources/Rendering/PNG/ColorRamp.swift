/// A perceptually ordered colour ramp: dark violet through blue and green to
/// yellow, with lightness rising steadily, so that larger values always look
/// lighter, also to colour-blind readers and in greyscale print.
///
/// The stops are the published sRGB values of matplotlib's "viridis" map at
/// tenths of its range; between stops the ramp interpolates linearly in sRGB,
/// which stays close to the original at this spacing.
package struct ColorRamp: Sendable {
    package let stops: [RGBA]

    package init(stops: [RGBA]) {
        precondition(stops.count >= 2, "a ramp needs two stops")
        self.stops = stops
    }

    package static let viridis = ColorRamp(
        stops: [
            0x440154, 0x482878, 0x3E4A89, 0x31688E, 0x26828E, 0x1F9E89, 0x35B779, 0x6DCD59, 0xB4DE2C, 0xFDE725,
        ].map { RGBA(hex: $0) })

    /// The colour at `t` in 0...1 (clamped).
    package func color(at t: Double) -> RGBA {
        let clamped = t.isNaN ? 0 : min(1, max(0, t))
        let position = clamped * Double(stops.count - 1)
        let index = min(stops.count - 2, Int(position))
        return stops[index].mixed(with: stops[index + 1], position - Double(index))
    }

    /// A lookup table of `count` colours spanning the ramp, for colouring
    /// many cells without floating point per cell.
    package func table(count: Int) -> [RGBA] {
        precondition(count >= 1)
        if count == 1 { return [color(at: 0)] }
        return (0..<count).map { color(at: Double($0) / Double(count - 1)) }
    }
}
