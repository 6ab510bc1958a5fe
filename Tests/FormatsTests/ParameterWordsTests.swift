import RunResults
import Testing

/// A dataset's `key=value;…` parameters reach a reader as words.
@Suite struct ParameterWordsTests {
    @Test("parameters read as words", arguments: [
        ("file=Sources/A.swift;from=600.0.1;to=601.0.0;unit=lines", "file Sources/A.swift, 600.0.1 → 601.0.0, lines"),
        ("file=b.swift;from=abc;renamed_from=a.swift;to=def;unit=lines", "file b.swift, abc → def, renamed from a.swift, lines"),
        ("unit=lines", "lines"),
        ("alphabet=8", "alphabet 8"),
        ("fraction=0.01;period=8", "fraction 0.01, period 8"),
        ("alphabet=8;elements=uuid", "alphabet 8, uuid elements"),
        ("elements=int", "integer ids"),
        ("", ""),
    ])
    func words(parameters: String, expected: String) {
        #expect(ParameterWords.text(parameters) == expected)
    }

    @Test("no key=value form reaches the words of a git pair")
    func noInternalForm() {
        let text = ParameterWords.text("file=x.json;from=v1;to=v2;unit=lines")
        #expect(!text.contains("=") && !text.contains(";"), "\(text)")
    }

    @Test("a workload's label has its parameters in words, or none")
    func label() {
        #expect(ParameterWords.label(workload: "duplicates", parameters: "alphabet=8") == "duplicates (alphabet 8)")
        #expect(ParameterWords.label(workload: "old.json → new.json", parameters: "") == "old.json → new.json")
    }
}
