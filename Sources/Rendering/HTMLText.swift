import FileSupport

/// Text placed into the HTML pages DiffBench writes (the teaching index and
/// the run report): the five characters HTML gives a meaning, as entities.
package enum HTMLText {
    /// Escapes scalar by scalar, not by `Character`: a `"` or `<` followed
    /// by a combining mark is one `Character` that equals neither, and went
    /// out raw — a label could then close the attribute it sits in. The
    /// parser of the page reads scalars, so the escape does too. O(length).
    package static func escape(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }
}
