/// A dataset's parameters as a reader sees them: the results file keeps
/// them as `key=value` pairs joined by `;` (sorted by key, the form rows are
/// matched and keyed on), and every place a person reads them — chart
/// titles and labels, the report's headlines, "your lists" — shows them as
/// words instead: `file=Sources/A.swift;from=600.0.1;to=601.0.0;unit=lines`
/// reads "file Sources/A.swift, 600.0.1 → 601.0.0, lines".
///
/// The words are plain text; each renderer escapes them for its medium
/// (gnuplot, HTML, Markdown) as it escapes any label.
public enum ParameterWords {
    /// The pairs of `parameters` in words, joined by ", ": `file` and
    /// `renamed_from` name their path, `from` and `to` become one
    /// "A → B", `unit` and `elements` read as "lines" and "uuid elements",
    /// any other key as "key value". A part without `=` is kept as
    /// written. Empty for no parameters. O(length).
    public static func text(_ parameters: String) -> String {
        guard !parameters.isEmpty else { return "" }
        var pairs: [(key: String, value: String)] = []
        for part in parameters.split(separator: ";", omittingEmptySubsequences: true) {
            if let equals = part.firstIndex(of: "=") {
                pairs.append((String(part[..<equals]), String(part[part.index(after: equals)...])))
            } else {
                pairs.append(("", String(part)))
            }
        }
        let from = pairs.first { $0.key == "from" }?.value, to = pairs.first { $0.key == "to" }?.value
        var words: [String] = []
        var revisionsWritten = false
        for (key, value) in pairs {
            switch key {
            case "":
                words.append(value)
            case "file":
                words.append("file " + value)
            case "renamed_from":
                words.append("renamed from " + value)
            case "from", "to":
                guard !revisionsWritten else { continue }
                revisionsWritten = true
                words.append((from ?? "…") + " → " + (to ?? "…"))
            case "unit":
                words.append(value)
            case "elements":
                words.append(value == ElementKind.int.rawValue ? "integer ids" : value + " elements")
            default:
                words.append(String(key.map { $0 == "_" ? " " : $0 }) + " " + value)
            }
        }
        return words.joined(separator: ", ")
    }

    /// A workload with its parameters in words: "duplicates (alphabet 8)",
    /// or the bare name when it has none. O(length).
    public static func label(workload: WorkloadName, parameters: String) -> String {
        let words = text(parameters)
        return words.isEmpty ? workload.rawValue : "\(workload) (\(words))"
    }
}
