extension String {
    /// This text with every scalar that `replacement` names written as its
    /// replacement, and every other scalar kept: the one loop behind the
    /// escapes of the HTML, JSON, Markdown, terminal and link text DiffBench
    /// writes. It goes scalar by scalar, not by `Character`, because a `"`
    /// or `<` followed by a combining mark is one `Character` equal to
    /// neither, while the page's or the file's reader still sees the quote.
    /// O(length).
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// `\uXXXX`: the JSON (and JavaScript) escape of a scalar of the basic
    /// multilingual plane, four lower-case hex digits. O(1).
    package static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }
}
