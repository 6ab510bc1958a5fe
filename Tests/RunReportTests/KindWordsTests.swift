import RunResults
import Testing

@testable import RunReport

/// Issues 37 and 38: the report names a kind's lists by what the kind is
/// (``ElementKind/int`` is "integer ids"), never by how a name is spelled:
/// a results file's kind "integer" is another kind, and two kinds must
/// never read alike in a heading.
@Suite struct KindWordsTests {
    @Test("each kind is worded by what it is; distinct kinds read differently")
    func wordedByKind() {
        #expect(EngineAdvice.elementText(.int) == "integer ids")
        #expect(EngineAdvice.elementText(.uuid) == "uuid elements")
        #expect(EngineAdvice.elementText(.record) == "record elements")
        #expect(EngineAdvice.elementText("integer") == "integer elements")
        let kinds: [ElementKind] = [.int, .uuid, .record, "integer", "integer ids", "int "]
        #expect(Set(kinds.map(EngineAdvice.elementText)).count == kinds.count)
    }
}
