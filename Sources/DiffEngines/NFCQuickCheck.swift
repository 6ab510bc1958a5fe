/// The NFC quick check over UTF-8 bytes: a proof, for most real text, that a
/// string is already in Normalization Form C, so that the string byte table
/// can key it by its own bytes.
///
/// Why it is enough for `==`: `String ==` is canonical equivalence, and two
/// strings are canonically equivalent exactly when their NFC forms are
/// equal. A string that is already NFC is its own NFC form, so its bytes
/// are its key; a string the check cannot prove NFC is keyed by the
/// standard library's own NFC of it (``_NormalizedStringKeys``), so the two
/// meet in one table (see `Guides/Heckel.md`, "Non-ASCII ids").
///
/// The check (Unicode's quick check, UAX #15, without its "maybe"): every
/// scalar is assigned and may stand unchanged in NFC whatever precedes it,
/// and the canonical combining classes of consecutive marks never
/// decrease. A string with a scalar of NFC_Quick_Check "No" or "Maybe"
/// (U+2126 OHM SIGN, U+0301, a Hangul vowel jamo), with marks out of order
/// (U+0307 before U+0323), or with a scalar the table's Unicode version
/// did not assign, fails, and is normalized instead: slower, never wrong.
///
/// The standard library keeps the same property private (its
/// `UTF8Span.checkForNFC(quickCheck: true)` is public but measured about
/// 2.5 µs for a 50-byte line with two non-ASCII scalars, against well
/// under 0.1 µs here), and a `String` sets its own NFC flag only when it
/// is ASCII, so the table is generated from Python's `unicodedata` by
/// `scripts/generate-nfc-table.py`. A table older than the standard
/// library's Unicode is sound: by Unicode's normalization stability
/// policy, a string of characters assigned in version V that is NFC under
/// V stays NFC in every later version, and scalars the table does not
/// know fail the check.
///
/// - Complexity: O(count): 8 ASCII bytes per step, then two table loads
///   per non-ASCII scalar. The table (about 36 KB) is decoded on first use.
@usableFromInline
enum _NFCQuickCheck {
    /// Scalars per block of the second stage.
    static var blockShift: Int { 7 }
    /// First-stage entries: one block index per 128 scalars.
    static var blockCount: Int { 0x110000 >> blockShift }
    /// The value of a scalar the check cannot pass.
    static var slow: UInt8 { 255 }

    /// The two-stage table: ``blockCount`` block indices, then the distinct
    /// 128-byte blocks of values (a canonical combining class, or ``slow``).
    /// Written once, before it is first read, and never again: safe to share.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = decode(_nfcQuickCheckRuns)

    /// Decodes the generated runs (`NFCQuickCheckTable.swift`) into the
    /// two-stage table; the runs cover every scalar, in order.
    ///
    /// - Complexity: O(runs + blocks × 128), once per process.
    static func decode(_ runs: String) -> UnsafePointer<UInt8> {
        let blockSize = 1 << blockShift
        var stage1 = [UInt8](repeating: 0, count: blockCount)
        var blocks: [[UInt8]] = []
        var uniform: [UInt8: Int] = [:]
        var mixed: [[UInt8]: Int] = [:]
        var current: [UInt8] = []
        current.reserveCapacity(blockSize)
        var block = 0
        func close() {
            let index: Int
            if current.allSatisfy({ $0 == current[0] }), let known = uniform[current[0]] {
                index = known
            } else if let known = mixed[current] {
                index = known
            } else {
                index = blocks.count
                blocks.append(current)
                if current.allSatisfy({ $0 == current[0] }) { uniform[current[0]] = index } else { mixed[current] = index }
            }
            precondition(index < 256, "NFC table: more than 256 distinct blocks")
            stage1[block] = UInt8(index)
            block += 1
            current.removeAll(keepingCapacity: true)
        }
        for token in runs.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            guard let value = UInt8(token.prefix(2), radix: 16), var length = Int(token.dropFirst(2), radix: 16) else {
                preconditionFailure("NFC table: bad run \(token)")
            }
            while length > 0 {
                let taken = min(length, blockSize - current.count)
                current.append(contentsOf: repeatElement(value, count: taken))
                length -= taken
                if current.count == blockSize { close() }
            }
        }
        precondition(block == blockCount && current.isEmpty, "NFC table: the runs do not cover every scalar")
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: blockCount + blocks.count * blockSize)
        table.initialize(from: stage1, count: blockCount)
        for (index, values) in blocks.enumerated() {
            (table + blockCount + index * blockSize).initialize(from: values, count: blockSize)
        }
        return UnsafePointer(table)
    }

    /// The table's value for `scalar` (a canonical combining class, or ``slow``).
    @inline(__always)
    static func value(_ scalar: UInt32, in table: UnsafePointer<UInt8>) -> UInt8 {
        let block = Int(table[Int(scalar &>> UInt32(blockShift))])
        return table[blockCount &+ block &<< blockShift | Int(scalar & 127)]
    }

    /// Whether the `count` bytes of UTF-8 at `base` pass the check (they are
    /// then NFC). Bytes that are not valid UTF-8 (never in a `String`) fail.
    ///
    /// - Complexity: O(count).
    @usableFromInline
    static func passes(_ base: UnsafeRawPointer, _ count: Int) -> Bool {
        let table = self.table
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var i = 0
        var last: UInt8 = 0
        while i < count {
            if count &- i >= 8, base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i &+= 8
                last = 0
                continue
            }
            let lead = UInt32(bytes[i])
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard count &- i >= length else { return false }
            var scalar: UInt32
            switch length {
            case 1: scalar = lead
            case 2: scalar = (lead & 0x1F) &<< 6 | UInt32(bytes[i &+ 1] & 0x3F)
            case 3: scalar = (lead & 0x0F) &<< 12 | UInt32(bytes[i &+ 1] & 0x3F) &<< 6 | UInt32(bytes[i &+ 2] & 0x3F)
            default:
                scalar = (lead & 0x07) &<< 18 | UInt32(bytes[i &+ 1] & 0x3F) &<< 12
                    | UInt32(bytes[i &+ 2] & 0x3F) &<< 6 | UInt32(bytes[i &+ 3] & 0x3F)
            }
            i &+= length
            guard scalar < 0x110000 else { return false }
            let value = value(scalar, in: table)
            if value == slow || (value != 0 && value < last) { return false }
            last = value
        }
        return true
    }
}
