/// A raster image in memory: row-major, 4 bytes per pixel (R, G, B, A), the
/// layout libpng's simplified API reads and writes directly.
///
/// Memory: 4 · width · height bytes. The drawing operations are the few a
/// chart without text needs (rectangles, lines, frames) and clip to the
/// image, so callers can draw without bounds checks.
package struct RasterImage: Hashable, Sendable {
    package let width: Int
    package let height: Int
    /// RGBA bytes, `4 · width` per row, top row first.
    package var pixels: [UInt8]

    /// A `width` × `height` image filled with `background`. Both sides must be
    /// positive.
    package init(width: Int, height: Int, background: RGBA = .white) {
        precondition(width > 0 && height > 0, "an image needs at least one pixel")
        self.width = width
        self.height = height
        var row = [UInt8]()
        row.reserveCapacity(width * 4)
        for _ in 0..<width { row += [background.r, background.g, background.b, background.a] }
        var all = [UInt8]()
        all.reserveCapacity(width * height * 4)
        for _ in 0..<height { all += row }
        pixels = all
    }

    /// An image over existing RGBA bytes (`4 · width · height` of them).
    package init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "RGBA bytes do not match the size")
        self.width = width
        self.height = height
        pixels = rgba
    }

    package subscript(x: Int, y: Int) -> RGBA {
        get {
            let o = (y * width + x) * 4
            return RGBA(pixels[o], pixels[o + 1], pixels[o + 2], pixels[o + 3])
        }
        set {
            let o = (y * width + x) * 4
            pixels[o] = newValue.r
            pixels[o + 1] = newValue.g
            pixels[o + 2] = newValue.b
            pixels[o + 3] = newValue.a
        }
    }

    /// Sets one pixel when it is inside the image.
    @inlinable
    package mutating func plot(_ x: Int, _ y: Int, _ color: RGBA) {
        if x >= 0, y >= 0, x < width, y < height { self[x, y] = color }
    }

    /// Fills the rectangle with corner (x, y) and the given size, clipped.
    package mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ color: RGBA) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        let c = [color.r, color.g, color.b, color.a]
        pixels.withUnsafeMutableBufferPointer { p in
            for row in y0..<y1 {
                var o = (row * width + x0) * 4
                for _ in x0..<x1 {
                    p[o] = c[0]; p[o + 1] = c[1]; p[o + 2] = c[2]; p[o + 3] = c[3]
                    o += 4
                }
            }
        }
    }

    /// Draws the outline of a rectangle, `thickness` pixels inwards.
    package mutating func frame(x: Int, y: Int, width w: Int, height h: Int, thickness t: Int = 1, _ color: RGBA) {
        fill(x: x, y: y, width: w, height: t, color)
        fill(x: x, y: y + h - t, width: w, height: t, color)
        fill(x: x, y: y, width: t, height: h, color)
        fill(x: x + w - t, y: y, width: t, height: h, color)
    }

    /// A straight line from (x0, y0) to (x1, y1), Bresenham's integer walk,
    /// drawn as a `thickness`-pixel square brush. O(length · thickness²).
    package mutating func line(from p0: (x: Int, y: Int), to p1: (x: Int, y: Int), thickness: Int = 1, _ color: RGBA) {
        var x = p0.x, y = p0.y
        let dx = abs(p1.x - x), dy = -abs(p1.y - y)
        let sx = x < p1.x ? 1 : -1, sy = y < p1.y ? 1 : -1
        var error = dx + dy
        let half = (thickness - 1) / 2
        while true {
            if thickness <= 1 {
                plot(x, y, color)
            } else {
                fill(x: x - half, y: y - half, width: thickness, height: thickness, color)
            }
            if x == p1.x && y == p1.y { break }
            let e2 = 2 * error
            if e2 >= dy { error += dy; x += sx }
            if e2 <= dx { error += dx; y += sy }
        }
    }

    /// Copies `image` with its top-left corner at (x, y), clipped.
    package mutating func draw(_ image: RasterImage, atX x: Int, y: Int) {
        for row in 0..<image.height where y + row >= 0 && y + row < height {
            for column in 0..<image.width where x + column >= 0 && x + column < width {
                self[x + column, y + row] = image[column, row]
            }
        }
    }

    /// Number of distinct colours, counting at most `limit` (tests use it to
    /// tell a picture from a blank canvas).
    package func distinctColors(limit: Int = 1 << 16) -> Int {
        var seen = Set<UInt32>()
        var o = 0
        while o < pixels.count && seen.count < limit {
            let v = UInt32(pixels[o]) << 24 | UInt32(pixels[o + 1]) << 16 | UInt32(pixels[o + 2]) << 8 | UInt32(pixels[o + 3])
            seen.insert(v)
            o += 4
        }
        return seen.count
    }
}
