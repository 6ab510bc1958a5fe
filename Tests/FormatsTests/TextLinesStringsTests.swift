import Testing

import InputFiles

/// ``TextLines/strings()``: the lines as one array for the engines, where
/// lines of the same bytes share one `String`'s storage (a text's repeats
/// cost nothing more), and lines equal only as `String`s keep their bytes.
@Suite struct TextLinesStringsTests {
    /// Where a string's UTF-8 bytes live (the same address: one storage).
    static func address(_ string: String) -> UnsafeRawPointer? {
        var string = string
        return string.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("lines of the same bytes share one storage; the array holds each line with its ending")
    func repeatsShareStorage() throws {
        let long = "        let value = compute(first, second) + offset"  // over 15 bytes: not stored inline
        let bytes = Array("\(long)\n}\r\n\(long)\nother\n\(long)\n\(long)\r\n\(long)".utf8)
        let text = try TextLines.split(bytes, source: "t.txt")
        let strings = text.strings()
        #expect(strings == text.lines.indices.map { text.lines[$0] + text.endings[$0].rawValue })
        // A line is its bytes with its ending: the CRLF copy and the last line without a break are other lines.
        #expect(strings == [long + "\n", "}\r\n", long + "\n", "other\n", long + "\n", long + "\r\n", long])
        let first = try #require(Self.address(strings[0]))
        #expect(Self.address(strings[2]) == first)
        #expect(Self.address(strings[4]) == first)
        #expect(Self.address(strings[5]) != first && Self.address(strings[6]) != first)
    }

    @Test("lines equal as Strings but not in bytes (é precomposed and decomposed) each keep their own bytes")
    func canonicalEquivalentsKeepTheirBytes() throws {
        let composed = "caf\u{E9} au lait, caf\u{E9} noir", decomposed = "cafe\u{301} au lait, cafe\u{301} noir"
        #expect(composed == decomposed)
        let text = try TextLines.split(Array("\(composed)\n\(decomposed)\n\(composed)\n".utf8), source: "t.txt")
        #expect(text.strings().map { Array($0.utf8) } == [composed, decomposed, composed].map { Array(($0 + "\n").utf8) })
    }
}
