import DiffEngines
import InputFiles
import Testing
@testable import Workloads
import DiffBenchTestSupport
import RunResults

/// The `pathological` family: each generator's stated shape, the family's
/// opt-in place in the plans, and every engine's answer on small cases.
@Suite("Pathological workloads")
struct PathologicalWorkloadTests {
    static let family = WorkloadCatalog.members(of: WorkloadCatalog.pathological)

    /// The text of each element of a list of lines (ids index the symbols).
    func texts(_ items: [FeedItem], _ dataset: Dataset) throws -> [String] {
        let symbols = try #require(dataset.symbols)
        return items.map { symbols[$0.id] }
    }

    @Test("the family holds the five failure inputs, and the default and CI plans leave them out")
    func familyIsOptIn() {
        #expect(Self.family == [.pathologicalDisjoint, .pathologicalPatience, .pathologicalIdentical, .pathologicalFrequent, .periodic])
        for workload in Self.family {
            #expect(!WorkloadName.planned.contains(workload), "\(workload) is in the default plans")
            #expect(WorkloadName.allCases.contains(workload))
        }
        #expect(WorkloadName.planned.contains(.text) && WorkloadName.planned.contains(.mixed))
        #expect(WorkloadCatalog.members(of: "no-such-family").isEmpty)
    }

    @Test("disjoint lists share no id: letters against digits, with repeated words", arguments: [1, 57, 2_000])
    func disjointSharesNothing(size: Int) throws {
        let dataset = try WorkloadName.pathologicalDisjoint.make(size: size, seed: 3)
        #expect(dataset.old.count == size && dataset.new.count == size)
        #expect(Set(dataset.old.map(\.id)).isDisjoint(with: dataset.new.map(\.id)))
        #expect(try texts(dataset.old, dataset).allSatisfy { !$0.isEmpty && $0.allSatisfy { ("a"..."z").contains($0) } })
        #expect(try texts(dataset.new, dataset).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        if size >= 2_000 { #expect(Set(dataset.old.map(\.id)).count < size, "short words repeat, as lines do") }
    }

    @Test("the patience input is a + x×p + u + x×q + a against b + x×q + u + x×p + b", arguments: [1, 10, 1_000, 2_345])
    func patienceStructure(size: Int) throws {
        let dataset = try WorkloadName.pathologicalPatience.make(size: size, seed: 8)
        let old = dataset.old.map(\.id), new = dataset.new.map(\.id)
        let p = 3 * size / 10, q = size - p
        let (a, u, x, b) = (old[0], old[1 + p], old[2 + p], new[0])
        #expect(Set([a, x, u, b]).count == 4)
        #expect(old == [a] + Array(repeating: x, count: p) + [u] + Array(repeating: x, count: q) + [a])
        #expect(new == [b] + Array(repeating: x, count: q) + [u] + Array(repeating: x, count: p) + [b])
        if size == 1_000 { #expect((p, q) == (300, 700)) }
    }

    @Test("identical: n copies of one line against n + 1", arguments: [1, 400, 100_000])
    func identicalLines(size: Int) throws {
        let dataset = try WorkloadName.pathologicalIdentical.make(size: size, seed: 2)
        #expect(dataset.old.count == size && dataset.new.count == size + 1)
        #expect(Set((dataset.old + dataset.new).map(\.id)).count == 1)
        #expect(dataset.symbols?.count == 1)
    }

    @Test("frequent: from n = 128 on every token occurs more than 64 times in both lists", arguments: [128, 1_000, 9_000])
    func frequentTokensPassHistogramsLimit(size: Int) throws {
        for seed in 1...4 as ClosedRange<UInt64> {
            let dataset = try WorkloadName.pathologicalFrequent.make(size: size, seed: seed)
            for list in [dataset.old, dataset.new] {
                var counts: [Int: Int] = [:]
                for item in list { counts[item.id, default: 0] += 1 }
                #expect(counts.values.min()! > Generators.histogramOccurrenceLimit, "n = \(size), seed \(seed)")
            }
            #expect(dataset.old.count == size && dataset.new.count >= size && dataset.new.count <= size + size / 20)
        }
    }

    @Test("periodic: old ids are (i + phase) mod k, and the new list is that list after at most the stated edits",
          arguments: [(1_000, 8, 0.01), (10_000, 8, 0.01), (500, 1, 0.05), (3_000, 13, 0.002)])
    func periodicShape(size: Int, period: Int, fraction: Double) throws {
        for seed in 1...3 as ClosedRange<UInt64> {
            let dataset = try WorkloadName.periodic.make(
                size: size, seed: seed, parameters: ["period": String(period), "fraction": String(fraction)])
            let phase = try #require(dataset.old.first?.id)
            #expect(dataset.old.map(\.id) == (0..<size).map { ($0 + phase) % period })
            #expect(dataset.new.allSatisfy { (0..<period).contains($0.id) })
            let edits = max(1, Int((Double(size) * fraction).rounded()))
            #expect(abs(dataset.new.count - size) <= edits)
            // An edit is one delete, one insert, or one replacement (a delete and an insert).
            let plain = try BuiltInEngine.diff(
                .myers, from: dataset.old, to: dataset.new, identity: IdentifiedElements<FeedItem>(), options: DiffOptions(inferMoves: false))
            #expect(plain.deletes.count + plain.inserts.count <= 2 * edits, "seed \(seed)")
            #expect(plain.deletes.count + plain.inserts.count >= 1)
        }
    }

    @Test("a workload of the family made twice with one seed is the same, texts included", arguments: family)
    func seededIsDeterministic(workload: WorkloadName) throws {
        let first = try workload.make(size: 300, seed: 41), second = try workload.make(size: 300, seed: 41)
        #expect(first == second)
        #expect(first.symbols == second.symbols)
        let other = try workload.make(size: 300, seed: 42)
        #expect(other.old != first.old || other.new != first.new || other.symbols != first.symbols)
    }

    /// Every built-in engine on small seeded cases of the family: the
    /// changeset applies and verifies; an engine may refuse repeated ids
    /// (`set`), and only where an id repeats.
    @Test("every engine's changeset on small pathological cases verifies", arguments: family)
    func everyEngineVerifies(workload: WorkloadName) throws {
        var random = TestRandom(seed: 28)
        for _ in 0..<12 {
            let size = random.int(in: 0...150), seed = UInt64(random.below(1_000_000))
            let dataset = try workload.make(size: size, seed: seed)
            let repeats = Set(dataset.old.map(\.id)).count < dataset.old.count || Set(dataset.new.map(\.id)).count < dataset.new.count
            for engine in EngineName.builtIns {
                let changeset: Changeset
                do {
                    changeset = try BuiltInEngine.diff(engine, from: dataset.old, to: dataset.new, identity: IdentifiedElements<FeedItem>())
                } catch let error {
                    // Only a refusal of repeated ids, and only where ids repeat.
                    if case .duplicateID = error {
                        #expect(repeats, "\(engine) refused \(workload)@\(size) seed \(seed) with unique ids")
                    } else {
                        Issue.record("\(engine) on \(workload)@\(size) seed \(seed): \(error)")
                    }
                    continue
                }
                #expect(changeset.verify(old: dataset.old, new: dataset.new) == nil, "\(engine) on \(workload)@\(size) seed \(seed)")
            }
        }
    }
}
