import DiffBenchTestSupport
import Foundation
import Testing
import InputFiles

/// Object keys as strings compare (issue 35, readers at speed): the list
/// reader sorts and matches ASCII keys as bytes and sends every other key
/// through `String`. These lists mix ASCII keys with keys canonically
/// equivalent to them (the Kelvin sign is "K", U+037E is ";", "Å" has
/// three spellings), short keys that are prefixes of one another, and
/// objects of more than 16 keys, so a byte rule used where `String`'s is
/// needed reads a wrong content or misses a repeated key. The oracle is
/// the model: Swift's own `<` and `==` on the keys, and Foundation's parse
/// of the file.
@Suite("Object keys read as strings compare")
struct ReaderKeyPropertyTests {
    typealias Model = ReaderPropertyTests.Model

    /// Keys where bytes and `String` disagree, beside ASCII ones.
    static let keyPool: [String] = [
        "K", "\u{212A}", "k", "A", "\u{C5}", "\u{212B}", "A\u{30A}", ";", "\u{37E}", "`", "\u{1FEF}",
        "f", "e\u{301}", "\u{E9}", "z", "Z", "ka", "content2", "",
    ]

    /// A member list drawn from ``keyPool`` and short random ASCII keys,
    /// repeats (as strings compare) allowed; never "id".
    static func keyedMembers(_ random: inout TestRandom) -> [(key: String, value: Model)] {
        (0..<random.int(in: 0...22)).map { _ in
            let key = random.chance(0.5)
                ? keyPool[random.below(keyPool.count)]
                : String((0..<random.int(in: 1...3)).map { _ in "abkK_"[String.Index(utf16Offset: random.below(5), in: "abkK_")] })
            return (key, ReaderPropertyTests.randomValue(&random, depth: 3))
        }
    }

    @Test("keys equal as strings are one key, and keys sort as strings compare", .timeLimit(.minutes(10)))
    func keysCompareAsStrings() throws {
        var random = TestRandom(seed: 42)
        let folder = ScratchDirectory()
        var repeatsRefused = 0, read = 0
        for round in 0..<400 {
            var members = Self.keyedMembers(&random)
            members.insert(("id", .number(String(round))), at: random.int(in: 0...members.count))
            // Nested too: the inner object's keys follow the same rule.
            if random.chance(0.3) { members.append(("nested", .object(Self.keyedMembers(&random)))) }
            let object = Model.object(members)
            let text = "[" + ReaderPropertyTests.written(object, &random) + "]"
            let path = try ReaderPropertyTests.write(text, in: folder, name: "keys-\(round).json")
            var reader = UserListReader()
            let result = Result { () throws(InputError) in try reader.read(path: path) }
            if Self.repeatsAKey(object) {
                guard case let .failure(error) = result else {
                    Issue.record("round \(round): a repeated key was read: \(text)")
                    continue
                }
                #expect(error.problem.contains("appears twice"), "\(error)")
                repeatsRefused += 1
            } else {
                guard case let .success(.items(items)) = result else {
                    Issue.record("round \(round): \(result) for \(text)")
                    continue
                }
                try ReaderPropertyTests.check(items, [(.number(String(round)), object)], text: text)
                read += 1
            }
        }
        #expect(repeatsRefused > 50 && read > 50)
    }

    /// Whether some object in `value` holds two keys equal as strings.
    static func repeatsAKey(_ value: Model) -> Bool {
        switch value {
        case let .array(items): return items.contains { repeatsAKey($0) }
        case let .object(members):
            return Set(members.map { $0.key }).count < members.count || members.contains { repeatsAKey($0.value) }
        default: return false
        }
    }

    @Test("an id key named in another spelling finds the object's key", arguments: [("K", "\u{212A}"), ("\u{212A}", "K"), ("\u{E9}", "e\u{301}")])
    func idKeyComparesAsStrings(named: String, written: String) throws {
        let folder = ScratchDirectory()
        let path = try ReaderPropertyTests.write(#"[{"\#(written)": "x", "b": 1, "a": [true]}]"#, in: folder)
        var reader = UserListReader(reading: ListReading(id: named))
        guard case let .items(items) = try reader.read(path: path) else {
            Issue.record("expected objects")
            return
        }
        #expect(items == [UserItem(id: UserID(text: "x", isNumber: false), content: #"{"a":[true],"b":1}"#)])
    }
}
