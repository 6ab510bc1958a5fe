import Foundation
import RunResults
import Harness
import DiffBenchTestSupport

/// A hand-made results document whose numbers follow known laws, so the
/// tests know the right answers without timing anything.
struct SyntheticRun {
    struct Workload {
        var name: WorkloadName
        var parameters: String
        var uniqueIDs: Bool
        /// The file-name part the report must use (spec: the workload, plus the
        /// parameters when the workload appears more than once).
        var slug: String
    }

    // hand-picked: the labels of made-up rows (no engine runs); the report reads whatever names a run holds.
    static let engines = ["lcs", "myers", "heckel", "set", "stdlib"]

    static let workloads = [
        Workload(name: "same", parameters: "", uniqueIDs: true, slug: "same"),
        Workload(name: "shuffled", parameters: "", uniqueIDs: true, slug: "shuffled"),
        Workload(name: "mixed", parameters: "", uniqueIDs: true, slug: "mixed"),
        Workload(name: "duplicates", parameters: "alphabet=4", uniqueIDs: false, slug: "duplicates-alphabet-4"),
        Workload(name: "duplicates", parameters: "alphabet=8", uniqueIDs: false, slug: "duplicates-alphabet-8"),
        Workload(name: "sectioned", parameters: "sections=10", uniqueIDs: true, slug: "sectioned"),
    ]

    var document: RunDocument
    /// Time exponent per "engine/workload label" (floor included).
    var timeExponents: [String: Double]
    /// Memory exponent per "engine/workload label" (where the bytes are positive).
    var memoryExponents: [String: Double]

    /// - failures: chance that an engine row is `failed` (it keeps its time).
    init(seed: UInt64, sizes: [Int] = [100, 1_000, 10_000], workloads: [Workload] = SyntheticRun.workloads, failures: Double = 0.05) {
        var random = TestRandom(seed: seed)
        var rows: [ResultRow] = []
        timeExponents = [:]
        memoryExponents = [:]
        for workload in workloads {
            let label = ParameterWords.label(workload: workload.name, parameters: workload.parameters)
            var laws: [String: (c: Double, k: Double, b: Double, j: Double)] = [:]
            for engine in SyntheticRun.engines + ["floor"] {
                let law = (c: random.double(2, 400), k: random.double(0.6, 2.3), b: random.double(8, 200), j: random.double(0.8, 2.1))
                laws[engine] = law
                timeExponents["\(engine)/\(label)"] = law.k
                // The floor allocates nothing on `same` (see below): no memory law there.
                if !(engine == "floor" && workload.name == "same") { memoryExponents["\(engine)/\(label)"] = law.j }
            }
            for size in sizes {
                // A pair that can exist: `mandatory` deletes and inserts
                // make the new list's length, and the fewest edits add to
                // them pairs of a delete and an insert (a move, with unique
                // ids; a changed item, with repeated ones).
                let minMoves = workload.uniqueIDs ? random.int(in: 0...(size / 5)) : nil
                let mandatory = random.int(in: 0...(size / 3))
                let (oldOnly, newOnly) = (mandatory / 2, mandatory - mandatory / 2)
                let paired = workload.uniqueIDs ? minMoves! : random.int(in: 0...(size / 6))
                let minEdits = mandatory + 2 * paired
                let stdlibMedian = laws["stdlib"]!.c * pow(Double(size), laws["stdlib"]!.k)
                for engine in SyntheticRun.engines + ["floor"] {
                    var row = ResultRow(
                        engine: Subject(engine), workload: workload.name, size: size, sizeOld: size, sizeNew: size - oldOnly + newOnly,
                        seed: seed, parameters: workload.parameters)
                    row.minMoves = minMoves
                    row.minEdits = minEdits
                    let law = laws[engine]!
                    if engine == "set" && !workload.uniqueIDs {
                        row.refuse(.needsUniqueIDs, "this engine needs unique ids")
                        rows.append(row)
                        continue
                    }
                    let median = law.c * pow(Double(size), law.k)
                    row.samples = random.int(in: 3...200)
                    row.medianNs = median
                    row.minNs = median * 0.97
                    row.p90Ns = median * 1.1
                    row.maxNs = median * 1.6
                    // Now and then a spread wider than the median (the whisker must still draw).
                    row.spreadNs = median * (random.chance(0.1) ? random.double(1, 2) : random.double(0, 0.3))
                    row.ratioToStdlib = median / stdlibMedian
                    row.ratioToFloor = median / (laws["floor"]!.c * pow(Double(size), laws["floor"]!.k))
                    if engine == "floor" {
                        row.status = .reference
                        // The floor sometimes allocates nothing (memory chart must leave it out).
                        row.peakHeapBytes = workload.name == "same" ? 0 : Int((law.b * pow(Double(size), law.j)).rounded())
                        rows.append(row)
                        continue
                    }
                    row.peakHeapBytes = Int((law.b * pow(Double(size), law.j)).rounded())
                    row.allocations = random.int(in: 1...50)
                    // Optimal changesets mostly; now and then extra moves or a longer script.
                    if workload.uniqueIDs {
                        let extra = random.chance(0.3) ? random.int(in: 1...max(1, size / 10)) : 0
                        row.moves = minMoves! + extra
                        row.deletes = oldOnly
                        row.inserts = newOnly
                    } else {
                        // Some pairs shown as moves, the rest as a delete and an insert, and now and then more.
                        let moves = random.int(in: 0...paired)
                        let more = paired - moves + (random.chance(0.3) ? random.int(in: 1...10) : 0)
                        row.moves = moves
                        row.deletes = oldOnly + more
                        row.inserts = newOnly + more
                    }
                    row.updates = random.int(in: 0...3)
                    row.steps = row.deletes! + row.inserts! + row.moves! + row.updates!
                    row.verified = true
                    row.status = .ok
                    if random.chance(failures) { row.refuse(.failedVerification, "apply gave a different list") }
                    rows.append(row)
                }
            }
        }
        var names: [WorkloadName] = []
        for workload in workloads where !names.contains(workload.name) { names.append(workload.name) }
        document = RunDocument(
            environment: RunEnvironment(
                swiftVersion: "6.3", os: "Test OS <1>", cpu: "Test CPU & co", cores: 2, memoryBytes: 8_000_000_000,
                buildConfiguration: "release", gitCommit: "abc123", seed: seed, startTime: "2026-01-01T00:00:00Z",
                runName: "synthetic-\(seed)"),
            plan: PlanSummary(
                engines: SyntheticRun.engines.map { Subject($0) } + [.floor], workloads: names, sizes: sizes, extraCases: [], minSamples: 3,
                minTimeSeconds: 0.1, timeBudgetSeconds: 3, lcsMemoryBudgetBytes: 1 << 28),
            complete: true,
            engines: EngineRegistry.builtIns.descriptors.map(\.info) + [EngineRegistry.floor], rows: rows)
        // What the runner records about each dataset: the report's shapes come from here.
        document.datasets = workloads.flatMap { workload in
            sizes.map { size in
                DatasetShape(
                    workload: workload.name, size: size, parameters: workload.parameters, sizeOld: size, sizeNew: size,
                    idsRepeat: !workload.uniqueIDs, changedFraction: 0.2, sectioned: workload.name == "sectioned", generated: true)
            }
        }
    }

    /// Writes the document into a fresh run folder and returns the folder.
    static func write(_ document: RunDocument) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("charts-test-\(UUID().uuidString)").path
        try ResultsStore.write(document, to: folder)
        return folder
    }
}

/// A chart's `.dat` file read back: its column names and its data lines as tokens.
struct DataFile {
    var columns: [String]
    var derived: [String]
    var lines: [[String]]
    var blocks: Int

    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        columns = []
        derived = []
        lines = []
        blocks = 0
        var blank = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# columns:") {
                columns = line.dropFirst("# columns:".count).split(separator: " ").map(String.init)
            } else if line.hasPrefix("# derived:") {
                derived = line.dropFirst("# derived:".count).split(separator: " ").map(String.init)
            } else if line.hasPrefix("#") {
                continue
            } else if line.isEmpty {
                blank += 1
            } else {
                if lines.isEmpty || blank >= 2 { blocks += 1 }
                blank = 0
                lines.append(DataFile.tokens(String(line)))
            }
        }
    }

    /// Whitespace-separated tokens; a double-quoted token may hold spaces (quotes removed).
    static func tokens(_ line: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false, inToken = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                inToken = true
            } else if character == " " && !quoted {
                if inToken { tokens.append(current) }
                current = ""
                inToken = false
            } else {
                current.append(character)
                inToken = true
            }
        }
        if inToken { tokens.append(current) }
        return tokens
    }

    func value(_ line: [String], _ column: String) -> String? {
        if let index = columns.firstIndex(of: column) { return line[index] }
        return nil
    }
}
