import Foundation
import Testing

@testable import Rendering
import DiffBenchTestSupport

@Suite struct PNGFileTests {
    /// A seeded noise image: every pixel random, so any channel mix-up shows.
    private func noise(width: Int, height: Int, seed: UInt64, opaque: Bool) -> RasterImage {
        var random = TestRandom(seed: seed)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for index in bytes.indices {
            bytes[index] = opaque && index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: random.next())
        }
        return RasterImage(width: width, height: height, rgba: bytes)
    }

    @Test func rgbaRoundTripKeepsEveryPixel() throws {
        let scratch = ScratchDirectory()
        for (index, size) in [(1, 1), (37, 23), (256, 3), (5, 300)].enumerated() {
            let image = noise(width: size.0, height: size.1, seed: UInt64(index + 1), opaque: false)
            let path = scratch.path + "/noise-\(index).png"
            try PNGFile.write(image, to: path, channels: .rgba)
            let back = try PNGFile.read(path)
            #expect(back.width == image.width && back.height == image.height)
            #expect(back.pixels == image.pixels)
        }
    }

    @Test func rgbRoundTripDropsOnlyAlpha() throws {
        let scratch = ScratchDirectory()
        let image = noise(width: 64, height: 48, seed: 77, opaque: true)
        let path = scratch.path + "/rgb.png"
        try PNGFile.write(image, to: path, channels: .rgb)
        let back = try PNGFile.read(path)
        #expect(back.pixels == image.pixels)
        // The file really is RGB: colour type 2 in the IHDR chunk (byte 25).
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(bytes[25] == 2)
    }

    @Test func writingLeavesNoTemporaryFiles() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path + "/a.png"
        try PNGFile.write(RasterImage(width: 3, height: 3, background: .black), to: path)
        try PNGFile.write(RasterImage(width: 4, height: 2, background: .white), to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["a.png"])
        #expect(try PNGFile.read(path).width == 4)
    }

    @Test func aFailedWriteNamesThePathAndWritesNothing() throws {
        let scratch = ScratchDirectory()
        let missing = scratch.path + "/no-such-folder/a.png"
        #expect(throws: PNGError.self) { try PNGFile.write(RasterImage(width: 2, height: 2), to: missing) }
        do {
            try PNGFile.write(RasterImage(width: 2, height: 2), to: missing)
        } catch {
            #expect(error.path == missing)
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func readingSomethingElseIsAClearError() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path + "/not.png"
        try "hello".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try PNGFile.read(path)
            Issue.record("reading a text file as PNG succeeded")
        } catch {
            #expect(error.path == path)
            #expect(error.problem.contains("not a readable PNG"))
        }
        #expect(throws: PNGError.self) { try PNGFile.read(scratch.path + "/absent.png") }
    }
}

@Suite struct RasterTests {
    @Test func fillClipsAndLinesReachBothEnds() {
        var image = RasterImage(width: 10, height: 8, background: .white)
        image.fill(x: -5, y: -5, width: 7, height: 7, .black)
        #expect(image[0, 0] == .black && image[1, 1] == .black && image[2, 2] == .white)
        var random = TestRandom(seed: 3)
        for _ in 0..<50 {
            var canvas = RasterImage(width: 30, height: 20, background: .white)
            let a = (x: random.below(30), y: random.below(20)), b = (x: random.below(30), y: random.below(20))
            canvas.line(from: a, to: b, RGBA(1, 2, 3))
            #expect(canvas[a.x, a.y] == RGBA(1, 2, 3) && canvas[b.x, b.y] == RGBA(1, 2, 3))
            // A Bresenham line has one pixel per step along its longer axis.
            let inked = stride(from: 0, to: canvas.pixels.count, by: 4).filter { canvas.pixels[$0] == 1 }.count
            #expect(inked == max(abs(a.x - b.x), abs(a.y - b.y)) + 1)
        }
    }

    @Test func distinctColorsTellsBlankFromDrawn() {
        var image = RasterImage(width: 16, height: 16)
        #expect(image.distinctColors() == 1)
        image.fill(x: 0, y: 0, width: 4, height: 4, .black)
        image.frame(x: 5, y: 5, width: 6, height: 6, RGBA(200, 0, 0))
        #expect(image.distinctColors() == 3)
    }

    @Test func fontDrawsKnownGlyphsAndABoxForUnknownOnes() {
        #expect(BitmapFont.width(of: "AB", scale: 2) == 22)
        var a = RasterImage(width: 6, height: 7)
        BitmapFont.draw("A", into: &a, x: 0, y: 0, color: .black)
        // 'A': the top row has three inked pixels in the middle, the middle row five.
        #expect((0..<5).map { a[$0, 0] == .black } == [false, true, true, true, false])
        #expect((0..<5).allSatisfy { a[$0, 3] == .black })
        var unknown = RasterImage(width: 6, height: 7)
        BitmapFont.draw("❦", into: &unknown, x: 0, y: 0, color: .black)
        #expect((0..<5).allSatisfy { unknown[$0, 0] == .black && unknown[$0, 6] == .black })
        #expect(unknown[2, 3] == .white)
        var lower = RasterImage(width: 6, height: 7), upper = RasterImage(width: 6, height: 7)
        BitmapFont.draw("q", into: &lower, x: 0, y: 0, color: .black)
        BitmapFont.draw("Q", into: &upper, x: 0, y: 0, color: .black)
        #expect(lower == upper)
    }

    /// A perceptual ramp gets lighter all the way (Rec. 709 luma rises).
    @Test func viridisLightnessRisesMonotonically() {
        let ramp = ColorRamp.viridis
        #expect(ramp.color(at: 0) == RGBA(hex: 0x440154))
        #expect(ramp.color(at: 1) == RGBA(hex: 0xFDE725))
        func luma(_ c: RGBA) -> Double { 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b) }
        let samples = ramp.table(count: 101).map(luma)
        for (a, b) in zip(samples, samples.dropFirst()) { #expect(b >= a) }
    }
}
