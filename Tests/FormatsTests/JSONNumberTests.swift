import Foundation
import Testing
import FileSupport
import InputFiles
import RunResults

/// Issues 37 and 38: JSON's number grammar (an optional `-`, then `0` or a
/// digit 1–9 and more digits, then an optional fraction and exponent, each
/// with at least one digit) is the only one every reader accepts: a leading
/// zero (`012`, which some readers take for octal) and a number cut short are
/// refused where they go wrong, whichever file holds them.
@Suite("JSON numbers")
struct JSONNumberTests {
    /// Numbers JSON forbids, each written at line 2, column 3 of an array,
    /// and the column where the parser must say it goes wrong.
    static let refused: [(number: String, column: Int)] = [
        ("012", 4), ("-01", 5), ("00.5", 4), ("-00", 5), ("0123.5e1", 4),
        ("1.", 5), (".5", 3), ("1e", 5), ("+1", 3), ("-", 4), ("1E+", 6), ("-.5", 4), ("1.e5", 5),
    ]

    @Test("a number JSON forbids is refused at the place it goes wrong, by the parser and its quick check", arguments: refused)
    func refusedWithItsPosition(number: String, column: Int) throws {
        let bytes = Array("[\n  \(number)\n]".utf8)
        let error = try #require(HostileJSONTests.parseError(bytes), "\(number) was accepted")
        #expect(error.position == TextPosition(line: 2, column: column), "\(number): \(error)")
        #expect(!JSONParser.accepts(bytes), "\(number)")
        // As an object's value, and as the whole document.
        #expect(HostileJSONTests.parseError(Array("{\"n\": \(number)}".utf8)) != nil, "\(number)")
        #expect(HostileJSONTests.parseError(Array(number.utf8)) != nil, "\(number)")
    }

    @Test("a leading zero is named as the problem", arguments: ["012", "-01", "00.5"])
    func leadingZeroIsNamed(number: String) throws {
        let error = try #require(HostileJSONTests.parseError(Array("[\(number)]".utf8)))
        #expect(error.problem.contains("leading zero"), "\(error.problem)")
    }

    @Test("the numbers JSON allows are read as written", arguments: [
        "0", "-0", "0.5", "-0.5", "0e5", "0E-1", "10", "100", "-100.25", "1.0e+10", "7", "90",
    ])
    func allowedNumbers(number: String) throws {
        let bytes = Array("[\(number)]".utf8)
        #expect(try JSONParser.parse(bytes).value == .array([.number(number)]))
        #expect(JSONParser.accepts(bytes))
    }

    /// Where `number` (written with a leading zero) sits in `text`: the
    /// line and the column of the digit after its zero, where the parser stops.
    static func afterLeadingZero(in text: String, number: String = "012") throws -> String {
        let prefix = try #require(text.range(of: number)).lowerBound
        let before = text[..<prefix]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.utf8.count - (before.lastIndex(of: "\n").map { before.utf8.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 2
        return "\(line):\(column)"
    }

    @Test("every reader refuses a leading zero with the file, line and column: lists, datasets, batch files, results files")
    func everyReaderNamesThePlace() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("json-numbers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        func write(_ text: String, _ name: String) throws -> String {
            let path = scratch.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        // A user's list of values, and of objects (read straight from the bytes when it can be).
        for text in ["[1,\n 2,\n 012]", "[{\"id\": 1, \"content\": 2},\n {\"id\": 012, \"content\": 3}]",
                     "[{\"id\": \"a\", \"content\": {\"n\": 012}}]"] {
            let path = try write(text, "list.json")
            var reader = ListReader()
            let error = try #require(throws: InputError.self) { try reader.read(path: path) }
            #expect(error.description.hasPrefix("\(path):\(try Self.afterLeadingZero(in: text)): "), "\(error)")
        }
        // A dataset file (its lists are streamed).
        let dataset = "{\"schema\": \"diffbench.dataset\", \"version\": 1, \"kind\": \"values\",\n \"old\": [1, 2], \"new\": [2, 012]}"
        let datasetPath = try write(dataset, "dataset.json")
        let datasetError = try #require(throws: InputError.self) { try DatasetFile.read(path: datasetPath) }
        #expect(datasetError.description.hasPrefix("\(datasetPath):\(try Self.afterLeadingZero(in: dataset)): "), "\(datasetError)")
        // A batch file.
        let batch = "{\"schema\": \"diffbench.batch\", \"version\": 1,\n \"stages\": [{\"delete_sections\": [012]}]}"
        let batchPath = try write(batch, "batch.json")
        let batchError = try #require(throws: InputError.self) { try BatchFile.read(path: batchPath) }
        #expect(batchError.description.hasPrefix("\(batchPath):\(try Self.afterLeadingZero(in: batch)): "), "\(batchError)")
        // A results file: good, then with one row's size written with a leading zero.
        var row = ResultRow(engine: "heckel", workload: "mixed", size: 10, sizeOld: 10, sizeNew: 10, seed: 1, parameters: "")
        row.refuse(.needsUniqueIDs, "needs unique ids")
        let document = RunDocument(environment: RunDocumentVersionTests.environment, plan: RunDocumentVersionTests.plan, complete: true, rows: [row])
        let good = try ResultsStore.json(document)
        #expect(try ResultsStore.read(try write(good, "good.json")).rows.first?.size == 10)
        let results = good.replacingOccurrences(of: "\"size\" : 10,", with: "\"size\" : 010,")
        try #require(results != good)
        let resultsPath = try write(results, "results.json")
        let resultsError = try #require(throws: FileError.self) { try ResultsStore.read(resultsPath) }
        let place = try Self.afterLeadingZero(in: results, number: "010")
        #expect(resultsError.description.hasPrefix("\(resultsPath):\(place): "), "\(resultsError)")
    }
}
