import DiffBenchTestSupport
import Foundation
import FileSupport
@testable import RunResults
@testable import HistoryStore
import Testing

/// The two checks `history add` leans on, each against a change of any one
/// stored value of a row: a run folder whose results.csv differs from its
/// results.json in one cell is refused, and the content fingerprint that
/// tells a second add of a run from another run under its name changes.
/// Every column is changed, at rows picked by a seeded generator, by the
/// smallest change its kind allows (a number by one ulp, an integer by one).
@Suite struct OneValueChangeTests {
    /// The CI run with sample quantiles on some rows (the baseline keeps
    /// none), so the quantile column has values to change.
    static func document() throws -> RunDocument {
        var document = try HistoryFixtures.baseline()
        for index in document.rows.indices where index % 3 == 0 {
            let count = min(11, document.rows[index].samples)
            guard count > 1, let low = document.rows[index].minNs, let high = document.rows[index].maxNs, high > low else { continue }
            document.rows[index].sampleQuantilesNs = (0..<count).map { low + (high - low) * Double($0) / Double(count - 1) }
        }
        return document
    }

    /// `row` with the value of `key` changed by the least its kind allows.
    /// An exhaustive switch: a column added to the rows must be added here.
    static func changed(_ row: ResultRow, _ key: ResultRow.CodingKeys) -> ResultRow {
        var row = row
        func up(_ value: Double?) -> Double { (value ?? 1).nextUp }
        func plusOne(_ value: Int?) -> Int { (value ?? 0) + 1 }
        switch key {
        case .engine: row.engine = Subject(row.engine.name + "x")
        case .workload: row.workload = WorkloadName(row.workload.rawValue + "x")
        case .size: row.size += 1
        case .sizeOld: row.sizeOld += 1
        case .sizeNew: row.sizeNew += 1
        case .seed: row.seed &+= 1
        case .parameters: row.parameters += "x"
        case .elements: row.elements = ElementKind(row.elements.rawValue + "x")
        case .status: row.status = row.status == .ok ? .failed : .ok
        case .reason: row.reason += ","
        case .reasonCode: row.reasonCode = row.reasonCode == ResultRow.ReasonCode.allCases[0] ? ResultRow.ReasonCode.allCases[1] : ResultRow.ReasonCode.allCases[0]
        case .predictedSeconds: row.predictedSeconds = up(row.predictedSeconds)
        case .samples: row.samples += 1
        case .medianNs: row.medianNs = up(row.medianNs)
        case .minNs: row.minNs = up(row.minNs)
        case .p90Ns: row.p90Ns = up(row.p90Ns)
        case .maxNs: row.maxNs = up(row.maxNs)
        case .spreadNs: row.spreadNs = up(row.spreadNs)
        case .sampleQuantilesNs:
            if var quantiles = row.sampleQuantilesNs, !quantiles.isEmpty {
                quantiles[quantiles.count / 2] = quantiles[quantiles.count / 2].nextUp
                row.sampleQuantilesNs = quantiles
            } else {
                row.sampleQuantilesNs = [1]
            }
        case .ratioToStdlib: row.ratioToStdlib = up(row.ratioToStdlib)
        case .ratioToFloor: row.ratioToFloor = up(row.ratioToFloor)
        case .peakHeapBytes: row.peakHeapBytes = plusOne(row.peakHeapBytes)
        case .allocations: row.allocations = plusOne(row.allocations)
        case .instructions: row.instructions = plusOne(row.instructions)
        case .inserts: row.inserts = plusOne(row.inserts)
        case .deletes: row.deletes = plusOne(row.deletes)
        case .moves: row.moves = plusOne(row.moves)
        case .updates: row.updates = plusOne(row.updates)
        case .steps: row.steps = plusOne(row.steps)
        case .minMoves: row.minMoves = plusOne(row.minMoves)
        case .minEdits: row.minEdits = plusOne(row.minEdits)
        case .trimmedOld: row.trimmedOld = plusOne(row.trimmedOld)
        case .trimmedNew: row.trimmedNew = plusOne(row.trimmedNew)
        case .verified: row.verified.toggle()
        case .batchVerified: row.batchVerified = row.batchVerified.map { !$0 } ?? true
        case .approximate: row.approximate = row.approximate.map { !$0 } ?? true
        case .gitHunksEqual: row.gitHunksEqual = row.gitHunksEqual.map { !$0 } ?? true
        case .machine: row.machine = row.machine.map { $0 + 1 } ?? 0
        }
        return row
    }

    /// (row index, column) pairs: every column, at 4 seeded rows each.
    static func cells(in document: RunDocument) -> [(Int, ResultRow.CodingKeys)] {
        var random = TestRandom(seed: 36)
        return ResultRow.CodingKeys.allCases.flatMap { key in (0..<4).map { _ in (random.below(document.rows.count), key) } }
    }

    @Test("A results.csv that differs from results.json in any one value is refused; the same values written otherwise are not")
    func csvDifferingInOneValueIsRefused() throws {
        let document = try Self.document()
        let written = ResultsStore.csv(document.rows)
        #expect(ResultsStore.csv(document.rows, matches: Data(written.utf8)))
        // The lying file is the written one with the changed row's line in
        // place of its own: what csv(_:) writes for the changed rows, without
        // formatting every other row again for each of the 160 cells.
        let writtenLines = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, key) in Self.cells(in: document) {
            let line = ResultsStore.csvLine(Self.changed(document.rows[index], key))
            #expect(line != writtenLines[index + 1], "\(key) at row \(index + 1) changes the line")
            var lying = writtenLines
            lying[index + 1] = line
            #expect(!ResultsStore.csv(document.rows, matches: Data(lying.joined(separator: "\n").utf8)), "\(key) at row \(index + 1)")
        }
        // Through the readers' function, one lie per kind of column, named at its row.
        let scratch = ScratchDirectory()
        for (index, key) in [(3, ResultRow.CodingKeys.sampleQuantilesNs), (5, .medianNs), (8, .reason), (13, .instructions), (21, .verified)] {
            try ResultsStore.write(document, to: scratch.path)
            var lying = document.rows
            lying[index] = Self.changed(lying[index], key)
            try Data(ResultsStore.csv(lying).utf8).write(to: URL(fileURLWithPath: RunFolder(scratch.path).resultsCSV))
            #expect(throws: ResultsFileError.self, "\(key)") { try ResultsStore.read(scratch.path) }
            do {
                _ = try ResultsStore.read(scratch.path)
            } catch {
                #expect(error.description.contains("differs from results.json at row \(index + 1)"), "\(key): \(error.description)")
            }
        }
        // The same values, a number written with a trailing zero and a text quoted for no reason: the same rows.
        var lines = ResultsStore.csv(document.rows).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fields = document.rows[0].csvFields.map(ResultRow.csvEscape)
        let median = try #require(ResultRow.csvColumns.firstIndex(of: "median_ns")), engine = try #require(ResultRow.csvColumns.firstIndex(of: "engine"))
        try #require(!fields[median].contains("e") && !fields[median].isEmpty)
        fields[median] += fields[median].contains(".") ? "0" : ".0"
        fields[engine] = "\"" + fields[engine] + "\""
        lines[1] = fields.joined(separator: ",")
        #expect(lines[1] != ResultsStore.csvLine(document.rows[0]))
        #expect(ResultsStore.csv(document.rows, matches: Data(lines.joined(separator: "\n").utf8)))
    }

    @Test("The content fingerprint changes when any one stored value of a row changes")
    func fingerprintChangesWithAnyValue() throws {
        let document = try Self.document()
        let catalog = RunIdentity.catalogFingerprint(document)
        let original = RunIdentity.contentFingerprint(document, catalog: catalog)
        #expect(original.hasPrefix("\(RunIdentity.fingerprintVersion):"))
        #expect(RunIdentity.contentFingerprint(try Self.document(), catalog: catalog) == original)
        var seen: Set<String> = [original]
        for (index, key) in Self.cells(in: document) {
            var changed = document
            changed.rows[index] = Self.changed(changed.rows[index], key)
            let fingerprint = RunIdentity.contentFingerprint(changed, catalog: RunIdentity.catalogFingerprint(changed))
            #expect(fingerprint != original, "\(key) at row \(index + 1)")
            seen.insert(fingerprint)
        }
        #expect(seen.count > ResultRow.CodingKeys.allCases.count * 3, "changes of different values give different fingerprints")
    }

    @Test("The catalog fingerprint changes with any record, and not with the order a record's members are encoded in")
    func catalogFingerprintCoversTheRecords() throws {
        let document = try Self.document()
        let original = RunIdentity.catalogFingerprint(document)
        #expect(original.hasPrefix("\(RunIdentity.fingerprintVersion):") && original.count == 18)
        var changes: [RunDocument] = []
        var changed = document
        changed.engines?[0].summary += " "
        changes.append(changed)
        changed = document
        changed.engines?[1].symbol += 1
        changes.append(changed)
        changed = document
        changed.workloads?.removeLast()
        changes.append(changed)
        changed = document
        changed.elementKinds = nil
        changes.append(changed)
        changed = document
        let target = try #require(changed.targets?.indices.last)
        let limit = changed.targets![target].limit
        changed.targets?[target].limit = limit.nextUp
        changes.append(changed)
        for (index, changed) in changes.enumerated() {
            #expect(RunIdentity.catalogFingerprint(changed) != original, "change \(index)")
            #expect(RunIdentity.contentFingerprint(changed, catalog: RunIdentity.catalogFingerprint(changed)) != RunIdentity.contentFingerprint(document, catalog: original), "change \(index)")
        }
        // A keyed container's members in another order (a dictionary's order may differ from process to process).
        let members = (0..<40).map { ("key \($0)", $0) }
        #expect(FingerprintEncoder.fingerprint(Members(members)) == FingerprintEncoder.fingerprint(Members(members.reversed())))
        #expect(FingerprintEncoder.fingerprint(Members(members)) != FingerprintEncoder.fingerprint(Members(members.dropLast() + [("key 39", 40)])))
        #expect(FingerprintEncoder.fingerprint(Members(members)) != FingerprintEncoder.fingerprint(Members(members.map { ($0.0 + " ", $0.1) })))
        #expect(FingerprintEncoder.fingerprint([1, 2]) != FingerprintEncoder.fingerprint([2, 1]))
        #expect(FingerprintEncoder.fingerprint([1.0]) != FingerprintEncoder.fingerprint([1]))
    }
}

/// An object whose members are encoded in the order given.
private struct Members: Encodable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    var members: [(String, Int)]
    init(_ members: [(String, Int)]) { self.members = members }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
    }
}
