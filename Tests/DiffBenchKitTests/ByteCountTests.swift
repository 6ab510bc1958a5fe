import Testing

@testable import DiffBenchKit

/// Sizes on the command line: plain bytes, or a number with a 1024-based
/// unit; anything else is refused (nil, which the parser reports).
@Suite struct ByteCountTests {
    @Test(arguments: [
        ("1048576", 1 << 20), ("64K", 64 << 10), ("512M", 512 << 20), ("4G", 4 << 30), ("2T", 2 << 40),
        ("4g", 4 << 30), ("4GiB", 4 << 30), ("4gb", 4 << 30), ("1.5G", 3 << 29), ("1", 1),
    ])
    func readsPlainBytesAndUnits(text: String, bytes: Int) {
        #expect(ByteCount(argument: text)?.bytes == bytes, "\(text)")
    }

    @Test(arguments: ["", "0", "0G", "-4G", "4X", "G", "4 G G", "1e9", "4GG", "nan", "99999999999T", "0x10"])
    func refusesAnythingElse(text: String) {
        #expect(ByteCount(argument: text) == nil, "\(text)")
    }

    /// Shown back in the largest unit that divides exactly.
    @Test func wordsUseTheLargestExactUnit() {
        #expect(ByteCount.words(4 << 30) == "4G")
        #expect(ByteCount.words(1536 << 20) == "1536M")
        #expect(ByteCount.words(1000) == "1000")
    }

    /// `--lcs-memory-budget` stays in MiB when plain, and takes units too.
    @Test func mebibytesTakeUnits() {
        #expect(Mebibytes(argument: "256")?.value == 256)
        #expect(Mebibytes(argument: "1G")?.value == 1024)
        #expect(Mebibytes(argument: "512K") == nil)
    }
}
