import DiffBenchTestSupport
import DiffEngines
import InputFiles
import Harness
import Testing

/// `diff` diffs a user's files as they are written (string ids, canonical
/// JSON contents), through each descriptor's call for ``UserItem`` and
/// `String`, without interning. These properties hold it to the interned
/// path (``ListReader`` + `diffItems`, which maps texts to codes one to one)
/// and to an independent oracle: applying the changeset gives the new list,
/// and for unique ids the deletes + inserts are the fewest edits,
/// n + m − 2·LCS (a plain O(n·m) table in the test support).
@Suite struct UserListDiffTests {
    /// A random pair of JSON list files: string ids (some look like
    /// numbers, some hold escapes and non-ASCII), rich contents (objects
    /// whose keys come in either order, arrays, numbers), deletes, inserts,
    /// moves and content changes; `unique` false repeats some ids.
    static func randomPair(_ random: inout TestRandom, count: Int, unique: Bool) -> (old: String, new: String) {
        let alphabet = ["a", "b", "é", "中", "\\n", "\\\"", "7", "-", "😀"]
        func id(_ number: Int) -> String {
            var text = "u\(number)."
            for _ in 0..<random.below(4) { text += alphabet[random.below(alphabet.count)] }
            return text
        }
        let universe = (0..<(count * 2)).map { id($0) }
        func content(_ version: Int) -> String {
            switch random.below(4) {
            case 0: return "\(version)"
            case 1: return #"{"likes": \#(version), "title": "t"}"#
            case 2: return #"{"title": "t", "likes": \#(version)}"#  // same value as case 1, keys reordered
            default: return #"[\#(version), {"a": null}]"#
            }
        }
        var oldIDs: [String] = []
        for _ in 0..<count { oldIDs.append(unique ? universe[oldIDs.count] : universe[random.below(count)]) }
        var newIDs = oldIDs.filter { _ in !random.chance(0.2) }
        random.shuffle(&newIDs)
        if random.chance(0.5) { newIDs.sort { _, _ in random.chance(0.5) } }
        for _ in 0..<random.below(count / 3 + 1) {
            newIDs.insert(universe[count + random.below(count)], at: random.below(newIDs.count + 1))
        }
        if unique {
            var seen = Set<String>()
            newIDs = newIDs.filter { seen.insert($0).inserted }
        }
        func file(_ ids: [String], changed: Bool) -> String {
            "[" + ids.map { #"{"id": "\#($0)", "content": \#(content(changed && random.chance(0.3) ? 2 : 1))}"# }
                .joined(separator: ", ") + "]"
        }
        return (file(oldIDs, changed: false), file(newIDs, changed: true))
    }

    static func read(_ pair: (old: String, new: String)) throws -> (user: UserLists, codes: (LoadedList, LoadedList)) {
        var userReader = UserListReader()
        let old = try userReader.read(json: Array(pair.old.utf8), source: "old.json")
        let new = try userReader.read(json: Array(pair.new.utf8), source: "new.json")
        var codeReader = ListReader()
        let codes = (
            try codeReader.read(json: Array(pair.old.utf8), source: "old.json"),
            try codeReader.read(json: Array(pair.new.utf8), source: "new.json")
        )
        return (try UserListReader.pair(old, new, oldSource: "old.json", newSource: "new.json"), codes)
    }

    @Test("every engine on random string-id lists: the changeset rebuilds the new list, with the interned path's step counts",
          arguments: [false, true])
    func randomStringIDs(unique: Bool) throws {
        var random = TestRandom(seed: unique ? 13 : 31)
        for round in 0..<40 {
            let pair = Self.randomPair(&random, count: random.int(in: 0...40), unique: unique)
            let (user, codes) = try Self.read(pair)
            if case .values([], []) = user { continue }  // two empty arrays: nothing says they hold objects
            guard case let .items(old, new) = user else {
                Issue.record("objects read as plain values")
                return
            }
            #expect(old.count == codes.0.items.count && new.count == codes.1.items.count)
            for descriptor in EngineRegistry.builtIns.descriptors {
                if descriptor.info.requiresUniqueIDs && !unique { continue }
                let changeset = try descriptor.diff(user, options: DiffOptions())
                let interned = try descriptor.diffItems(codes.0.items, codes.1.items, DiffOptions())
                let name = "\(descriptor.name.rawValue), round \(round)"
                #expect(changeset.verify(old: old, new: new) == nil, "\(name)")
                #expect(try changeset.apply(to: old, using: new) == new, "\(name)")
                #expect(changeset.deletes.count == interned.deletes.count, "\(name)")
                #expect(changeset.inserts.count == interned.inserts.count, "\(name)")
                #expect(changeset.moves.count == interned.moves.count, "\(name)")
                #expect(changeset.updates.count == interned.updates.count, "\(name)")
                if ["lcs", "myers"].contains(descriptor.name.rawValue) {
                    // The oracle: lcs and myers find the fewest deletes + inserts,
                    // n + m − 2·LCS of the id sequences (with repeated ids too).
                    let plain = try descriptor.diff(user, options: DiffOptions(inferMoves: false))
                    let lcs = referenceLCSLength(old.map(\.id), new.map(\.id))
                    #expect(plain.deletes.count + plain.inserts.count == old.count + new.count - 2 * lcs, "\(name)")
                }
            }
        }
    }

    @Test("same id, different content is an update, whatever the order of the content's keys")
    func richContentUpdates() throws {
        let old = #"[{"id": "post-1", "content": {"title": "Hi", "likes": 1}}, {"id": "post-2", "content": {"a": [1, 2]}}]"#
        let new = #"[{"id": "post-2", "content": {"a": [1, 2]}}, {"id": "post-1", "content": {"likes": 2, "title": "Hi"}}]"#
        let (user, _) = try Self.read((old, new))
        guard case let .items(oldItems, newItems) = user else {
            Issue.record("objects read as plain values")
            return
        }
        #expect(oldItems[0].id == UserID(text: "post-1", isNumber: false))
        #expect(oldItems[0].content == #"{"likes":1,"title":"Hi"}"#)
        for descriptor in EngineRegistry.builtIns.descriptors {
            let changeset = try descriptor.diff(user, options: DiffOptions())
            #expect(changeset.updates == [Changeset.Update(old: 0, new: 1)], "\(descriptor.name.rawValue)")
            #expect(changeset.deletes.isEmpty && changeset.inserts.isEmpty, "\(descriptor.name.rawValue)")
            #expect(try changeset.apply(to: oldItems, using: newItems) == newItems)
        }
    }

    @Test("a number id and the string of the same digits are different ids; plain values are strings as written")
    func numberAndStringIDsStayApart() throws {
        let (user, _) = try Self.read((#"[{"id": 1}, {"id": "1"}]"#, #"[{"id": "1"}, {"id": 1.0}]"#))
        let changeset = try EngineRegistry.builtIns.lookup("heckel").diff(user, options: DiffOptions())
        #expect(changeset.deletes == [0] && changeset.inserts == [1])
        #expect(user.label(.new, 1) == "1.0")
        var reader = UserListReader()
        let values = try UserListReader.pair(
            try reader.read(json: Array(#"["x\u001b[2Jy", "b"]"#.utf8), source: "a"),
            try reader.read(json: Array(#"["b"]"#.utf8), source: "b"), oldSource: "a", newSource: "b")
        guard case let .values(old, _) = values else {
            Issue.record("plain values read as objects")
            return
        }
        #expect(old == ["x\u{1B}[2Jy", "b"])
    }

    @Test("plain values beside objects, and strings beside numbers, are refused naming both files")
    func mixedFilesAreRefused() throws {
        var reader = UserListReader()
        let values = try reader.read(json: Array(#"["a"]"#.utf8), source: "old.json")
        let objects = try reader.read(json: Array(#"[{"id": "a"}]"#.utf8), source: "new.json")
        let error = try #require(throws: InputError.self) {
            try UserListReader.pair(values, objects, oldSource: "old.json", newSource: "new.json")
        }
        #expect(error.description == "new.json: holds objects but old.json holds plain values")
        let empty = try reader.read(json: Array("[]".utf8), source: "e.json")
        #expect(throws: Never.self) { try UserListReader.pair(empty, objects, oldSource: "e.json", newSource: "new.json") }
        let numbers = try #require(throws: InputError.self) { try reader.read(json: Array("[1]".utf8), source: "n.json") }
        #expect(numbers.description.hasPrefix("n.json:1:2: element 0 is a number, but the values of old.json are strings"), "\(numbers)")
    }
}
