import DiffBenchTestSupport
import Rendering
import Testing

/// `HTMLText.escape`, checked scalar by scalar as a browser's parser reads
/// the page: no `<`, `>`, `"` or `'` scalar is left, every `&` starts one
/// of the five entities, and decoding them gives the text back.
@Suite struct HTMLTextTests {
    static let entities: [(String, Unicode.Scalar)] = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")]

    /// The escaped text's scalars decoded; nil when a raw special scalar or a stray `&` is in it.
    static func decode(_ escaped: String) -> String? {
        let scalars = Array(escaped.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if "<>\"'".unicodeScalars.contains(scalar) { return nil }
            if scalar == "&" {
                let rest = String(String.UnicodeScalarView(scalars[index...].prefix(6)))
                guard let (entity, plain) = entities.first(where: { rest.unicodeScalars.starts(with: $0.0.unicodeScalars) }) else { return nil }
                out.append(plain)
                index += entity.unicodeScalars.count
                continue
            }
            out.append(scalar)
            index += 1
        }
        return String(out)
    }

    @Test func combiningMarksDoNotCarryASpecialCharacterThrough() {
        for text in ["\"\u{301} onmouseover=alert(1) x=\"\u{301}", "<\u{338}script>", "'\u{20DD}"] {
            let escaped = HTMLText.escape(text)
            #expect(Self.decode(escaped) != nil, "raw special scalar left in \(escaped.debugDescription)")
        }
    }

    @Test func escapedTextDecodesBackScalarForScalar() {
        for text in CombiningMarkText.texts(count: 2_000, seed: 39) {
            let escaped = HTMLText.escape(text)
            #expect(Self.decode(escaped).map { Array($0.unicodeScalars) } == Array(text.unicodeScalars), "\(text.debugDescription) → \(escaped.debugDescription)")
        }
    }
}
