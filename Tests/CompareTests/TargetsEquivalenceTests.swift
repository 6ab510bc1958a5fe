import Foundation
import RunResults
import Testing

@testable import Compare
import DiffBenchTestSupport

/// The targets as data give the verdicts the targets as code gave
/// (`TargetsBeforeCatalog`, frozen), on seeded random runs whose figures
/// fall on both sides of the limits; and every limit is pinned.
@Suite("Targets: the catalog keeps the old verdicts") struct TargetsEquivalenceTests {
    // hand-picked: the engines the frozen targets (TargetsBeforeCatalog) name, in made-up rows.
    static let engines = ["lcs", "myers", "heckel", "set", "stdlib", "anchor", "floor"]

    /// A run with every case the targets name, in every kind they read,
    /// each row's figures drawn at random (a few rows failed or missing),
    /// ratios filled in as the runner does (per dataset and kind).
    static func randomRun(seed: UInt64) -> RunDocument {
        var random = TestRandom(seed: seed)
        var cases: [(workload: WorkloadName, size: Int, parameters: String, kinds: [ElementKind])] = []
        func add(_ workload: WorkloadName, _ size: Int, _ kinds: [ElementKind] = [.int]) {
            if let index = cases.firstIndex(where: { $0.workload == workload && $0.size == size }) {
                for kind in kinds where !cases[index].kinds.contains(kind) { cases[index].kinds.append(kind) }
                return
            }
            let parameters = ["updates": "fraction=0.1", "periodic": "fraction=0.01;period=8", "duplicates": "alphabet=8", "text": "unit=lines", "sectioned": "sections=10"][workload.rawValue] ?? ""
            cases.append((workload, size, parameters, kinds))
        }
        for item in PerformanceTargets.heckelCases + PerformanceTargets.myersCases { add(item.workload, item.size) }
        for workload: WorkloadName in [.mixed, .feed, .shuffled] { for size in [100, 1_000, 10_000, 100_000] { add(workload, size) } }
        for size in PerformanceTargets.periodicSizes { add(.periodic, size) }
        for size in PerformanceTargets.stringSizes {
            for workload in PerformanceTargets.uniqueIDWorkloads + PerformanceTargets.repeatedIDWorkloads {
                add(workload, size, [.int, .uuid, .record])
            }
        }
        var rows: [ResultRow] = []
        for item in cases {
            for kind in item.kinds {
                var caseRows: [ResultRow] = []
                for engine in engines where !random.chance(0.05) {
                    var row = ResultRow(
                        engine: Subject(engine), workload: item.workload, size: item.size, sizeOld: item.size, sizeNew: item.size + item.size / 10,
                        seed: 1, parameters: item.parameters)
                    row.elements = kind
                    row.status = engine == "floor" ? .reference : (random.chance(0.04) ? .failed : (random.chance(0.03) ? .skipped : .ok))
                    guard row.status == .ok || row.status == .reference else {
                        caseRows.append(row)
                        continue
                    }
                    // Medians over six decades, so that every ratio target sees both verdicts.
                    row.medianNs = Double(item.size) * pow(10, random.double(-1, 5))
                    row.samples = 10
                    row.peakHeapBytes = Int(Double(row.sizeOld + row.sizeNew) * random.double(1, 100))
                    if engine != "floor" {
                        row.verified = true
                        row.deletes = random.int(in: 0...item.size)
                        row.inserts = random.int(in: 0...item.size)
                        row.moves = random.int(in: 0...20)
                        row.updates = 0
                        row.steps = row.deletes! + row.inserts! + row.moves!
                        row.minMoves = random.chance(0.3) ? nil : (random.chance(0.8) ? row.moves : row.moves! + 1)
                        row.trimmedOld = random.int(in: 0...item.size)
                        row.trimmedNew = random.int(in: 0...item.size)
                        if random.chance(0.1) { row.approximate = true }
                    }
                    caseRows.append(row)
                }
                let stdlib = caseRows.first { $0.engine == "stdlib" }?.medianNs
                let floor = caseRows.first { $0.engine == "floor" }?.medianNs
                rows += caseRows.map { row in
                    var row = row
                    if let median = row.medianNs {
                        row.ratioToStdlib = stdlib.map { median / $0 }
                        row.ratioToFloor = floor.map { median / $0 }
                    }
                    return row
                }
            }
        }
        var document = Fixture.document([])
        document.rows = rows
        document.plan.engines = engines.map { Subject($0) }
        document.plan.deadlineSeconds = random.chance(0.5) ? nil : [0.5, 1, 2][random.below(3)]
        return document
    }

    @Test("on random runs each check of the old code has the same verdict from the catalog", arguments: 1...40)
    func sameVerdicts(seed: UInt64) throws {
        let document = Self.randomRun(seed: seed)
        let old = TargetsBeforeCatalog.evaluate(document)
        // The targets the old code had (the git-history ones came after it).
        let before = PerformanceTargets.catalog.filter { !PerformanceTargets.historyTargets.contains($0) }
        let new = PerformanceTargets.evaluate(document, targets: before)
        #expect(old.count > 100)
        #expect(old.map { "\($0.area) | \($0.subject)" } == new.map { "\($0.area) | \($0.subject)" })
        for (before, after) in zip(old, new) {
            #expect(before.met == after.met, "\(before.area) \(before.subject): \(before.measured) → \(after.measured)")
        }
        // Both verdicts occur, so the comparison above says something.
        #expect(new.contains { $0.met == true } && new.contains { $0.met == false } && new.contains { $0.met == nil })
    }

    /// Every limit of the catalog, by id prefix (the longest that matches):
    /// a changed limit, or a target with no pin, fails here.
    static let pins: [String: Double] = [
        "heckel-stdlib-mixed-5000": 0.009, "heckel-stdlib-shuffled-2000": 0.0012, "heckel-stdlib-feed-100": 0.023,
        "heckel-stdlib-updates-10000": 0.025, "heckel-stdlib-same-10000": 1, "heckel-stdlib-created-10000": 0.0001,
        "heckel-stdlib-deleted-10000": 0.0001, "set-heckel-": 1.5,
        "git-history-histogram-myers": 1.0, "git-history-patience-myers": 1.3, "git-history-hunks": 0.95,
        "myers-stdlib-mixed-5000": 0.1, "myers-stdlib-shuffled-2000": 0.1, "myers-stdlib-updates-10000": 0.1,
        "myers-stdlib-created-10000": 0.001, "myers-stdlib-deleted-10000": 0.001, "myers-stdlib-same-10000": 1,
        "lcs-cell-floor-": 0.25, "lcs-bytes-per-cell-": 2, "peak-heap-mixed-100000": 64, "scaling-exponent": 1.1,
        "heckel-floor-": 2, "anchor-steps-myers-periodic-": 1.5, "anchor-heckel-periodic-": 2, "deadline": 2,
        "heckel-floor-uuid-": 0.35, "heckel-floor-record-": 0.35, "set-floor-": 0.35, "anchor-floor-": 0.35,
        "heckel-floor-uuid-shuffled-10000": 0.6, "set-floor-uuid-shuffled-10000": 0.6, "anchor-floor-uuid-shuffled-10000": 0.6,
        "heckel-floor-record-shuffled-10000": 0.6, "set-floor-record-shuffled-10000": 0.6, "anchor-floor-record-shuffled-10000": 0.6,
        "anchor-uuid-int-": 1.2, "anchor-record-int-": 1.2, "peak-heap-uuid": 24, "no-failed-rows": 0,
    ]

    @Test("every target's limit is pinned, the ids are unique, and every measure has its evaluator")
    func limitsArePinned() throws {
        let catalog = PerformanceTargets.catalog
        #expect(catalog.count == 105)
        #expect(Set(catalog.map(\.id)).count == catalog.count)
        for target in catalog {
            let pin = try #require(Self.pins.keys.filter { target.id.hasPrefix($0) }.max { $0.count < $1.count }, "\(target.id) has no pin")
            #expect(target.limit == Self.pins[pin], "\(target.id): \(target.limit), pinned \(Self.pins[pin]!)")
            #expect(PerformanceTargets.kind(of: target.measure) != nil, "\(target.id): \(target.measure)")
            #expect(target.comparison == (target.measure == .gitHunksShare ? .atLeast : .atMost), "\(target.id)")
        }
        #expect(catalog.first { $0.id.hasPrefix("lcs-bytes-per-cell") }?.allowancePerElement == 64)
    }
}
