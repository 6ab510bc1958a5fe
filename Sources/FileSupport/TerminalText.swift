
/// Text from a file or the command line as a terminal may show it.
public enum TerminalText {
    /// `text` as a terminal shows it safely: as is, or — when it holds a
    /// control character (a line break, an escape sequence that would move
    /// the cursor, recolour the terminal or rewrite the progress line, a C1
    /// control, a Unicode line or paragraph separator) — as a JSON string
    /// literal with those characters as `\u` escapes, so one label stays one
    /// line and shows what it holds. Labels, paths and names read from files
    /// go through here before `diff` lists them or `run` reports progress.
    /// O(length).
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return JSONStringLiteral.quoted(text).replacingScalars { isControl($0) ? String.unicodeEscape($0) : nil }
    }

    /// C0 and C1 controls, DEL, U+2028 and U+2029.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// `text` broken at spaces into lines of at most `columns` characters
    /// (a word longer than that is cut into pieces): the closing screen's
    /// paragraphs. O(length).
    public static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            while word.count > columns {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(columns)))
                word = word.dropFirst(columns)
            }
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= columns {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }
}
