import Testing

@testable import InputFiles

/// Issues 37 and 38: the interner numbers texts in order of first
/// appearance, and finds or makes a text's code with one hash of it: a
/// lookup and then a store hashed each new line twice, on the path every
/// text diff reads its lines through.
@Suite struct InternerTests {
    /// Counts the hashes of every key that shares it.
    final class HashCount: @unchecked Sendable { var value = 0 }

    struct CountedKey: Hashable {
        let text: String
        let count: HashCount
        static func == (lhs: CountedKey, rhs: CountedKey) -> Bool { lhs.text == rhs.text }
        func hash(into hasher: inout Hasher) {
            count.value += 1
            hasher.combine(text)
        }
    }

    @Test("a code is found, or made and stored, with one hash of its key")
    func oneHashAKey() {
        let count = HashCount()
        var table: [CountedKey: Int] = [:]
        // Room for every key, so no growth rehashes the keys already stored.
        table.reserveCapacity(16)
        for (text, expected) in [("a", 0), ("b", 1), ("a", 0), ("c", 2), ("b", 1)] {
            count.value = 0
            let code = Interner.code(of: CountedKey(text: text, count: count), in: &table, next: table.count)
            #expect(code == expected, "\(text)")
            #expect(count.value == 1, "\(text): hashed \(count.value) times")
        }
        #expect(table.count == 3)
    }

    @Test("texts and lines are numbered in order of first appearance, through one numbering, and kept")
    func firstAppearanceOrder() {
        var interner = Interner()
        let lines = ["x", "y", "x", "é", "e\u{301}", "y", "x"]
        #expect(lines.map { interner.code(forLine: $0) } == [0, 1, 0, 2, 3, 1, 0])
        #expect(interner.code(for: "x") == 4)
        #expect(interner.code(for: "é") == 5)
        // `String ==` equates the two spellings of é; a line is its bytes and does not.
        #expect(interner.code(for: "e\u{301}") == 5)
        #expect(interner.code(forLine: "y") == 1)
        #expect(interner.texts == ["x", "y", "é", "e\u{301}", "x", "é"])
        #expect(Array(interner.text(for: 3).utf8) == Array("e\u{301}".utf8))
    }
}
