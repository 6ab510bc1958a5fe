import DiffEngines
import DiffBenchTestSupport
import Testing

/// A row that is not `Identifiable`: its identity is `key`, stored after
/// other fields so that reading it from a wrong offset gives another value.
struct KeyedRow: Equatable, CustomStringConvertible {
    var content: Int
    var title: String
    var key: String
    var description: String { "\(key):\(content)" }
}

/// The same, with the identity one level down (`\.meta.key`).
struct NestedRow: Equatable {
    struct Meta: Equatable {
        var version: Int
        var key: Int
    }
    var content: Int
    var meta: Meta
}

/// Not `Equatable`: only its identity can be compared.
struct OpaqueRow {
    var payload: [Int]
    var key: Int
}

/// A class: its key path has no inline offset, so ids are read through the runtime.
final class RowObject: Equatable {
    let key: Int
    let content: Int
    init(key: Int, content: Int) { self.key = key; self.content = content }
    static func == (lhs: RowObject, rhs: RowObject) -> Bool { lhs.key == rhs.key && lhs.content == rhs.content }
}

extension KeyedRow {
    /// A computed identity: no stored offset, read through the runtime.
    var computedKey: String { key }
}

@Suite struct KeyPathIdentityTests {
    static let casesPerShape = 150

    /// The key-path form gives exactly the `Identifiable` form's changeset
    /// (same ids, same contents), for every engine and shape, through the
    /// offset read (`\.key`, `\.meta.key`) and the runtime read (computed, class).
    @Test(arguments: EngineName.builtIns)
    func keyPathFormGivesTheIdentifiableFormsChangeset(engine: EngineName) throws {
        var rng = TestRandom(seed: 0x4B45_5950 + UInt64(engine.rawValue.count))
        let builtIn = try BuiltInEngine(engine)
        for shape in PairShape.allCases {
            for _ in 0..<Self.casesPerShape {
                let (old, new) = randomPair(shape, using: &rng)
                if engine == .set && (!hasUniqueIDs(old) || !hasUniqueIDs(new)) { continue }
                let expected = try builtIn.diff(from: old, to: new)

                let keyedOld = old.map(keyed), keyedNew = new.map(keyed)
                let byKey = try builtIn.diff(from: keyedOld, to: keyedNew, id: \.key)
                #expect(byKey == expected, "\(engine) \(shape): \(old) → \(new)")
                #expect(byKey.stepCount == expected.stepCount)
                #expect(try byKey.apply(to: keyedOld, using: keyedNew) == keyedNew)
                #expect(byKey.verify(old: keyedOld, new: keyedNew, id: \.key) == nil)
                #expect(try BuiltInEngine.diff(engine, from: keyedOld, to: keyedNew, id: \.key) == expected)
                #expect(try builtIn.diff(from: keyedOld, to: keyedNew, id: \.computedKey) == expected)

                let nestedOld = old.map(nested), nestedNew = new.map(nested)
                #expect(try builtIn.diff(from: nestedOld, to: nestedNew, id: \.meta.key) == expected)

                let objectsOld = old.map(object), objectsNew = new.map(object)
                let byObject = try builtIn.diff(from: objectsOld, to: objectsNew, id: \.key)
                #expect(byObject == expected)
                #expect(try byObject.apply(to: objectsOld, using: objectsNew) == objectsNew)
            }
        }
    }

    /// The concrete engine types take the key-path form through the protocol
    /// extension, with the same result as the by-name form.
    @Test func concreteEnginesTakeTheKeyPathForm() throws {
        var rng = TestRandom(seed: 31)
        for _ in 0..<200 {
            let (old, new) = randomPair(.mixed, using: &rng)
            let o = old.map(keyed), n = new.map(keyed)
            for builtIn in BuiltInEngine.all {
                let concrete = builtIn.engine
                #expect(try concrete.diff(from: o, to: n, id: \.key) == (try builtIn.diff(from: old, to: new)), "\(builtIn.name)")
            }
        }
    }

    /// Elements that are not `Equatable`: the same matching as the
    /// `Identifiable` form, and never an update.
    @Test(arguments: EngineName.builtIns)
    func nonEquatableElementsAreMatchedByIdAlone(engine: EngineName) throws {
        var rng = TestRandom(seed: 0x0BA9 + UInt64(engine.rawValue.count))
        let builtIn = try BuiltInEngine(engine)
        for shape in PairShape.allCases {
            for _ in 0..<Self.casesPerShape {
                let (old, new) = randomPair(shape, using: &rng)
                if engine == .set && (!hasUniqueIDs(old) || !hasUniqueIDs(new)) { continue }
                var expected = try builtIn.diff(from: old, to: new)
                expected.updates = []
                let opaqueOld = old.map(opaque), opaqueNew = new.map(opaque)
                let changeset = try builtIn.diff(from: opaqueOld, to: opaqueNew, id: \.key)
                #expect(changeset == expected, "\(engine) \(shape)")
                #expect(changeset.updates.isEmpty)
                #expect(try changeset.apply(to: opaqueOld, using: opaqueNew).map(\.key) == new.map(\.id))
            }
        }
    }

    /// An `Equatable` element whose content changed is an update in the
    /// key-path form; the id-only identity ignores it.
    @Test func contentChangesAreUpdatesOnlyWhenContentIsCompared() throws {
        let old = [KeyedRow(content: 0, title: "a", key: "x"), KeyedRow(content: 0, title: "b", key: "y")]
        let new = [KeyedRow(content: 0, title: "a", key: "x"), KeyedRow(content: 1, title: "b", key: "y")]
        let compared = try HeckelEngine().diff(from: old, to: new, id: \.key)
        #expect(compared.updates == [Changeset.Update(old: 1, new: 1)])
        let idOnly = try HeckelEngine().diff(
            from: old, to: new, identity: KeyPathIDOnlyElements(\KeyedRow.key), options: .default)
        #expect(idOnly.isEmpty)
    }

    @Test func minimumMovesByKeyPathMatchTheIdentifiableCount() throws {
        var rng = TestRandom(seed: 77)
        for shape in [PairShape.permutation, .reversed, .randomEdits, .mixed] {
            for _ in 0..<Self.casesPerShape {
                let (old, new) = randomPair(shape, using: &rng)
                #expect(
                    MinimumMoves.count(old: old.map(keyed), new: new.map(keyed), id: \.key)
                        == MinimumMoves.count(old: old, new: new))
            }
        }
    }

    /// `set` names a repeated id read through the key path.
    @Test func setEngineNamesARepeatedKey() throws {
        let old = ["a", "b", "a"].map { KeyedRow(content: 0, title: "", key: $0) }
        #expect(throws: DiffError.duplicateID(id: "a", side: .old, first: 0, second: 2)) {
            try SetEngine().diff(from: old, to: [KeyedRow(content: 0, title: "", key: "b")], id: \.key)
        }
    }
}

private func keyed(_ post: Post) -> KeyedRow {
    KeyedRow(content: post.content, title: "title \(post.id)", key: "key-\(post.id)")
}

private func nested(_ post: Post) -> NestedRow {
    NestedRow(content: post.content, meta: .init(version: 3, key: post.id))
}

private func opaque(_ post: Post) -> OpaqueRow {
    OpaqueRow(payload: [post.content], key: post.id)
}

private func object(_ post: Post) -> RowObject {
    RowObject(key: post.id, content: post.content)
}
