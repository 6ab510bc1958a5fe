import InputFiles
import Testing
@testable import Workloads
import DiffBenchTestSupport
import RunResults

@Suite("Workload generators")
struct GeneratorTests {
    // MARK: Determinism

    @Test("the same seed gives byte-identical files; another seed gives other data", arguments: WorkloadName.allCases)
    func determinism(workload: WorkloadName) throws {
        for size in [1, 57, 400] {
            let first = try DatasetFile.encode(workload.make(size: size, seed: 99))
            let second = try DatasetFile.encode(workload.make(size: size, seed: 99))
            #expect(first == second)
            let other = try workload.make(size: size, seed: 100)
            let again = try workload.make(size: size, seed: 99)
            // Lists of lines may share the id pattern across seeds; their texts then differ.
            #expect(
                other.old != again.old || other.new != again.new || other.symbols != again.symbols,
                "\(workload) n=\(size): seeds 99 and 100 agree")
        }
    }

    @Test("the string entry point and the enum agree, and record name, size, seed and every knob")
    func entryPoints() throws {
        for workload in WorkloadName.allCases {
            let byName = try Workloads.make(workload: workload.rawValue, size: 30, seed: 5)
            #expect(byName == (try workload.make(size: 30, seed: 5)))
            #expect(byName.workload == workload.rawValue && byName.size == 30 && byName.seed == 5)
            #expect(Set(byName.parameters.keys) == Set(workload.parameters.map(\.name)))
            #expect(!workload.summary.isEmpty)
        }
    }

    @Test("every workload handles n = 0")
    func emptySize() throws {
        for workload in WorkloadName.allCases {
            let dataset = try workload.make(size: 0, seed: 1)
            #expect(dataset.old.isEmpty, "\(workload)")
            if workload != .sectioned { #expect(dataset.new.isEmpty, "\(workload)") }
        }
    }

    // MARK: Bad requests

    @Test("bad requests are refused with a clear error")
    func badRequests() {
        #expect(throws: WorkloadError.unknownWorkload("mixxed")) { try Workloads.make(workload: "mixxed", size: 10, seed: 1) }
        #expect(throws: WorkloadError.negativeSize(-1)) { try WorkloadName.same.make(size: -1, seed: 1) }
        #expect(throws: WorkloadError.sizeTooLarge(WorkloadName.maximumSize + 1, limit: WorkloadName.maximumSize)) {
            try WorkloadName.same.make(size: WorkloadName.maximumSize + 1, seed: 1)
        }
        #expect(throws: WorkloadError.unknownParameter(workload: .mixed, name: "fraction")) {
            try WorkloadName.mixed.make(size: 10, seed: 1, parameters: ["fraction": "0.5"])
        }
        let bad: [(WorkloadName, String, String)] = [
            (.updates, "fraction", "1.5"), (.updates, "fraction", "-0.1"), (.updates, "fraction", "lots"),
            (.updates, "fraction", "nan"), (.duplicates, "alphabet", "0"), (.duplicates, "alphabet", "2.5"),
            (.text, "unit", "words"), (.sectioned, "sections", "0"), (.sectioned, "sections", ""),
        ]
        for (workload, name, value) in bad {
            #expect(throws: WorkloadError.self, "\(workload) \(name)=\(value)") {
                try workload.make(size: 10, seed: 1, parameters: [name: value])
            }
            do {
                _ = try workload.make(size: 10, seed: 1, parameters: [name: value])
            } catch {
                #expect(error.description.contains(name) && error.description.contains("expected"), "\(error)")
            }
        }
        #expect(WorkloadError.unknownWorkload("x").description.contains("sectioned"))
    }

    // MARK: Each workload's defining property

    @Test("same: the new list is the old list, ids 1...n")
    func same() throws {
        var cases = TestRandom(seed: 1)
        for _ in 0..<20 {
            let n = cases.int(in: 0...500)
            let dataset = try WorkloadName.same.make(size: n, seed: cases.next())
            #expect(dataset.old == dataset.new)
            #expect(dataset.old.map(\.id) == Array(stride(from: 1, through: n, by: 1)))
        }
    }

    @Test("created and deleted: everything inserted, everything deleted")
    func createdDeleted() throws {
        var cases = TestRandom(seed: 2)
        for _ in 0..<20 {
            let n = cases.int(in: 0...500)
            let seed = cases.next()
            let created = try WorkloadName.created.make(size: n, seed: seed)
            #expect(created.old.isEmpty && created.new.count == n && hasUniqueIDs(created.new))
            let deleted = try WorkloadName.deleted.make(size: n, seed: seed)
            #expect(deleted.new.isEmpty && deleted.old.count == n && hasUniqueIDs(deleted.old))
        }
    }

    @Test("shuffled: the same items in another order")
    func shuffled() throws {
        var cases = TestRandom(seed: 3)
        for _ in 0..<20 {
            let n = cases.int(in: 2...800)
            let dataset = try WorkloadName.shuffled.make(size: n, seed: cases.next())
            #expect(dataset.old.count == n && hasUniqueIDs(dataset.old))
            #expect(dataset.new.sorted { $0.id < $1.id } == dataset.old)
            #expect(EditCounts(dataset.old, dataset.new) == EditCounts(deleted: 0, inserted: 0, updated: 0))
        }
        // A uniform permutation of 1,000 items leaves about 1 in place and needs nearly n moves.
        let big = try WorkloadName.shuffled.make(size: 1000, seed: 8)
        #expect(zip(big.old, big.new).filter { $0 == $1 }.count < 10)
        #expect(minimumMoves(big.old, big.new) > 900)
    }

    @Test("mixed at n = 5,000: exactly 1,000 deletions, 1,000 insertions and 200 shuffled positions")
    func mixedReference() throws {
        for seed: UInt64 in [1, 2, 3] {
            let dataset = try WorkloadName.mixed.make(size: 5000, seed: seed)
            #expect(dataset.old.count == 5000 && dataset.new.count == 5000)
            #expect(hasUniqueIDs(dataset.old) && hasUniqueIDs(dataset.new))
            #expect(EditCounts(dataset.old, dataset.new) == EditCounts(deleted: 1000, inserted: 1000, updated: 0))
            // The items both lists keep, each in its own list's order: they differ at exactly 200 places.
            let newIDs = Set(dataset.new.map(\.id))
            let oldIDs = Set(dataset.old.map(\.id))
            let keptInOldOrder = dataset.old.filter { newIDs.contains($0.id) }
            let keptInNewOrder = dataset.new.filter { oldIDs.contains($0.id) }
            #expect(zip(keptInOldOrder, keptInNewOrder).filter { $0 != $1 }.count == 200)
            // The deleted block is [2000, 3000) and the new items sit where it was.
            #expect(dataset.old[2000..<3000].allSatisfy { !newIDs.contains($0.id) })
            #expect(dataset.new[2000..<3000].allSatisfy { !oldIDs.contains($0.id) })
        }
    }

    @Test("mixed at any n follows the integer formulas")
    func mixedFormulas() throws {
        var cases = TestRandom(seed: 4)
        for _ in 0..<30 {
            let n = cases.int(in: 0...3000)
            let dataset = try WorkloadName.mixed.make(size: n, seed: cases.next())
            let deleted = n * 6 / 10 - n * 4 / 10
            #expect(EditCounts(dataset.old, dataset.new) == EditCounts(deleted: deleted, inserted: n * 2 / 10, updated: 0))
            let shuffled = n * 4 / 100
            let moved = zip(dataset.old.prefix(shuffled), dataset.new.prefix(shuffled)).filter { $0 != $1 }.count
            #expect(moved == (shuffled >= 2 ? shuffled : 0), "n=\(n)")
            #expect(Array(dataset.new[shuffled..<(n * 4 / 10)]) == Array(dataset.old[shuffled..<(n * 4 / 10)]))
        }
    }

    @Test("feed at n = 100 is the classic 100 → 210 refresh, with every kind of change")
    func feedReference() throws {
        for seed: UInt64 in [1, 2, 3, 4] {
            let dataset = try WorkloadName.feed.make(size: 100, seed: seed)
            #expect(dataset.old.count == 100 && dataset.new.count == 210)
            #expect(hasUniqueIDs(dataset.old) && hasUniqueIDs(dataset.new))
            #expect(EditCounts(dataset.old, dataset.new) == EditCounts(deleted: 10, inserted: 120, updated: 10))
            // The fetched page is on top: the first 100 posts are all new.
            let oldIDs = Set(dataset.old.map(\.id))
            #expect(dataset.new.prefix(100).allSatisfy { !oldIDs.contains($0.id) })
            // A few posts were bumped: at least one and at most 5 moves are needed.
            let moves = minimumMoves(dataset.old, dataset.new)
            #expect(moves >= 1 && moves <= 5, "seed \(seed): \(moves) moves")
        }
    }

    @Test("feed at any n: n − n/10 + n/5 + n posts, unique ids")
    func feedFormulas() throws {
        var cases = TestRandom(seed: 5)
        for _ in 0..<30 {
            let n = cases.int(in: 0...2000)
            let dataset = try WorkloadName.feed.make(size: n, seed: cases.next())
            #expect(dataset.new.count == n - n / 10 + n / 5 + n)
            #expect(hasUniqueIDs(dataset.new))
            #expect(EditCounts(dataset.old, dataset.new) == EditCounts(deleted: n / 10, inserted: n / 5 + n, updated: n / 10))
            #expect(minimumMoves(dataset.old, dataset.new) <= n / 20)
        }
    }

    @Test("updates keeps ids and order and changes round(fraction · n) contents")
    func updates() throws {
        var cases = TestRandom(seed: 6)
        for fraction in ["0", "0.1", "0.25", "0.5", "1"] {
            for _ in 0..<8 {
                let n = cases.int(in: 0...1000)
                let parameters = fraction == "0.1" ? [:] : ["fraction": fraction]
                let dataset = try WorkloadName.updates.make(size: n, seed: cases.next(), parameters: parameters)
                #expect(dataset.parameters["fraction"] == fraction)
                #expect(dataset.new.map(\.id) == dataset.old.map(\.id))
                let changed = zip(dataset.old, dataset.new).filter { $0.content != $1.content }.count
                #expect(changed == Int((Double(fraction)! * Double(n)).rounded()), "fraction \(fraction) n=\(n)")
            }
        }
    }

    @Test("duplicates: plain values below the alphabet, ids repeat, 10% deleted and inserted")
    func duplicates() throws {
        var cases = TestRandom(seed: 7)
        for _ in 0..<20 {
            let n = cases.int(in: 10...600)
            let alphabet = cases.int(in: 1...9)
            let dataset = try WorkloadName.duplicates.make(size: n, seed: cases.next(), parameters: ["alphabet": "\(alphabet)"])
            #expect(dataset.kind == .values && dataset.symbols == nil)
            #expect(dataset.old.count == n && dataset.new.count == n)
            #expect((dataset.old + dataset.new).allSatisfy { (0..<alphabet).contains($0.id) && $0.content == 0 })
            #expect(!hasUniqueIDs(dataset.old))
            // 10% deleted and 10% inserted keep at least 80% in common.
            #expect(referenceLCSLength(dataset.old.map(\.id), dataset.new.map(\.id)) >= n - n / 10)
        }
    }

    @Test("text: n lines or characters of a synthetic text, with symbols, edited in hunks", arguments: TextUnit.allCases)
    func text(unit: TextUnit) throws {
        var cases = TestRandom(seed: 8)
        for _ in 0..<12 {
            let n = cases.int(in: 1...1500)
            let dataset = try WorkloadName.text.make(size: n, seed: cases.next(), parameters: ["unit": unit.rawValue])
            let symbols = try #require(dataset.symbols)
            #expect(dataset.kind == .values && dataset.old.count == n)
            #expect((dataset.old + dataset.new).allSatisfy { symbols.indices.contains($0.id) })
            #expect(Set(symbols).count == symbols.count, "one id per distinct text")
            #expect(dataset.old != dataset.new, "n=\(n): at least one hunk")
            let oldText = dataset.old.map { symbols[$0.id] }
            switch unit {
            case .lines: #expect(oldText.allSatisfy { !$0.contains("\n") })
            case .characters: #expect(oldText.allSatisfy { $0.count == 1 })
            }
            // Hunks touch at most a few elements each: most of the text survives.
            let hunks = max(1, unit == .lines ? n / 20 : n / 50)
            let longest = unit == .lines ? 3 : 5
            #expect(referenceLCSLength(dataset.old.map(\.id), dataset.new.map(\.id)) >= n - hunks * longest)
        }
        let big = try WorkloadName.text.make(size: 2000, seed: 1, parameters: ["unit": unit.rawValue])
        #expect(!hasUniqueIDs(big.old), "real text repeats lines and characters")
    }

    @Test("sectioned: rows concatenate to old/new; sections inserted, deleted, moved; rows cross sections")
    func sectioned() throws {
        var cases = TestRandom(seed: 9)
        for _ in 0..<20 {
            let n = cases.int(in: 0...1500)
            let sectionCount = cases.int(in: 1...30)
            let dataset = try WorkloadName.sectioned.make(
                size: n, seed: cases.next(), parameters: ["sections": "\(sectionCount)"])
            let oldSections = try #require(dataset.oldSections)
            let newSections = try #require(dataset.newSections)
            #expect(oldSections.flatMap(\.rows) == dataset.old && newSections.flatMap(\.rows) == dataset.new)
            #expect(oldSections.count == sectionCount && dataset.old.count == n)
            if n >= sectionCount { #expect(oldSections.allSatisfy { !$0.rows.isEmpty }) }
            #expect(hasUniqueIDs(dataset.old) && hasUniqueIDs(dataset.new))
            #expect(Set(oldSections.map(\.id)).count == oldSections.count)
            #expect(Set(newSections.map(\.id)).count == newSections.count)

            let k = max(1, sectionCount / 10)
            let oldSectionIDs = oldSections.map(\.id)
            let newSectionIDs = newSections.map(\.id)
            #expect(oldSectionIDs.filter { !newSectionIDs.contains($0) }.count == min(k, sectionCount - 1))
            #expect(newSectionIDs.filter { !oldSectionIDs.contains($0) }.count == k)
            let survivors = oldSectionIDs.filter { newSectionIDs.contains($0) }
            if survivors.count >= 2 {
                #expect(newSectionIDs.filter { survivors.contains($0) } != survivors, "a surviving section moved")
            }

            // Rows that stay but change section: about n/20 of them when there is room.
            var oldSectionOf: [Int: Int] = [:]
            for section in oldSections { for row in section.rows { oldSectionOf[row.id] = section.id } }
            var crossed = 0
            for section in newSections {
                for row in section.rows where oldSectionOf[row.id].map({ $0 != section.id }) ?? false { crossed += 1 }
            }
            let survivingRows = oldSections.filter { survivors.contains($0.id) }.reduce(0) { $0 + $1.rows.count }
            if survivingRows >= 3 * (n / 20) { #expect(crossed == n / 20, "n=\(n) sections=\(sectionCount)") }
        }
    }
}
