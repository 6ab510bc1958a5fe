import DiffBenchTestSupport
import DiffEngines
import InputFiles
import Testing
import RunResults
import Workloads

@testable import Harness

/// The time prediction of the engines that anchor first and search where no
/// anchor remains: their own work per element (at a price that grows with
/// the log of the size), plus no search on unique ids, the search split at
/// the anchors where ids repeat, and at least the whole Myers search where
/// ids repeat with something in common and no anchor.
@Suite struct CostModelTests {
    /// Rates of the order a calibration on this machine gives (ns per
    /// trimmed-D² unit): patience and histogram are all anchors on the
    /// shuffled calibration list, a small fraction of Myers' rate; their
    /// own work per element at 2,000 and 20,000 elements, on integer ids.
    static func model() -> CostModel {
        var model = CostModel()
        for (engine, rate) in [(EngineName.myers, 1.0), (.patience, 0.05), (.histogram, 0.04)] {
            model.nanosecondsPerUnit[engine] = rate
            model.units[engine] = .trimmedDifferencesSquared
        }
        model.elementPrices[.int] = [.patience: price(20, 30), .histogram: price(25, 40)]
        model.searchNanosecondsPerUnit = 1.0
        return model
    }

    /// Nanoseconds per element at 2,000 and 20,000 elements (the calibration's shuffled lists of 1,000 and 10,000 items).
    static func price(_ small: Double, _ large: Double) -> CostModel.ElementPrice {
        CostModel.ElementPrice(smallElements: 2_000, smallNanoseconds: small, largeElements: 20_000, largeNanoseconds: large)
    }

    /// A dataset with its pair facts, as the runner finds them before a
    /// case. Found once per pair and shared by every prediction a test
    /// makes on it: at 100,000 items the facts (the edit distance's search
    /// or bound) cost far more than a prediction, which is O(1).
    struct Pair {
        let dataset: Dataset
        var facts: PairFacts

        init(_ dataset: Dataset) {
            self.dataset = dataset
            facts = PairFacts(dataset) { _, _, _ in false }
        }

        /// The same pair with D at the trimmed length, the bound where the
        /// common subsequence finds little (edits in every gap): how the
        /// search is split, apart from how D is bounded.
        var atTheTrimmedLength: Pair {
            var pair = self
            pair.facts.editDistance = facts.trimmedOld + facts.trimmedNew
            return pair
        }
    }

    static func predicted(_ engine: EngineName, _ pair: Pair, _ model: CostModel = model()) throws -> Double {
        try #require(model.predictedSeconds(engine, facts: pair.facts, oldCount: pair.dataset.old.count, newCount: pair.dataset.new.count))
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
        let pair = Pair(Self.littleInCommon(100_000))
        var old = Self.model()
        old.searchNanosecondsPerUnit = nil
        for engine in [EngineName.patience, .histogram] {
            let seconds = try Self.predicted(engine, pair)
            #expect(seconds == (try Self.predicted(.myers, pair)), "\(engine)")
            #expect(seconds > Self.budget, "\(engine): \(seconds) s")
            // At their own rate (the model before): far under the budget, and only the case time-out stopped them.
            #expect(try Self.predicted(engine, pair, old) < Self.budget / 5)
        }
    }

    @Test("frequent tokens (each over 64 times): patience and histogram are predicted as Myers")
    func frequentTokensArePricedAsTheSearch() throws {
        let pair = Pair(try WorkloadName.pathologicalFrequent.make(size: 10_000, seed: 1))
        for engine in [EngineName.patience, .histogram] {
            #expect(try Self.predicted(engine, pair) == (try Self.predicted(.myers, pair)), "\(engine)")
        }
    }

    @Test(
        "unique ids, and a pair with nothing in common: patience and histogram are priced per element of the middle, no search, not as D² units",
        arguments: [(WorkloadName.shuffled, 100_000), (.mixed, 100_000), (.feed, 100_000), (.pathologicalDisjoint, 100_000)])
    func perElementWhereNoSearchIsNeeded(workload: WorkloadName, size: Int) throws {
        let dataset = try workload.make(size: size, seed: 1)
        let model = Self.model()
        let pair = Pair(dataset), facts = pair.facts
        #expect(facts.uniqueIDs || facts.nothingInCommon)
        let elements = Double(dataset.old.count + dataset.new.count)
        let middle = Double(facts.trimmedOld + facts.trimmedNew)
        for engine in [EngineName.patience, .histogram] {
            let price = try #require(model.elementPrices[.int]?[engine])
            let seconds = try Self.predicted(engine, pair, model)
            // The middle at its size's price, the common ends at a compare each: within the linear price, not D².
            let expected = (middle * price.nanoseconds(elements: middle) + (elements - middle) * model.searchNanosecondsPerUnit!) / 1e9
            #expect(abs(seconds - expected) <= expected * 1e-9, "\(workload) \(engine): \(seconds) s, \(expected) s per element")
            #expect(seconds <= elements * price.nanoseconds(elements: elements) / 1e9, "\(workload) \(engine)")
            if workload != .pathologicalDisjoint {
                // D² units at the 1,000-item rate (the model before) were 10–300× over the measured calls at 100,000.
                let units = try #require(CostModel.units(.trimmedDifferencesSquared, facts: facts, oldCount: dataset.old.count, newCount: dataset.new.count))
                #expect(seconds < units * model.nanosecondsPerUnit[engine]! / 1e9 / 4, "\(workload) \(engine): \(seconds) s")
            }
        }
        // Myers searches: its D² price is unchanged, far over the anchoring engines'.
        #expect(try Self.predicted(.patience, pair) < (try Self.predicted(.myers, pair)) / 10)
    }

    @Test("an element price grows linearly in log(elements) from its two calibrated sizes, never below the small one")
    func elementPriceGrowsWithTheLogOfTheSize() {
        let price = Self.price(60, 120)
        #expect(price.nanoseconds(elements: 100) == 60)
        #expect(price.nanoseconds(elements: 2_000) == 60)
        #expect(abs(price.nanoseconds(elements: 20_000) - 120) < 1e-9)
        #expect(abs(price.nanoseconds(elements: 2_000_000) - 240) < 1e-9)
        // A larger list measured cheaper (noise) keeps the small list's price.
        #expect(Self.price(60, 50).nanoseconds(elements: 2_000_000) == 60)
    }

    @Test("strings at scale: an anchoring engine's own work is priced at its kind's price for the size, not the 1,000-item price times a kind factor")
    func stringIDsArePricedForTheirSize() throws {
        // Text whose lines repeat (blank lines, braces) among lines once in each version, 200,000 elements.
        var model = Self.model()
        // As measured for patience on 36-byte strings in random order: 63 ns at 2,000 elements, 125 at 20,000.
        model.elementPrices[.uuid] = [.patience: Self.price(63, 125)]
        model.kindFactors[.uuid] = [.patience: 63.0 / 20, .myers: 2]
        let seconds = try #require(model.predictedSeconds(.patience, kind: .uuid, facts: Self.anchored.facts, oldCount: 100_000, newCount: 100_000))
        // About 187 ns per element at 200,000: three times the small list's 63 (the price that was 5–10× too cheap at 1,000,000 lines).
        #expect(seconds >= 200_000 * 180 / 1e9, "\(seconds) s")
        #expect(seconds < 200_000 * 63 * 6 / 1e9, "\(seconds) s")
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

    /// ``anchoredText(_:)`` at 100,000 lines with its facts, made once per
    /// test process for the two tests that price it.
    static let anchored = Pair(anchoredText(100_000))

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
        let pair = Self.anchored.atTheTrimmedLength
        let model = Self.model()
        #expect(pair.facts.anchors > 60_000)
        let myers = try Self.predicted(.myers, pair, model)
        for engine in [EngineName.patience, .histogram] {
            let seconds = try Self.predicted(engine, pair, model)
            #expect(seconds < myers / 500, "\(engine): \(seconds) s against myers' \(myers) s")
            // At least the engine's own work per element, at its price for 200,000 elements.
            let price = try #require(model.elementPrices[.int]?[engine])
            #expect(seconds >= Double(2 * 100_000) * price.nanoseconds(elements: 200_000) / 1e9)
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
        let pair = Pair(Self.repeatedText(100_000)).atTheTrimmedLength
        let model = Self.model()
        #expect(pair.facts.anchors == 0)
        #expect(pair.facts.rareAnchors > 15_000)
        let myers = try Self.predicted(.myers, pair, model)
        let histogram = try Self.predicted(.histogram, pair, model)
        #expect(histogram < myers / 500, "histogram \(histogram) s against myers' \(myers) s")
        #expect(histogram >= Double(2 * 100_000) * 25 / 1e9)
        #expect(try Self.predicted(.patience, pair, model) == myers)
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

extension CostModelTests {
    /// Text like the 1,000,000-line pair of real sources, in small: a file
    /// whose every third line is one of four blank-line or brace ids and
    /// whose other lines are distinct, written out `copies` times; then,
    /// seeded, about 1 % of the lines deleted, 1 % replaced by a new line
    /// and 1 % followed by an inserted one.
    static func editedText(_ n: Int, copies: Int, seed: UInt64) -> Dataset {
        let file = (0..<n / copies).map { FeedItem(id: $0 % 3 == 0 ? $0 % 4 : 10 + $0, content: 0) }
        let old = Array(repeatElement(file, count: copies).joined())
        var random = TestRandom(seed: seed)
        var new: [FeedItem] = []
        var fresh = 10 + n
        func added() -> FeedItem {
            fresh += 1
            return FeedItem(id: fresh, content: 0)
        }
        for item in old {
            switch random.below(100) {
            case 0: continue
            case 1: new.append(added())
            case 2: new += [item, added()]
            default: new.append(item)
            }
        }
        return Dataset(workload: "file", size: n, seed: seed, kind: .values, old: old, new: new)
    }

    @Test("where ids repeat, the bound of D from a common subsequence is never under the fewest edits, on random lists with repeats")
    func chainedBoundIsAnUpperBound() {
        var random = TestRandom(seed: 37)
        for _ in 0..<300 {
            let alphabet = 1 + random.below(12)
            let old = (0..<random.below(50)).map { _ in FeedItem(id: random.below(alphabet), content: 0) }
            let new = (0..<random.below(50)).map { _ in FeedItem(id: random.below(alphabet), content: 0) }
            let fewest = old.count + new.count - 2 * referenceLCSLength(old.map(\.id), new.map(\.id))
            let bound = PairFacts.chainedEditBound(old: old, new: new)
            #expect(bound >= fewest, "\(old.map(\.id)) → \(new.map(\.id))")
            #expect(bound <= old.count + new.count)
        }
    }

    @Test(
        "text with 1 % of its lines edited, once and written out four times: D's bound is within 1.5× of the fewest edits, and myers' prediction from it over the one from D by less than 10×",
        arguments: [1, 4])
    func editedTextBoundIsNearD(copies: Int) throws {
        let dataset = Self.editedText(60_000, copies: copies, seed: 35)
        let (oldCount, newCount) = (dataset.old.count, dataset.new.count)
        let facts = PairFacts(dataset) { _, _, _ in false }
        let exact = PairFacts(dataset) { _, _, _ in true }
        let fewest = try #require(exact.minEdits)
        #expect(facts.minEdits == nil)
        #expect(facts.editDistance >= fewest)
        #expect(Double(facts.editDistance) <= 1.5 * Double(fewest), "bound \(facts.editDistance), D = \(fewest)")
        let model = Self.model()
        let predicted = try #require(model.predictedSeconds(.myers, facts: facts, oldCount: oldCount, newCount: newCount))
        let fromD = try #require(model.predictedSeconds(.myers, facts: exact, oldCount: oldCount, newCount: newCount))
        #expect(predicted >= fromD && predicted < 10 * fromD, "\(predicted) s from the bound, \(fromD) s from D")
        // The trimmed length (the bound before) priced the search hundreds of times over.
        var trimmed = facts
        trimmed.editDistance = facts.trimmedOld + facts.trimmedNew
        let fromTrimmed = try #require(model.predictedSeconds(.myers, facts: trimmed, oldCount: oldCount, newCount: newCount))
        #expect(fromTrimmed > 100 * fromD)
    }
}
