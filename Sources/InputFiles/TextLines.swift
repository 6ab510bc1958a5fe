import FileSupport

/// A text read as lines, counted the way GNU diff counts them: a line ends
/// at LF, CRLF or a lone CR; a last line without an ending is still a line
/// (and noted: ``missingFinalNewline``); an empty text is 0 lines, not one
/// empty line. A UTF-8 byte order mark is skipped by ``InputFile`` before
/// the bytes get here.
///
/// The lines are compared without their endings (a CRLF file and its LF
/// copy hold the same lines); ``endings`` keeps each one so a unified diff
/// can give back the exact bytes. Every reader of text — `diff --lines`,
/// `run --old/--new --lines` and the git import — splits through here, so
/// they cannot disagree on a count.
public struct TextLines: Sendable, Equatable {
    /// How one line ended in the file.
    public enum Ending: String, Sendable {
        case lf = "\n", crlf = "\r\n", cr = "\r"
        /// The last line of a text that does not end in a line break.
        case none = ""
    }

    /// The lines, without their endings.
    public var lines: [String]
    /// The ending of each line (only the last may be `.none`).
    public var endings: [Ending]

    public init(lines: [String], endings: [Ending]) {
        self.lines = lines
        self.endings = endings
    }

    /// Whether the text's last line has no line break after it.
    public var missingFinalNewline: Bool { endings.last == Ending.none }

    /// Reads the file at `path` as lines. O(bytes).
    public static func read(path: String) throws(InputError) -> TextLines {
        try split(InputFile.bytes(at: path, expected: "a text file"), source: path)
    }

    /// Splits UTF-8 `bytes` into lines; text that is not UTF-8 is refused
    /// with `source`, the line and the column (in bytes) of the first bad
    /// byte. O(bytes): one pass, one `String` per line.
    public static func split(_ bytes: [UInt8], source: String) throws(InputError) -> TextLines {
        var text = TextLines(lines: [], endings: [])
        var start = 0, index = 0
        let count = bytes.count
        func finish(_ end: Int, _ ending: Ending) throws(InputError) {
            // One non-generic call per line: `String(validating:as:)` on an
            // `ArraySlice` runs the generic validator (under callgrind,
            // `diff --lines` on a 100,000-line text spent about a quarter of
            // its instructions in the runtime's generic metadata look-ups).
            // Measured in a release build on the lines of a 32.7 MB text:
            // 0.155–0.163 s of CPU that way, 0.064–0.068 s this way.
            let line = bytes.withUnsafeBufferPointer { String._tryFromUTF8(UnsafeBufferPointer(rebasing: $0[start..<end])) }
            guard let line else {
                var offset = start
                while offset < end, let length = JSONParser.utf8Length(bytes, at: offset), offset + length <= end {
                    offset += length
                }
                throw InputError(
                    source: source, position: TextPosition(line: text.lines.count + 1, column: offset - start + 1),
                    problem: String(format: "byte 0x%02x is not UTF-8 text; --lines reads UTF-8 files", bytes[offset]))
            }
            text.lines.append(line)
            text.endings.append(ending)
        }
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                try finish(index, .lf)
                index += 1
                start = index
            case UInt8(ascii: "\r"):
                let crlf = index + 1 < count && bytes[index + 1] == UInt8(ascii: "\n")
                try finish(index, crlf ? .crlf : .cr)
                index += crlf ? 2 : 1
                start = index
            default:
                index += 1
            }
        }
        if start < count { try finish(count, .none) }
        return text
    }
}
