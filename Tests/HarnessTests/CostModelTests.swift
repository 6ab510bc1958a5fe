import DiffBenchTestSupport
import DiffEngines
import InputFiles
import Testing
import Workloads

@testable import Harness

/// The time prediction of the engines that anchor first and search where no
/// anchor remains: priced at their own (anchor) rate on unique ids, at
/// least at the Myers search's rate where ids repeat with something in common.
@Suite struct CostModelTests {
    /// Rates of the order a calibration on this machine gives (ns per
    /// trimmed-D² unit): patience and histogram are all anchors on the
    /// shuffled calibration list, a small fraction of Myers' rate.
    static func model() -> CostModel {
        var model = CostModel()
        for (engine, rate) in [(EngineName.myers, 1.0), (.patience, 0.05), (.histogram, 0.04)] {
            model.nanosecondsPerUnit[engine] = rate
            model.units[engine] = .trimmedDifferencesSquared
        }
        model.searchNanosecondsPerUnit = 1.0
        return model
    }

    static func predicted(_ engine: EngineName, _ dataset: Dataset, _ model: CostModel = model()) throws -> Double {
        let facts = PairFacts(dataset) { _, _, _ in false }
        return try #require(model.predictedSeconds(engine, facts: facts, oldCount: dataset.old.count, newCount: dataset.new.count))
    }

    static let budget = RunPlan.defaultTimeBudget

    /// Two unrelated texts that share only a blank line every tenth line:
    /// no line is unique in both, so patience leaves the whole box to the
    /// Myers search (D ≈ 1.8 N), and histogram finds only the blank line,
    /// which occurs far more than 64 times. The runner cannot afford to
    /// find D here, so it predicts from the bound, as this does.
    static func littleInCommon(_ n: Int) -> Dataset {
        let blank = 0
        let old = (0..<n).map { FeedItem(id: $0 % 10 == 0 ? blank : 1 + $0, content: 0) }
        let new = (0..<n).map { FeedItem(id: $0 % 10 == 0 ? blank : 1 + n + $0, content: 0) }
        return Dataset(workload: "file", size: n, seed: 0, kind: .values, old: old, new: new)
    }

    @Test("little in common, ids repeating: patience and histogram are predicted as the Myers search, over the case budget at 100,000")
    func littleInCommonIsPricedAsTheSearch() throws {
        let dataset = Self.littleInCommon(100_000)
        var old = Self.model()
        old.searchNanosecondsPerUnit = nil
        for engine in [EngineName.patience, .histogram] {
            let seconds = try Self.predicted(engine, dataset)
            #expect(seconds == (try Self.predicted(.myers, dataset)), "\(engine)")
            #expect(seconds > Self.budget, "\(engine): \(seconds) s")
            // At their own rate (the model before): far under the budget, and only the case time-out stopped them.
            #expect(try Self.predicted(engine, dataset, old) < Self.budget / 5)
        }
    }

    @Test("frequent tokens (each over 64 times): patience and histogram are predicted as Myers")
    func frequentTokensArePricedAsTheSearch() throws {
        let dataset = try WorkloadName.pathologicalFrequent.make(size: 10_000, seed: 1)
        for engine in [EngineName.patience, .histogram] {
            #expect(try Self.predicted(engine, dataset) == (try Self.predicted(.myers, dataset)), "\(engine)")
        }
    }

    @Test(
        "unique ids, and a pair with nothing in common (one pass for patience and histogram: 1.9 ms at 100,000), keep each engine's own rate",
        arguments: [(WorkloadName.shuffled, 10_000), (.mixed, 10_000), (.pathologicalDisjoint, 100_000)])
    func ownRateWhereNoSearchIsNeeded(workload: WorkloadName, size: Int) throws {
        let dataset = try workload.make(size: size, seed: 1)
        var old = Self.model()
        old.searchNanosecondsPerUnit = nil
        for engine in [EngineName.myers, .patience, .histogram] {  // hand-picked: the engines with a search rate in the model
            #expect(try Self.predicted(engine, dataset) == (try Self.predicted(engine, dataset, old)), "\(workload) \(engine)")
        }
        #expect(try Self.predicted(.patience, dataset) < (try Self.predicted(.myers, dataset)) / 10)
    }
}

extension CostModelTests {
    /// Text whose lines repeat (a blank line or a brace every third line)
    /// but whose other lines occur once in each version: the anchors split
    /// the search into small boxes.
    static func anchoredText(_ n: Int) -> Dataset {
        let old = (0..<n).map { FeedItem(id: $0 % 3 == 0 ? $0 % 2 : 10 + $0, content: 0) }
        var new = old
        for index in stride(from: 5, to: n, by: 50) { new[index] = FeedItem(id: 10 + n + index, content: 0) }
        return Dataset(workload: "file", size: n, seed: 0, kind: .values, old: old, new: new)
    }

    @Test("anchors: ids once in each list, counted as a brute-force count does, on random lists with repeats")
    func anchorsCounted() {
        var random = TestRandom(seed: 35)
        for _ in 0..<200 {
            let alphabet = 1 + Int(random.next() % 30)
            let old = (0..<Int(random.next() % 40)).map { _ in FeedItem(id: Int(random.next() % UInt64(alphabet)), content: 0) }
            let new = (0..<Int(random.next() % 40)).map { _ in FeedItem(id: Int(random.next() % UInt64(alphabet)), content: 0) }
            let oracle = Set(old.map(\.id)).filter { id in
                old.filter { $0.id == id }.count == 1 && new.filter { $0.id == id }.count == 1
            }.count
            #expect(PairFacts.countAnchors(old: old, new: new) == oracle)
        }
    }

    @Test("repeated lines with anchors: patience and histogram are priced per element plus the search split at the anchors, far under one whole search")
    func anchoredTextIsSplit() throws {
        let dataset = Self.anchoredText(100_000)
        var model = Self.model()
        model.elementNanoseconds = [.patience: 20, .histogram: 25]
        let facts = PairFacts(dataset) { _, _, _ in false }
        #expect(facts.anchors > 60_000)
        let myers = try Self.predicted(.myers, dataset, model)
        for engine in [EngineName.patience, .histogram] {
            let seconds = try Self.predicted(engine, dataset, model)
            #expect(seconds < myers / 1_000, "\(engine): \(seconds) s against myers' \(myers) s")
            // At least the engine's own work per element.
            #expect(seconds >= Double(2 * 100_000) * model.elementNanoseconds[engine]! / 1e9)
        }
    }

    /// A text whose every line repeats: one file's worth of lines (a blank
    /// line or a brace every third line, the rest distinct) written out
    /// four times, then a line changed every 50: no line occurs once, so
    /// patience has no anchor, but each line occurs about 4 times, so every
    /// one is an anchor for histogram.
    static func repeatedText(_ n: Int) -> Dataset {
        let file = anchoredText(n / 4).old
        let old = Array(repeatElement(file, count: 4).joined())
        var new = old
        for index in stride(from: 5, to: new.count, by: 50) { new[index] = FeedItem(id: 10 + n + index, content: 0) }
        return Dataset(workload: "file", size: n, seed: 0, kind: .values, old: old, new: new)
    }

    @Test("every line repeated, none once: histogram is priced per element plus the search split at its rare lines; patience as one search")
    func repeatedTextIsSplitForHistogram() throws {
        let dataset = Self.repeatedText(100_000)
        var model = Self.model()
        model.elementNanoseconds = [.patience: 20, .histogram: 25]
        let facts = PairFacts(dataset) { _, _, _ in false }
        #expect(facts.anchors == 0)
        #expect(facts.rareAnchors > 15_000)
        let myers = try Self.predicted(.myers, dataset, model)
        let histogram = try Self.predicted(.histogram, dataset, model)
        #expect(histogram < myers / 1_000, "histogram \(histogram) s against myers' \(myers) s")
        #expect(histogram >= Double(2 * 100_000) * 25 / 1e9)
        #expect(try Self.predicted(.patience, dataset, model) == myers)
    }

    @Test("rare anchors: ids in both lists at most 64 times in the old, counted as a brute-force count does")
    func rareAnchorsCounted() {
        var random = TestRandom(seed: 36)
        for _ in 0..<200 {
            let alphabet = 1 + Int(random.next() % 30)
            let old = (0..<Int(random.next() % 200)).map { _ in FeedItem(id: Int(random.next() % UInt64(alphabet)), content: 0) }
            let new = (0..<Int(random.next() % 200)).map { _ in FeedItem(id: Int(random.next() % UInt64(alphabet)), content: 0) }
            let oracle = Set(old.map(\.id)).filter { id in
                old.filter { $0.id == id }.count <= 64 && new.contains { $0.id == id }
            }.count
            #expect(PairFacts.anchorCounts(old: old, new: new).rare == oracle)
        }
    }
}
