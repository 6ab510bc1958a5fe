import DiffEngines
import Foundation
import Testing

@testable import RunResults

/// The typed `engine` column: its spelling in files is the contract, so a
/// subject must read and write exactly the names results files have always
/// held, and `floor` must be the one name that is no engine.
@Suite struct SubjectTests {
    /// Names as results files spell them, read independently of the type.
    static let fileNames = ["floor", "stdlib", "my-plugin", "z-plugin", "floor2", "Floor", ""]

    @Test func everyNameReadsBackAsItWasWritten() throws {
        for name in Self.fileNames {
            let json = Data("[\"\(name)\"]".utf8)
            let subjects = try JSONDecoder().decode([Subject].self, from: json)
            #expect(subjects.map(\.name) == [name])
            let written = try JSONEncoder().encode(subjects)
            #expect(String(decoding: written, as: UTF8.self) == "[\"\(name)\"]", "\(name) is written as a bare string")
        }
    }

    @Test func onlyTheExactNameFloorIsTheFloor() {
        for name in Self.fileNames {
            let subject = Subject(name)
            #expect(subject.isFloor == (name == "floor"), "\(name)")
            #expect((subject.engineName == nil) == (name == "floor"), "\(name)")
        }
        #expect(Subject("stdlib") == .stdlib)
        #expect(Subject.stdlib.engineName == EngineName.stdlib)
    }

    /// A row written and read back keeps its subject, and the file holds the
    /// name in the `engine` key, as every earlier schema did.
    @Test func aRowsEngineColumnIsTheBareName() throws {
        for subject in [Subject.floor, .stdlib, .engine("a-plug-in")] {
            let row = ResultRow(engine: subject, workload: "mixed", size: 3, sizeOld: 3, sizeNew: 3, seed: 1, parameters: "")
            let data = try JSONEncoder().encode(row)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["engine"] as? String == subject.name)
            #expect(try JSONDecoder().decode(ResultRow.self, from: data).engine == subject)
            #expect(ResultRow.csvTable.first { $0.key == .engine }?.field(row) == subject.name)
        }
    }

    /// Tables keep the order strings gave them before the column was typed.
    @Test func subjectsSortAsTheirNames() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let names = Self.fileNames.shuffled(using: &random)
            let sorted: [String] = names.map { Subject($0) }.sorted().map(\.name)
            #expect(sorted == names.sorted())
        }
    }
}
