import DiffBenchTestSupport
import Testing

@testable import HistoryStore

/// `history show --commit TEXT` finds commits by a LIKE prefix, which
/// SQLite reads scalar by scalar: every `%`, `_` and `\` of the text must be
/// escaped as a scalar, even where a combining mark follows it (the
/// `Character` "%" + U+0301 is not "%", but SQLite still sees a wildcard).
@Suite struct LikePrefixTests {
    /// The scalars a LIKE with ESCAPE '\' matches literally, or nil when an
    /// unescaped wildcard stands before the pattern's final `%`.
    static func literal(_ pattern: String) -> [Unicode.Scalar]? {
        var scalars = Array(pattern.unicodeScalars)
        guard scalars.last == "%" else { return nil }
        scalars.removeLast()
        var out: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\\" {
                guard index + 1 < scalars.count else { return nil }
                out.append(scalars[index + 1])
                index += 2
            } else {
                if scalars[index] == "%" || scalars[index] == "_" { return nil }
                out.append(scalars[index])
                index += 1
            }
        }
        return out
    }

    @Test func wildcardsAreEscapedScalarByScalar() {
        for text in ["%\u{301}", "_\u{338}x", "ab\\\u{20DD}"] + CombiningMarkText.texts(count: 2_000, seed: 36) {
            #expect(Self.literal(HistoryStore.likePrefix(text)) == Array(text.unicodeScalars), "\(text.debugDescription)")
        }
    }
}
