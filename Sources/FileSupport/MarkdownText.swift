/// Text placed into the Markdown pages DiffBench writes (the run report and
/// the teaching index), one escaping rule for both: labels and names come
/// from files, and must stay text in any Markdown reader.
public enum MarkdownText {
    /// Cell, heading and link text, which may come from a results file: `|`
    /// would end a cell, `[`/`]` a link label, `<`/`&` start HTML or an
    /// entity, `\\` would undo the escape after it, and a line break (any
    /// control character) would end the line. O(length).
    public static func escape(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "\\", "|", "[", "]", "*", "_", "`", "<", ">", "&", "~": "\\" + String(scalar)
            default: TerminalText.isControl(scalar) ? " " : nil
            }
        }
    }
}
