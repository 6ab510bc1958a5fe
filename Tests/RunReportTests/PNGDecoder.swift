import Formats
/// A small PNG reader for the tests: enough of PNG (8-bit RGB and RGBA, no
/// interlace) and of zlib/DEFLATE (RFC 1950/1951) to check that gnuplot's
/// images decode, have the promised size, and hold the colours promised.
/// Written here because Foundation on Linux offers no inflate, and the tests
/// should not depend on a tool that CI may lack.
struct DecodedPNG {
    var width: Int
    var height: Int
    /// 3 (RGB) or 4 (RGBA).
    var channels: Int
    /// Unfiltered samples, row by row.
    var samples: [UInt8]

    /// Each pixel as 0xRRGGBB (alpha dropped).
    var colours: [UInt32] {
        var out = [UInt32](repeating: 0, count: width * height)
        samples.withUnsafeBufferPointer { bytes in
            for index in 0..<(width * height) {
                let base = index * channels
                out[index] = UInt32(bytes[base]) << 16 | UInt32(bytes[base + 1]) << 8 | UInt32(bytes[base + 2])
            }
        }
        return out
    }
}

struct PNGError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum PNGDecoder {
    static func decode(_ data: [UInt8]) throws -> DecodedPNG {
        guard data.count > 8, Array(data[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else { throw PNGError("not a PNG signature") }
        var position = 8
        var width = 0, height = 0, channels = 0
        var compressed: [UInt8] = []
        var sawEnd = false
        func word(_ at: Int) -> Int { Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3]) }
        while position + 8 <= data.count {
            let length = word(position)
            let type = String(decoding: data[(position + 4)..<(position + 8)], as: UTF8.self)
            let start = position + 8
            guard start + length + 4 <= data.count else { throw PNGError("chunk \(type) runs past the end") }
            switch type {
            case "IHDR":
                width = word(start)
                height = word(start + 4)
                let depth = data[start + 8], colourType = data[start + 9], interlace = data[start + 12]
                guard depth == 8, interlace == 0 else { throw PNGError("unsupported depth \(depth) or interlace \(interlace)") }
                switch colourType {
                case 2: channels = 3
                case 6: channels = 4
                default: throw PNGError("unsupported colour type \(colourType)")
                }
            case "IDAT": compressed += data[start..<(start + length)]
            case "IEND": sawEnd = true
            default: break
            }
            position = start + length + 4
        }
        guard sawEnd, width > 0, height > 0 else { throw PNGError("missing IHDR or IEND") }
        let raw = try Inflate.zlib(compressed)
        let stride = width * channels
        guard raw.count == height * (stride + 1) else { throw PNGError("image data is \(raw.count) bytes, expected \(height * (stride + 1))") }
        var samples = [UInt8](repeating: 0, count: height * stride)
        try raw.withUnsafeBufferPointer { input in
            try samples.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    let filter = input[row * (stride + 1)]
                    let source = row * (stride + 1) + 1
                    let target = row * stride
                    for column in 0..<stride {
                        let x = Int(input[source + column])
                        let a = column >= channels ? Int(out[target + column - channels]) : 0
                        let b = row > 0 ? Int(out[target - stride + column]) : 0
                        let c = row > 0 && column >= channels ? Int(out[target - stride + column - channels]) : 0
                        let predicted: Int
                        switch filter {
                        case 0: predicted = 0
                        case 1: predicted = a
                        case 2: predicted = b
                        case 3: predicted = (a + b) / 2
                        case 4:
                            let p = a + b - c
                            let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                            predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                        default: throw PNGError("bad filter \(filter) on row \(row)")
                        }
                        out[target + column] = UInt8((x + predicted) & 0xFF)
                    }
                }
            }
        }
        return DecodedPNG(width: width, height: height, channels: channels, samples: samples)
    }
}

/// DEFLATE decoding with table-driven Huffman codes.
struct Inflate {
    private let input: [UInt8]
    private var position = 0
    private var buffer: UInt64 = 0
    private var count = 0
    private var padding = 0
    private var output: [UInt8] = []

    static func zlib(_ data: [UInt8]) throws -> [UInt8] {
        guard data.count >= 6, data[0] & 0x0F == 8, (Int(data[0]) << 8 | Int(data[1])) % 31 == 0 else {
            throw PNGError("not a zlib stream")
        }
        var inflater = Inflate(input: Array(data[2...]))
        try inflater.run()
        // Adler-32 of the output, checked against the stream's trailer.
        var a: UInt32 = 1, b: UInt32 = 0
        inflater.output.withUnsafeBufferPointer { bytes in
            for byte in bytes {
                a = (a + UInt32(byte)) % 65521
                b = (b + a) % 65521
            }
        }
        let trailer = data.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard trailer == (b << 16 | a) else { throw PNGError("Adler-32 mismatch") }
        return inflater.output
    }

    private init(input: [UInt8]) { self.input = input }

    private mutating func fill(_ bits: Int) throws {
        while count < bits {
            if position < input.count {
                buffer |= UInt64(input[position]) << UInt64(count)
                position += 1
            } else {
                // Peeking past the end is fine as long as the bits are not used.
                padding += 1
                guard padding <= 8 else { throw PNGError("compressed data ends early") }
            }
            count += 8
        }
    }

    private mutating func bits(_ n: Int) throws -> Int {
        if n == 0 { return 0 }
        try fill(n)
        let value = Int(buffer & ((1 << UInt64(n)) - 1))
        buffer >>= UInt64(n)
        count -= n
        return value
    }

    /// Canonical Huffman code as a lookup table indexed by the next
    /// `maxLength` input bits (LSB first): entry = symbol << 4 | length.
    struct Code {
        var table: [UInt32]
        var maxLength: Int

        init(lengths: [Int]) throws {
            maxLength = max(1, lengths.max() ?? 1)
            var counts = [Int](repeating: 0, count: 16)
            for length in lengths where length > 0 { counts[length] += 1 }
            var next = [Int](repeating: 0, count: 16)
            var code = 0
            for bits in 1...15 {
                code = (code + counts[bits - 1]) << 1
                next[bits] = code
            }
            table = [UInt32](repeating: 0, count: 1 << maxLength)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                let code = next[length]
                next[length] += 1
                var reversed = 0
                for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
                var index = reversed
                while index < table.count {
                    table[index] = UInt32(symbol << 4 | length)
                    index += 1 << length
                }
            }
        }
    }

    private mutating func symbol(_ code: Code) throws -> Int {
        try fill(code.maxLength)
        let entry = code.table[Int(buffer & ((1 << UInt64(code.maxLength)) - 1))]
        let length = Int(entry & 15)
        guard length > 0 else { throw PNGError("invalid Huffman code") }
        buffer >>= UInt64(length)
        count -= length
        return Int(entry >> 4)
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
        12289, 16385, 24577,
    ]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private mutating func run() throws {
        var final = false
        while !final {
            final = try bits(1) == 1
            switch try bits(2) {
            case 0:
                // Stored: skip to a byte boundary (the buffer holds whole bytes after that).
                _ = try bits(count % 8)
                let length = try bits(16), complement = try bits(16)
                guard length == (~complement & 0xFFFF) else { throw PNGError("stored block length check failed") }
                for _ in 0..<length { output.append(UInt8(try bits(8))) }
            case 1:
                let literal = try Code(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
                let distance = try Code(lengths: [Int](repeating: 5, count: 30))
                try block(literal, distance)
            case 2:
                let literals = try bits(5) + 257, distances = try bits(5) + 1, lengthCodes = try bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for index in 0..<lengthCodes { codeLengths[order[index]] = try bits(3) }
                let lengthCode = try Code(lengths: codeLengths)
                var lengths: [Int] = []
                while lengths.count < literals + distances {
                    let symbol = try symbol(lengthCode)
                    switch symbol {
                    case 0...15: lengths.append(symbol)
                    case 16:
                        guard let previous = lengths.last else { throw PNGError("repeat with no previous length") }
                        lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
                    }
                }
                try block(Code(lengths: Array(lengths[0..<literals])), Code(lengths: Array(lengths[literals..<(literals + distances)])))
            default:
                throw PNGError("reserved block type")
            }
        }
    }

    private mutating func block(_ literal: Code, _ distance: Code) throws {
        while true {
            let symbol = try symbol(literal)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < Inflate.lengthBase.count else { throw PNGError("bad length symbol") }
                let length = Inflate.lengthBase[index] + (try bits(Inflate.lengthExtra[index]))
                let code = try self.symbol(distance)
                guard code < Inflate.distanceBase.count else { throw PNGError("bad distance symbol") }
                let back = Inflate.distanceBase[code] + (try bits(Inflate.distanceExtra[code]))
                guard back <= output.count else { throw PNGError("distance reaches before the start") }
                let start = output.count - back
                output.reserveCapacity(output.count + length)
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }
}
