import CPNG
import Foundation
import FileSupport

/// A PNG that could not be written or read, with the file and libpng's reason.
package typealias PNGError = FileError

/// PNG files through libpng's simplified API (`png_image_*`), which reports
/// errors by return value: the classic API's `setjmp`/`longjmp` error handling
/// cannot be used from Swift.
///
/// Complexity: linear in the pixel count; the whole image is in memory
/// (4 bytes per pixel), which is what the simplified API needs.
package enum PNGFile {
    /// How many channels the file stores. The in-memory image is always RGBA.
    package enum Channels: Sendable {
        /// 8-bit RGB: the alpha channel is dropped (smaller files, opaque charts).
        case rgb
        /// 8-bit RGBA.
        case rgba
    }

    /// Writes `image` to `path`: first to a temporary file next to it, then
    /// renamed over `path`, so a reader never sees half a PNG and a failure
    /// leaves any previous file in place.
    package static func write(_ image: RasterImage, to path: String, channels: Channels = .rgb) throws(PNGError) {
        var bytes: [UInt8]
        let format: UInt32
        switch channels {
        case .rgba:
            bytes = image.pixels
            format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        case .rgb:
            bytes = [UInt8](repeating: 0, count: image.width * image.height * 3)
            image.pixels.withUnsafeBufferPointer { source in
                bytes.withUnsafeMutableBufferPointer { target in
                    var s = 0, t = 0
                    while s < source.count {
                        target[t] = source[s]
                        target[t + 1] = source[s + 1]
                        target[t + 2] = source[s + 2]
                        s += 4
                        t += 3
                    }
                }
            }
            format = UInt32(PNG_FORMAT_FLAG_COLOR)
        }
        AtomicFile.removeStaleTemporaries(of: path)
        let temporary = AtomicFile.temporaryPath(for: path)
        var control = png_image()
        control.version = UInt32(PNG_IMAGE_VERSION)
        control.width = UInt32(image.width)
        control.height = UInt32(image.height)
        control.format = format
        let stride = Int32(image.width * (channels == .rgba ? 4 : 3))
        let ok = bytes.withUnsafeBytes { raw in
            png_image_write_to_file(&control, temporary, 0, raw.baseAddress, stride, nil)
        }
        let message = libpngMessage(control)
        png_image_free(&control)
        guard ok != 0 else {
            unlink(temporary)
            throw PNGError(path: path, problem: "libpng could not write the image: \(message)")
        }
        do {
            try AtomicFile.moveIntoPlace(temporary, path)
        } catch {
            throw PNGError(path: path, problem: "could not move the finished PNG into place: \(error.problem)")
        }
    }

    /// Reads any PNG libpng understands, converted to 8-bit RGBA.
    package static func read(_ path: String) throws(PNGError) -> RasterImage {
        var control = png_image()
        control.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&control, path) != 0 else {
            let message = libpngMessage(control)
            png_image_free(&control)
            throw PNGError(path: path, problem: "not a readable PNG: \(message)")
        }
        control.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let width = Int(control.width), height = Int(control.height)
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else {
            png_image_free(&control)
            throw PNGError(path: path, problem: "unsupported size \(width) × \(height)")
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let ok = bytes.withUnsafeMutableBytes { raw in
            png_image_finish_read(&control, nil, raw.baseAddress, Int32(width * 4), nil)
        }
        let message = libpngMessage(control)
        png_image_free(&control)
        guard ok != 0 else { throw PNGError(path: path, problem: "libpng could not decode the image: \(message)") }
        return RasterImage(width: width, height: height, rgba: bytes)
    }

    /// A sibling path that is unique to this process and call.
    private static func libpngMessage(_ control: png_image) -> String {
        var copy = control.message
        let text = withUnsafeBytes(of: &copy) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown error" : text
    }
}
