import DiffEngines

/// Labels as pictures and tables show them: a space as "␣", nothing as "''",
/// control characters and tabs as spaces, long labels cut with "…".
enum DisplayLabel {
    static func make(_ label: String, limit: Int = 12) -> String {
        if label.isEmpty { return "''" }
        if label == " " { return "␣" }
        var text = String(label.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        if text.count > limit { text = String(text.prefix(limit - 1)) + "…" }
        return text
    }
}
