import DiffBenchKit
import Foundation
import Testing

/// The catalog reaches the tests: a test that spells three or more engine
/// names in one list literal (`["lcs", "myers", "stdlib"]`, `[.myers,
/// .patience, .histogram]`) tests whatever engines existed when it was
/// written, and an engine added later is silently never run there. Tests
/// read their engines from ``BuiltInEngine/all`` and the engines' claims
/// instead. A list that names engines for what only those engines do (a
/// fixture of made-up rows, a test of one engine's own behaviour) says so
/// with a `hand-picked:` comment and its reason, on its line or the line
/// above.
@Suite struct EngineListHygieneTests {
    /// The fewest engine names that make a literal a hand-written list.
    static let smallestList = 3

    /// The engine names in `literal` when it is a list of names only
    /// (string literals or `.name` / `EngineName.name` members), else none.
    /// O(length of the literal).
    static func engineNames(inList literal: Substring) -> Set<String> {
        let known = Set(EngineName.builtIns.map(\.rawValue))
        let elements = literal.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        var names: Set<String> = []
        for element in elements where !element.isEmpty {
            if element.count >= 2, element.hasPrefix("\""), element.hasSuffix("\""), !element.dropFirst().dropLast().contains("\"") {
                names.insert(String(element.dropFirst().dropLast()))
            } else if let member = element.firstMatch(of: /^(?:EngineName)?\.([a-z]+)$/) {
                names.insert(String(member.1))
            } else {
                return []  // rows, tuples, dictionaries, calls: not a list of names
            }
        }
        return names.intersection(known)
    }

    /// Each innermost `[…]` literal of `text` that lists enough engine names
    /// without a `hand-picked:` reason, as `line: names`.
    static func handWrittenLists(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [String] = []
        for match in text.matches(of: /\[[^\[\]]*\]/) {
            let names = engineNames(inList: match.output)
            guard names.count >= smallestList else { continue }
            let line = text[..<match.range.lowerBound].count { $0 == "\n" }
            let reason = lines[max(0, line - 1)...line].contains { $0.contains("hand-picked:") }
            if !reason { found.append("\(line + 1): \(names.sorted().joined(separator: ", "))") }
        }
        return found
    }

    @Test func theRuleFindsAHandWrittenListAndPassesDerivedOnes() {
        #expect(Self.handWrittenLists(in: #"for engine in ["lcs", "myers", "stdlib"] {"#) == ["1: lcs, myers, stdlib"])
        #expect(Self.handWrittenLists(in: "static let engines: [EngineName] = [.myers, .patience,\n .histogram]").count == 1)
        #expect(Self.handWrittenLists(in: #"let pair = ["lcs", "myers"]"#).isEmpty)
        #expect(Self.handWrittenLists(in: #"let rows = [row("lcs"), row("myers"), row("heckel")]"#).isEmpty)
        #expect(Self.handWrittenLists(in: "// hand-picked: myers' own search\nlet e = [\"lcs\", \"myers\", \"set\"]").isEmpty)
        #expect(Self.handWrittenLists(in: "let all = BuiltInEngine.all.map(\\.name)").isEmpty)
    }

    @Test func noTestSpellsAHandWrittenListOfEngines() throws {
        let sources = try TestHygieneTests.testSources()
        #expect(sources.count > 50, "the test sources were not found under \(TestHygieneTests.testsFolder.path)")
        let ownFile = "DiffBenchKitTests/EngineListHygieneTests.swift"
        let offenders = sources.filter { $0.name != ownFile }.flatMap { source in
            Self.handWrittenLists(in: source.text).map { "\(source.name):\($0)" }
        }
        #expect(offenders.isEmpty, "engine lists written by hand (derive them from BuiltInEngine.all and the claims, or say why with hand-picked:): \(offenders)")
    }
}
