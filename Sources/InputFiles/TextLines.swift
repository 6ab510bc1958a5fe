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

    /// Reads the file at `path` as lines: a window of bytes at a time
    /// (``readInWindows(path:)``) when it is a regular file, else whole.
    /// O(bytes).
    public static func read(path: String) throws(InputError) -> TextLines {
        if let text = try readInWindows(path: path) { return text }
        return try split(InputFile.bytes(at: path, expected: "a text file"), source: path)
    }

    /// Splits UTF-8 `bytes` into lines; text that is not UTF-8 is refused
    /// with `source`, the line and the column (in bytes) of the first bad
    /// byte. O(bytes): one pass, one `String` per line.
    public static func split(_ bytes: [UInt8], source: String) throws(InputError) -> TextLines {
        var text = TextLines(lines: [], endings: [])
        _ = try text.appendLines(of: bytes, from: 0, isLast: true, source: source)
        return text
    }

    /// Appends the lines of `window[from...]` and returns where it stopped:
    /// at the end, or — when the window is not the text's last — at the
    /// start of a line whose ending is not in the window yet (a CR at the
    /// window's end waits too: an LF may follow it). A line that is not
    /// UTF-8 is refused, its line counted from the text's start.
    ///
    /// Why this shape: each line is looked at once by the scan for its end
    /// (a byte above CR is skipped with one comparison) and once by the
    /// UTF-8 check, which `String(copying:)` then trusts — no second
    /// validation, no generic decoding of a slice. The scan and the check
    /// read through `Span`, bounds-checked, with no copy of the window.
    /// O(bytes of the window).
    mutating func appendLines(of window: [UInt8], from: Int, isLast: Bool, source: String) throws(InputError) -> Int {
        let bytes = window.span
        let count = bytes.count
        var start = from, index = from
        while true {
            while index < count, bytes[index] > UInt8(ascii: "\r") || (bytes[index] != UInt8(ascii: "\n") && bytes[index] != UInt8(ascii: "\r")) {
                index += 1
            }
            let end = index
            let ending: Ending
            if index == count {
                guard isLast, start < count else { return start }
                ending = .none
            } else if bytes[index] == UInt8(ascii: "\n") {
                ending = .lf
                index += 1
            } else if index + 1 < count {
                ending = bytes[index + 1] == UInt8(ascii: "\n") ? .crlf : .cr
                index += ending == .crlf ? 2 : 1
            } else if isLast {
                ending = .cr
                index += 1
            } else {
                return start
            }
            do {
                lines.append(String(copying: try UTF8Span(validating: bytes.extracting(start..<end))))
            } catch {
                let offset = start + error.byteOffsets.lowerBound
                throw InputError(
                    source: source, position: TextPosition(line: lines.count + 1, column: offset - start + 1),
                    problem: String(format: "byte 0x%02x is not UTF-8 text; --lines reads UTF-8 files", window[offset]))
            }
            endings.append(ending)
            if ending == .none { return count }
            start = index
        }
    }
}
