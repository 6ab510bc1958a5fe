import DiffBenchTestSupport
import Foundation
import Testing

@testable import RunResults

/// The typed `workload` and `elements` columns: their spelling in files is
/// the contract, so a name must read and write exactly the text results
/// files have always held (generated workloads, a user's dataset names,
/// kinds no run registers), and tables must keep the order the strings had.
@Suite struct NameTypesTests {
    /// Workload names as results files spell them, read independently of the type.
    static let workloadNames = [
        "mixed", "pathological-disjoint", "feed", "a.json → b.json", "mixed #2", "shuffled (says mixed)", "Feed", "", "git-1 \"x\"",
    ]
    /// Element kinds as results files spell them: the registered ones and others.
    static let kindNames = ["int", "uuid", "record", "quantum", "Int", ""]

    /// The JSON text `value` encodes to.
    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    @Test func everyNameReadsBackAsItWasWritten() throws {
        for name in Self.workloadNames {
            let text = try Self.json([name])
            let read = try JSONDecoder().decode([WorkloadName].self, from: Data(text.utf8))
            #expect(read.map(\.rawValue) == [name])
            #expect(try Self.json(read) == text, "\(name) is written as a bare string")
        }
        for name in Self.kindNames {
            let text = try Self.json([name])
            let read = try JSONDecoder().decode([ElementKind].self, from: Data(text.utf8))
            #expect(read.map(\.rawValue) == [name])
            #expect(try Self.json(read) == text, "\(name) is written as a bare string")
        }
    }

    /// The one spelling of the default kind and of the workloads the
    /// project's targets name.
    @Test func theConstantsSpellTheFileNames() {
        #expect([ElementKind.int, .uuid, .record].map(\.rawValue) == ["int", "uuid", "record"])
        #expect([WorkloadName.mixed, .feed, .shuffled, .pathologicalDisjoint].map(\.rawValue) == ["mixed", "feed", "shuffled", "pathological-disjoint"])
    }

    /// A row written and read back keeps its workload and kind; the JSON
    /// keys and the CSV fields hold the bare names, and a row read without
    /// a kind (a file older than kinds) is `int`, and writes it.
    @Test func aRowsWorkloadAndElementsColumnsAreTheBareNames() throws {
        func field(_ key: ResultRow.CodingKeys, _ row: ResultRow) -> String? { ResultRow.csvTable.first { $0.key == key }?.field(row) }
        for (workload, kind) in zip(Self.workloadNames, Self.kindNames + Self.kindNames) {
            var row = ResultRow(engine: .stdlib, workload: WorkloadName(workload), size: 3, sizeOld: 3, sizeNew: 3, seed: 1, parameters: "")
            row.elements = ElementKind(kind)
            let data = try JSONEncoder().encode(row)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["workload"] as? String == workload)
            #expect(object["elements"] as? String == kind)
            let read = try JSONDecoder().decode(ResultRow.self, from: data)
            #expect(read.workload == WorkloadName(workload) && read.elements == ElementKind(kind))
            #expect(field(.workload, row) == workload)
            #expect(field(.elements, row) == kind)
        }
        var object = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(
            ResultRow(engine: .stdlib, workload: .mixed, size: 3, sizeOld: 3, sizeNew: 3, seed: 1, parameters: ""))) as? [String: Any])
        object.removeValue(forKey: "elements")
        let older = try JSONDecoder().decode(ResultRow.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(older.elements == .int && field(.elements, older) == "int")
        let written = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(older)) as? [String: Any])
        #expect(written["elements"] as? String == "int")
        #expect(older.key == "stdlib/mixed/3//int")
    }

    /// Tables, series and history keys keep the order strings gave them
    /// before the columns were typed.
    @Test func namesSortAsTheirText() {
        var random = TestRandom(seed: 38)
        for _ in 0..<50 {
            var workloads = Self.workloadNames
            random.shuffle(&workloads)
            #expect(workloads.map { WorkloadName($0) }.sorted().map(\.rawValue) == workloads.sorted())
            var kinds = Self.kindNames
            random.shuffle(&kinds)
            #expect(kinds.map { ElementKind($0) }.sorted().map(\.rawValue) == kinds.sorted())
        }
    }
}
