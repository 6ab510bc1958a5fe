import DiffBenchTestSupport
import Testing

@testable import RunReport

/// The report page's link targets: no space or parenthesis scalar is left
/// raw (a `)` followed by a combining mark still ends a Markdown link), and
/// decoding the three escapes, scalar by scalar, gives the path back.
@Suite struct LinkTargetTests {
    static let escapes: [(String, Unicode.Scalar)] = [("%20", " "), ("%28", "("), ("%29", ")")]

    static func decode(_ target: String) -> [Unicode.Scalar] {
        let scalars = Array(target.unicodeScalars)
        var out: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            if let (code, plain) = escapes.first(where: { scalars[index...].starts(with: $0.0.unicodeScalars) }) {
                out.append(plain)
                index += code.unicodeScalars.count
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return out
    }

    @Test func spacesAndParenthesesAreEncodedScalarByScalar() {
        for path in [")\u{301}(x", "a (\u{338}b", "charts/time )\u{20DD}.png"] + CombiningMarkText.texts(count: 2_000, seed: 35) {
            let target = ReportPage.linkTarget(path)
            #expect(!target.unicodeScalars.contains { $0 == " " || $0 == "(" || $0 == ")" }, "\(path.debugDescription) → \(target.debugDescription)")
            // A path holding "%" can hold "%20" itself; the encoding is not meant to be undone there.
            if !path.unicodeScalars.contains("%") { #expect(Self.decode(target) == Array(path.unicodeScalars)) }
        }
    }
}
