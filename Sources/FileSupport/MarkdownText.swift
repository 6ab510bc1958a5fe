/// Text placed into the Markdown pages DiffBench writes (the run report and
/// the teaching index), one escaping rule for both: labels and names come
/// from files, and must stay text in any Markdown reader.
public enum MarkdownText {
    /// Cell, heading and link text, which may come from a results file: `|`
    /// would end a cell, `[`/`]` a link label, `<`/`&` start HTML or an
    /// entity, `\\` would undo the escape after it, and a line break (any
    /// control character) would end the line. O(length).
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "|", "[", "]", "*", "_", "`", "<", ">", "&", "~": out += "\\" + String(scalar)
            default:
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    out += " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
