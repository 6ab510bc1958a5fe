import Foundation
import DiffBenchTestSupport
import InputFiles
import RunResults
import Testing

@testable import Workloads

@Suite struct ElementKindTests {
    @Test("kinds are the registered entries: the names --elements and the rows spell, in registration order; no other name is a kind")
    func kindsAreTheRegistration() throws {
        #expect(ElementKind.allCases.map(\.rawValue) == ["int", "uuid", "record"])
        #expect(ElementKind.allCases == ElementKind.registered.map(\.kind))
        #expect(ElementKind.allCases.allSatisfy { $0.isRegistered })
        for entry in ElementKind.registered {
            #expect(ElementKind(registered: entry.kind.rawValue) == entry.kind)
            #expect(entry.kind.summary == entry.summary && !entry.summary.isEmpty)
        }
        #expect(ElementKind(registered: "quantum") == nil)
        #expect(ElementKind(registered: "") == nil)
        // A kind read from a file is read as written (a results file may name
        // any kind); the registration says which of them a run can time.
        let read = try JSONDecoder().decode([ElementKind].self, from: Data(#"["uuid", "quantum", "record", "int"]"#.utf8))
        #expect(read == [.uuid, ElementKind("quantum"), .record, .int])
        #expect(read.map(\.isRegistered) == [true, false, true, true])
    }

    @Test("The names' mix is SplitMix64's first draw from the id (Vigna's splitmix64.c): the names never change")
    func namesMixIsSplitMix() {
        #expect(ElementNames.mix(0) == 0xE220_A839_7B1D_CDAF)
        #expect(ElementNames.mix(12_345) == 0x2211_8258_A9D1_11A0)
    }

    @Test("UUID strings: 36 characters in 8-4-4-4-12 lowercase hex, one per id")
    func uuidStrings() {
        var seen = Set<String>()
        // Each kind of fault collected and expected once: four expectations
        // per id were most of this test's time.
        var misshapen: [String] = [], notHex: [String] = [], shared: [String] = [], unstable: [Int] = []
        for id in Array(-500...20_000) + [Int.min, Int.max, 1 << 40] {
            let text = ElementNames.uuid(for: id)
            let groups = text.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
            if groups != [8, 4, 4, 4, 12] { misshapen.append(text) }
            if !text.allSatisfy({ "0123456789abcdef-".contains($0) }) { notHex.append(text) }
            if !seen.insert(text).inserted { shared.append(text) }
            if ElementNames.uuid(for: id) != text { unstable.append(id) }
        }
        #expect(misshapen.isEmpty, "\(misshapen.prefix(5))")
        #expect(notHex.isEmpty, "\(notHex.prefix(5))")
        #expect(shared.isEmpty, "two ids share each of \(shared.prefix(5))")
        #expect(unstable.isEmpty, "ids named otherwise the second time: \(unstable.prefix(5))")
    }

    @Test("projections keep identity and content equality exactly, for every workload", arguments: WorkloadName.allCases)
    func projectionsAreOneToOne(workload: WorkloadName) throws {
        let dataset = try workload.make(size: 300, seed: 5)
        for kind in ElementKind.allCases {
            let lists = ProjectedLists(dataset, kind: kind)
            let pairs = dataset.old.indices.flatMap { i in dataset.new.indices.map { (i, $0) } }.prefix(20_000)
            // The pairs where the projection's identity, or its equality when
            // `same` is given, says otherwise than the items'. One expectation
            // over all 20,000 pairs: two each cost most of this test's time.
            func disagreements<E>(_ old: [E], _ new: [E], sameID: (E, E) -> Bool, same: ((E, E) -> Bool)?) -> [(Int, Int)] {
                pairs.filter { i, j in
                    sameID(old[i], new[j]) != (dataset.old[i].id == dataset.new[j].id)
                        || same.map { $0(old[i], new[j]) != (dataset.old[i] == dataset.new[j]) } ?? false
                }
            }
            let wrong: [(Int, Int)]
            switch lists {
            case let .items(old, new): wrong = disagreements(old, new, sameID: { $0.id == $1.id }, same: { $0 == $1 })
            case let .uuids(old, new): wrong = disagreements(old, new, sameID: { $0.id == $1.id }, same: { $0 == $1 })
            case let .records(old, new): wrong = disagreements(old, new, sameID: { $0.id == $1.id }, same: { $0 == $1 })
            case let .strings(old, new):
                #expect(dataset.kind == .values)
                wrong = disagreements(old, new, sameID: { $0 == $1 }, same: nil)
            }
            let disagreeing = wrong.count
            #expect(disagreeing == 0, "\(workload) \(kind): pairs (old, new) that disagree, first \(wrong.prefix(3))")
            if case .int = kind { continue }
            // Lists of values become strings; the text workload's are its own lines.
            if case let .strings(old, _) = lists, let symbols = dataset.symbols {
                #expect(old == dataset.old.map { symbols[$0.id] })
            }
        }
    }

    @Test("a dataset with string ids is timed with its own id texts under uuid and record, its codes under int")
    func ownStringIDs() throws {
        let text = """
            {"schema": "diffbench.dataset", "version": 1, "kind": "identified",
             "old": [{"id": "user-42", "content": 1}, {"id": "user-7", "content": 2}, {"id": "ü", "content": 3}],
             "new": [{"id": "user-7", "content": 5}, {"id": "user-42", "content": 1}, {"id": "fresh", "content": 0}]}
            """
        let dataset = try DatasetFile.decode(Array(text.utf8), source: "own.json")
        guard case let .uuids(old, new) = ProjectedLists(dataset, kind: .uuid) else {
            Issue.record("uuid is not UUIDItem")
            return
        }
        #expect(old == [UUIDItem(id: "user-42", content: 1), UUIDItem(id: "user-7", content: 2), UUIDItem(id: "ü", content: 3)])
        #expect(new.map(\.id) == ["user-7", "user-42", "fresh"])
        guard case let .records(records, _) = ProjectedLists(dataset, kind: .record) else {
            Issue.record("record is not FeedRecord")
            return
        }
        #expect(records.map(\.id) == ["user-42", "user-7", "ü"])
        guard case let .items(items, newItems) = ProjectedLists(dataset, kind: .int) else {
            Issue.record("int is not FeedItem")
            return
        }
        #expect(items.map(\.id) == [0, 1, 2] && newItems.map(\.id) == [1, 0, 3])
    }

    @Test("string ids and text lines sit in separate storage in old and new, as lists read from two sources do", arguments: ElementKind.allCases)
    func separateStorage(kind: ElementKind) throws {
        // Ids over 15 UTF-8 bytes (shorter ones are held inline and share nothing).
        let long = "a line long enough to need storage of its own"
        let text = """
            {"schema": "diffbench.dataset", "version": 1, "kind": "values",
             "old": ["\(long)", "\(long) 2", "\(long)"], "new": ["\(long) 2", "\(long)"]}
            """
        let dataset = try DatasetFile.decode(Array(text.utf8), source: "lines.json")
        let strings: [String]
        switch ProjectedLists(dataset, kind: kind) {
        case let .strings(old, new): strings = old + new
        case let .uuids(old, new): strings = (old + new).map(\.id)
        case let .records(old, new): strings = (old + new).map(\.id)
        case .items: return  // integer codes: no strings to share
        }
        #expect(strings.count == 5 && strings.filter { $0 == long }.count == 3)
        var addresses: [UInt] = []
        for var string in strings {
            let address = string.withUTF8 { UInt(bitPattern: $0.baseAddress) }
            addresses.append(address)
        }
        #expect(Set(addresses).count == strings.count, "equal ids share storage: \(addresses)")
    }

    @Test("a record update changes one field: the like count")
    func recordUpdates() throws {
        let dataset = try WorkloadName.updates.make(size: 200, seed: 3)
        guard case let .records(old, new) = ProjectedLists(dataset, kind: .record) else {
            Issue.record("not records")
            return
        }
        var updated = 0
        for (a, b) in zip(old, new) where a != b {
            updated += 1
            #expect(a.id == b.id && a.title == b.title && a.published == b.published && a.likes != b.likes)
        }
        #expect(updated == zip(dataset.old, dataset.new).filter { $0 != $1 }.count && updated > 0)
    }
}
