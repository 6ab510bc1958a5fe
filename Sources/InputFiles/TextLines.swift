import FileSupport

/// A text read as lines the way git and GNU diff read them: a line ends
/// after a LF (a CR before it is part of its ending, a lone CR is a byte
/// inside the line); a last line without a LF is still a line (and noted:
/// ``missingFinalNewline``); an empty text is 0 lines, not one empty line.
///
/// One rule for what a line is, everywhere: its bytes, ending included.
/// `a\r\n` differs from `a\n`, a last line without a break differs from
/// the same line with one (as `\ No newline at end of file` shows), and a
/// UTF-8 byte order mark is bytes of the first line, so adding or removing
/// one is a change. Why: a diff that calls two files equal must not print
/// a patch between them, and git, GNU diff and `patch` count this way, so
/// the text and JSON listings, `run`, the git import and the unified
/// format agree on every step. Every reader of text — `diff --lines`,
/// `run --old/--new --lines` and the git import — splits through here, so
/// they cannot disagree on a count. ``endings`` keeps each line's ending
/// apart from its content for the listings and the unified format.
///
/// Storage: the text's bytes as read, kept whole, and where each line
/// starts in them. A line becomes a `String` only when asked for
/// (``lines``, ``strings()``). Why: one `String` a line costs its bytes
/// plus a 32-byte header and the allocator's rounding, about twice a line
/// of code; a 1,000,000-line text of 38 MB read that way peaked at 3.65×
/// its size, read this way at about 2× (scripts/reader-bench.sh).
public struct TextLines: Sendable, Equatable {
    /// How one line ended in the file.
    public enum Ending: String, Sendable {
        case lf = "\n", crlf = "\r\n"
        /// The last line of a text that does not end in a LF (a lone CR
        /// there is the line's last byte, as in any other line).
        case none = ""

        /// The ending's length in bytes.
        var byteCount: Int {
            switch self {
            case .lf: return 1
            case .crlf: return 2
            case .none: return 0
            }
        }
    }

    /// The text as read, line endings included.
    private var bytes: [UInt8]
    /// Where each line starts in ``bytes``, then where the text ends: line
    /// `i` is `bytes[starts[i] ..< starts[i + 1] - endings[i].byteCount]`.
    private var starts: [Int]
    /// The ending of each line (only the last may be `.none`).
    public private(set) var endings: [Ending]

    /// A text of `lines`, each ended by the ending at its index (`lines`
    /// and `endings` have the same count). O(bytes).
    public init(lines: [String], endings: [Ending]) {
        precondition(lines.count == endings.count, "one ending a line")
        bytes = []
        starts = [0]
        self.endings = endings
        for (line, ending) in zip(lines, endings) {
            bytes.append(contentsOf: line.utf8)
            bytes.append(contentsOf: ending.rawValue.utf8)
            starts.append(bytes.count)
        }
    }

    /// The lines' contents, without their endings: each a `String` made
    /// when it is read (O(its length)), none kept. For the listings and
    /// the unified format; ``strings()`` gives the lines as compared.
    public var lines: Lines { Lines(text: self) }

    /// The lines of a ``TextLines``, each made from the text's bytes when read.
    public struct Lines: RandomAccessCollection, Sendable {
        fileprivate let text: TextLines
        public typealias Indices = Range<Int>
        public var startIndex: Int { 0 }
        public var endIndex: Int { text.endings.count }
        /// Line `index`, without its ending. O(its length).
        public subscript(index: Int) -> String {
            let start = text.starts[index], end = text.starts[index + 1] - text.endings[index].byteCount
            return text.bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
        }
    }

    /// Line `index`'s bytes, its ending included: what the line is. O(1).
    func bytes(ofLine index: Int) -> ArraySlice<UInt8> { bytes[starts[index]..<starts[index + 1]] }

    /// What a listing shows for line `index`: its bytes without the final
    /// LF, a CR before it kept (``TerminalText/visible(_:)`` shows it as
    /// `\r`, so a CRLF line and its LF copy show apart). Quoted, the
    /// invisible byte order mark written `\ufeff`, when the line holds one;
    /// quoted and marked when it is a last line without a line break. Why
    /// quoted: the mark outside the quotes cannot be spelled by the line.
    /// Other control characters are left for `visible`. O(its length).
    public func label(_ index: Int) -> String {
        let shown = lines[index] + (endings[index] == .crlf ? "\r" : "")
        guard endings[index] == .none || shown.unicodeScalars.contains("\u{FEFF}") else { return shown }
        var quoted = ""
        for scalar in JSONStringLiteral.quoted(shown).unicodeScalars {
            if scalar == "\u{FEFF}" { quoted += "\\ufeff" } else { quoted.unicodeScalars.append(scalar) }
        }
        return endings[index] == .none ? quoted + " (no newline at end of file)" : quoted
    }

    /// The lines as one array, each its bytes with its ending (the line as
    /// compared: see the type's rule), where lines of the same bytes share one
    /// `String` (its storage made once, each repeat a reference to it).
    /// Why: the engines and the list readers take an array, and real texts
    /// repeat lines a lot (blank lines, braces, common statements: 323,721
    /// distinct lines in 1,000,000 of the mirrored packages' sources), so
    /// the array costs the distinct lines, not all of them. Lines that are
    /// equal as `String`s (canonically equivalent) but differ in bytes keep
    /// their own bytes. O(bytes) expected: one hash a line.
    public func strings() -> [String] {
        var made = Set<String>()
        var result: [String] = []
        result.reserveCapacity(endings.count)
        for index in endings.indices {
            let line = bytes.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[starts[index]..<starts[index + 1]]), as: UTF8.self)
            }
            let (inserted, member) = made.insert(line)
            result.append(inserted || member.utf8.elementsEqual(line.utf8) ? member : line)
        }
        return result
    }

    /// Whether the text's last line has no line break after it.
    public var missingFinalNewline: Bool { endings.last == Ending.none }

    /// Lines and endings equal (lines as `String`s). O(bytes).
    public static func == (lhs: TextLines, rhs: TextLines) -> Bool {
        lhs.endings == rhs.endings && lhs.lines.elementsEqual(rhs.lines)
    }

    /// Reads the file at `path` (one array of its size for a regular file,
    /// ``InputFile/bytes(at:expected:keepingByteOrderMark:)``, a byte
    /// order mark kept) as lines. O(bytes).
    public static func read(path: String) throws(InputError) -> TextLines {
        try split(InputFile.bytes(at: path, expected: "a text file", keepingByteOrderMark: true), source: path)
    }

    /// Splits UTF-8 `bytes` into lines, keeping `bytes` as the text's
    /// storage (no copy); text that is not UTF-8 is refused with `source`,
    /// the line and the column (in bytes) of the first bad byte.
    ///
    /// Why this shape: one scan finds the LFs, then one UTF-8 check of the
    /// whole text, through `Span` (bounds-checked, no copy); a bad byte is
    /// never part of an ending (those are ASCII), so its line is the last
    /// that starts at or before it. O(bytes).
    public static func split(_ bytes: [UInt8], source: String) throws(InputError) -> TextLines {
        let text = scan(bytes)
        do {
            _ = try UTF8Span(validating: bytes.span)
        } catch {
            let offset = error.byteOffsets.lowerBound
            var low = 0, high = text.endings.count - 1  // the last line starting at or before `offset`
            while low < high {
                let middle = (low + high + 1) / 2
                if text.starts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            throw InputError(
                source: source, position: TextPosition(line: low + 1, column: offset - text.starts[low] + 1),
                problem: String(format: "byte 0x%02x is not UTF-8 text; --lines reads UTF-8 files", bytes[offset]))
        }
        return text
    }

    /// `bytes` split at each LF, not checked as UTF-8. O(bytes).
    private static func scan(_ bytes: [UInt8]) -> TextLines {
        var starts = [0], endings: [Ending] = []
        let span = bytes.span
        let count = span.count
        var index = 0
        while index < count {
            let start = index
            while index < count, span[index] != UInt8(ascii: "\n") { index += 1 }
            let ending: Ending
            if index == count {
                ending = .none
            } else {
                ending = index > start && span[index - 1] == UInt8(ascii: "\r") ? .crlf : .lf
                index += 1
            }
            endings.append(ending)
            starts.append(index)
        }
        var text = TextLines(lines: [], endings: [])
        text.bytes = bytes
        text.starts = starts
        text.endings = endings
        return text
    }
}
