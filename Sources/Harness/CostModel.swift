import DiffEngines
import Foundation
import InputFiles
import RunResults
import Workloads

/// Predicts how long one call of a slower-than-linear engine takes, so that
/// a case that cannot finish within its budget is skipped with a stated
/// reason instead of hanging the run.
///
/// Work units come from each engine's registered cost
/// (``EngineInfo/CostUnits``), with N', M' the sizes after trimming the
/// common prefix and suffix and D the edit distance:
/// - trimmed D²: min(D²/2, (N'+1)(M'+1)) + N + M (Myers' greedy search visits
///   about D²/2 diagonal points and never more than the grid has);
/// - D²: D²/2 + N + M (no trimming, no fast path for an empty side);
/// - table cells: (N'+1)(M'+1), or (N+1)(M+1) untrimmed;
/// - linear: never predicted, never skipped.
/// Nanoseconds per unit are calibrated at the start of the run on a seeded
/// shuffled list of 1,000 items, so the prediction follows the machine.
///
/// An anchoring engine (``isAnchoring(_:_:)``: patience, histogram) is
/// priced by one rule, ``anchoringNanoseconds(_:kind:facts:oldCount:newCount:)``:
/// its own passes over the N' + M' elements of the middle, at its
/// calibrated price per element for that size and kind
/// (``ElementPrice``), the common ends at the search's price of a compare,
/// plus the Myers search over the boxes its anchors leave:
/// - none on unique ids, or with no id in common: with every id unique,
///   each common id in a box is a candidate, so every box is anchored
///   (patience's increasing run, O(U log U); histogram's common run) or
///   disjoint, and none reaches the search. (Priced as D² units at the
///   rate of the 1,000-item calibration, shuffled@100000 was predicted
///   76× too high for patience and 48× for histogram: their work is not
///   D², and the rate per unit of D² falls as D grows.)
/// - where ids repeat but some are anchors (``PairFacts/anchors``: once in
///   each list, the lines of real text that are not blank lines or braces;
///   for histogram ``PairFacts/rareAnchors``, at most
///   ``HistogramEngine/maxOccurrences`` in the old list), the search's
///   units over (anchors + 1) — the least the squares of the boxes' sizes
///   can sum to — at the search's rate (``searchNanosecondsPerUnit``).
///   Priced as one search, a 1,000,000-line text whose lines repeat was
///   predicted at 5,381 s for a call of 2.9 s; the same sources four times
///   over (no line once, tens of thousands rare) at 2,652 s for histogram's
///   0.3 s.
/// - where ids repeat with something in common and no anchor (frequent
///   tokens, text full of blank lines), the whole search: the same units
///   at least at the plain Myers rate. (Priced at its own rate, such a
///   pair was predicted some 20× too cheap, and only the case time-out
///   caught it.)
struct CostModel: Codable, Sendable {
    var nanosecondsPerUnit: [EngineName: Double] = [:]
    var units: [EngineName: EngineInfo.CostUnits] = [:]
    /// Per element kind, each anchoring engine's own work per element,
    /// calibrated at two sizes (``ElementPrice``).
    var elementPrices: [ElementKind: [EngineName: ElementPrice]] = [:]
    /// The plain Myers search's nanoseconds per trimmed-D² unit: the
    /// floor of any trimmed-D² engine's rate on a pair whose ids repeat.
    /// Nil when the run has no trimmed-D² engine.
    var searchNanosecondsPerUnit: Double?
    /// Per element kind other than `int`, each engine's best calibration
    /// call on the list in that kind over its best call on integer ids: what
    /// one unit of work costs more when ids are strings (see
    /// ``kindFactor(_:_:)``). Missing: 1.
    var kindFactors: [ElementKind: [EngineName: Double]] = [:]

    /// An anchoring engine's own work per element (of N' + M') in one
    /// element kind: its best call on the seeded shuffled list at two
    /// sizes (1,000 and 10,000 items: 2,000 and 20,000 elements), where
    /// it is all anchors, over the elements. Between and beyond them the
    /// price runs linearly in log(elements), never below the small list's.
    ///
    /// Why it grows with the size: hashing each id once is a constant per
    /// element only while the id table and the ids it compares stay in the
    /// cache. On 36-byte string ids in random order patience measured 63,
    /// 125 and 600 ns per element at 2,000, 20,000 and 200,000 elements;
    /// on integer ids 24 ns at all three. Priced at the 2,000-element
    /// figure (the kind factor of the 1,000-item list), patience on a
    /// 1,000,000-line text of real sources, compared as strings, was
    /// predicted 5–10× too cheap (0.10 s for 0.57 s). The log also covers
    /// the increasing run's O(U log U) and the nesting of the boxes.
    struct ElementPrice: Codable, Sendable, Equatable {
        var smallElements: Double
        var smallNanoseconds: Double
        var largeElements: Double
        var largeNanoseconds: Double

        /// Nanoseconds per element on `elements` elements. O(1).
        func nanoseconds(elements: Double) -> Double {
            guard largeElements > smallElements, elements > smallElements else { return smallNanoseconds }
            let perDoubling = max(0, largeNanoseconds - smallNanoseconds) / log2(largeElements / smallElements)
            return smallNanoseconds + perDoubling * log2(elements / smallElements)
        }
    }

    /// Whether `engine` (of cost `cost`) anchors first and leaves to the
    /// shared Myers search only the boxes where no anchor remains (patience,
    /// histogram): a trimmed-D² engine other than Myers itself. Such an
    /// engine is priced by ``anchoringNanoseconds(_:kind:facts:oldCount:newCount:)``. O(1).
    static func isAnchoring(_ engine: EngineName, _ cost: EngineInfo.CostUnits) -> Bool {
        cost == .trimmedDifferencesSquared && engine != .myers
    }

    /// How many times `engine`'s call costs more in `kind` than on integer
    /// ids. An engine that compares ids inside its search (Myers' snake
    /// compares the two elements' ids at every step; the table of lcs at
    /// every cell) pays a string comparison per unit in `uuid` and
    /// `record`: a 36-byte compare of separate storage instead of one
    /// integer compare. Calibrated on integer ids alone, such an engine's
    /// uuid calls were predicted 15–36× too cheap. An engine that hashes
    /// each id once pays it per element only, and its factor stays small.
    func kindFactor(_ kind: ElementKind, _ engine: EngineName) -> Double {
        kindFactors[kind]?[engine] ?? 1
    }

    static func units(_ cost: EngineInfo.CostUnits, facts: PairFacts, oldCount: Int, newCount: Int) -> Double? {
        let d = Double(facts.editDistance)
        let linear = Double(oldCount + newCount)
        switch cost {
        case .trimmedDifferencesSquared:
            return min(d * d / 2, Double(facts.trimmedOld + 1) * Double(facts.trimmedNew + 1)) + linear
        case .differencesSquared:
            return d * d / 2 + linear
        case .tableCells:
            return Double(facts.trimmedOld + 1) * Double(facts.trimmedNew + 1)
        case .untrimmedTableCells:
            return Double(oldCount + 1) * Double(newCount + 1)
        case .linear:
            return nil
        }
    }

    /// Calibrates every engine that is not linear on a seeded shuffled list
    /// (one timed call per engine after a warm-up call, best of three), on
    /// integer ids and then in each other kind of `kinds` (the same list
    /// projected as the run projects it: ``kindFactors``). An anchoring
    /// engine is timed again on a shuffled list ten times longer, in each
    /// kind, for its ``ElementPrice`` (a few milliseconds: its calls there
    /// are near linear).
    /// `announce` is told each engine's name before its calls (a worker tells its parent).
    static func calibrate(
        engines: [EngineDescriptor], kinds: [ElementKind] = [.int], seed: UInt64, announce: (EngineName) -> Void = { _ in }
    ) -> CostModel {
        var model = CostModel()
        let slower = engines.filter { $0.info.cost != .linear }
        guard !slower.isEmpty, let dataset = try? WorkloadName.shuffled.make(size: 1_000, seed: seed) else { return model }
        let large = slower.contains { isAnchoring($0.name, $0.info.cost) } ? try? WorkloadName.shuffled.make(size: 10_000, seed: seed) : nil
        let facts = PairFacts(dataset) { _, _, _ in false }
        func bestOfThree(_ call: () -> Changeset?) -> Double { fastest(of: 3, call) }
        // A kind's factor is a ratio of two such minima: more rounds, so that one call
        // preempted on a loaded machine does not move it (best of three moved it 20×).
        func fastest(of rounds: Int, _ call: () -> Changeset?) -> Double {
            blackHole(call())
            var best = Double.infinity
            for _ in 0..<rounds {
                let start = monotonicNanoseconds()
                let result = call()
                let elapsed = Double(monotonicNanoseconds() - start)
                blackHole(result)
                best = min(best, elapsed)
            }
            return best
        }
        func elements(_ dataset: Dataset) -> Double { Double(dataset.old.count + dataset.new.count) }
        for descriptor in slower {
            guard let units = units(descriptor.info.cost, facts: facts, oldCount: dataset.old.count, newCount: dataset.new.count)
            else { continue }
            announce(descriptor.name)
            let best = fastest(of: kinds.count > 1 ? 7 : 3) { try? descriptor.diffItems(dataset.old, dataset.new, .default) }
            model.nanosecondsPerUnit[descriptor.name] = best / units
            model.units[descriptor.name] = descriptor.info.cost
            let anchoring = isAnchoring(descriptor.name, descriptor.info.cost)
            for kind in kinds {
                let call = SubjectCall(subject: .engine(descriptor.name), descriptor: descriptor, options: .default)
                let inKind = kind == .int ? best : fastest(of: 7) { try? call(ProjectedLists(dataset, kind: kind)) }
                if kind != .int { model.kindFactors[kind, default: [:]][descriptor.name] = inKind / max(best, 1) }
                guard anchoring, let large else { continue }
                let lists = ProjectedLists(large, kind: kind)
                let inLarge = bestOfThree { try? call(lists) }
                model.elementPrices[kind, default: [:]][descriptor.name] = ElementPrice(
                    smallElements: elements(dataset), smallNanoseconds: inKind / elements(dataset),
                    largeElements: elements(large), largeNanoseconds: inLarge / elements(large))
            }
        }
        // The search rate: myers' own when the run has it, else one more calibration of the shared search.
        if slower.contains(where: { $0.info.cost == .trimmedDifferencesSquared }),
            let units = units(.trimmedDifferencesSquared, facts: facts, oldCount: dataset.old.count, newCount: dataset.new.count)
        {
            model.searchNanosecondsPerUnit = model.nanosecondsPerUnit[.myers]
                ?? bestOfThree { try? MyersEngine().diff(from: dataset.old, to: dataset.new) } / units
        }
        return model
    }

    /// Predicted seconds for one call in element kind `kind`, or nil when
    /// the engine is linear. An anchoring engine with its element price
    /// in `kind` calibrated is priced by
    /// ``anchoringNanoseconds(_:kind:facts:oldCount:newCount:)``; any other
    /// by its units at its own rate times its kind factor (a trimmed-D²
    /// engine at least at the search's where ids repeat with something in
    /// common).
    func predictedSeconds(_ engine: EngineName, kind: ElementKind = .int, facts: PairFacts, oldCount: Int, newCount: Int) -> Double? {
        guard let cost = units[engine], let rate = nanosecondsPerUnit[engine],
            let units = CostModel.units(cost, facts: facts, oldCount: oldCount, newCount: newCount)
        else { return nil }
        if CostModel.isAnchoring(engine, cost),
            let nanoseconds = anchoringNanoseconds(engine, kind: kind, facts: facts, oldCount: oldCount, newCount: newCount)
        {
            return nanoseconds / 1e9
        }
        var perUnit = rate * kindFactor(kind, engine)
        if cost == .trimmedDifferencesSquared, !facts.uniqueIDs, !facts.nothingInCommon, let search = searchRate(kind, engine) {
            perUnit = max(perUnit, search)
        }
        return units * perUnit / 1e9
    }

    /// The Myers search's nanoseconds per trimmed-D² unit in `kind`: at
    /// myers' kind factor when the run calibrated myers, else at `engine`'s.
    func searchRate(_ kind: ElementKind, _ engine: EngineName) -> Double? {
        searchNanosecondsPerUnit.map { $0 * (kindFactors[kind]?[.myers] ?? kindFactor(kind, engine)) }
    }

    /// The one rule for an anchoring engine (see ``CostModel``): own work
    /// (N' + M') · price(N' + M'), the common ends at the search's price per
    /// element, plus the search over the boxes its anchors leave: none on
    /// unique ids or with no id in common, the search's units over
    /// (anchors + 1) where ids repeat and some anchor, else the whole
    /// search at least at the plain Myers rate. Nil without an element
    /// price in `kind` or a search rate. O(1).
    func anchoringNanoseconds(_ engine: EngineName, kind: ElementKind, facts: PairFacts, oldCount: Int, newCount: Int) -> Double? {
        guard let price = elementPrices[kind]?[engine], let searchRate = searchRate(kind, engine), let rate = nanosecondsPerUnit[engine],
            let units = CostModel.units(.trimmedDifferencesSquared, facts: facts, oldCount: oldCount, newCount: newCount)
        else { return nil }
        let linear = Double(oldCount + newCount)
        let middle = Double(facts.trimmedOld + facts.trimmedNew)
        let own = middle * price.nanoseconds(elements: middle) + (linear - middle) * searchRate
        if facts.uniqueIDs || facts.nothingInCommon { return own }
        let anchors = engine == .histogram ? facts.rareAnchors : facts.anchors
        guard anchors > 0 else { return units * max(rate * kindFactor(kind, engine), searchRate) }
        return own + (units - linear) / Double(anchors + 1) * searchRate
    }
}

/// A prediction for one call of a command other than `run` (`diff`,
/// `hunks`), made before the call: the command line has no case to skip,
/// so a call predicted over its budget is refused.
public enum CallPrediction {
    /// How a prediction gets its calibrated model for the kinds it asks:
    /// in `worker`, or in process when nil (a built-in engine).
    typealias Calibration = (_ kinds: [ElementKind]) throws -> CostModel

    /// Predicted seconds for `descriptor` on `old` → `new`, or nil for a
    /// linear engine. The rate is calibrated (as `run` does, a few calls on
    /// 1,000 shuffled items) only when the work is large enough to matter:
    /// below 10⁷ units even a slow machine finishes in well under a second.
    /// The calibration calls the engine, so a plug-in's is made in
    /// `worker` (nil: in process), whose ``EngineCall/Fault`` is thrown.
    /// O(N + M) (the same pair facts `run` reads) plus the calibration.
    public static func seconds(_ descriptor: EngineDescriptor, old: [FeedItem], new: [FeedItem], in worker: EngineCall.Worker?)
        throws -> Double?
    {
        try seconds(descriptor, old: old, new: new, kind: .int, calibration: calibration(descriptor, worker))
    }

    /// ``seconds(_:old:new:in:)`` for a user's lists as the files hold them.
    /// A linear engine returns at once; otherwise the ids are numbered for
    /// the pair facts (a table that lives only for the prediction). The
    /// engine will be called on the strings themselves, so the call is
    /// priced in ``userListKind``. O(N + M).
    public static func seconds(_ descriptor: EngineDescriptor, lists: UserLists, in worker: EngineCall.Worker?) throws -> Double? {
        try seconds(descriptor, lists: lists, calibration: calibration(descriptor, worker))
    }

    /// The kind whose calibration prices a call on a user's lists: their
    /// values and ids are strings (a number id as its text), which an
    /// engine hashes and compares as such. ``ElementKind/uuid`` is the
    /// calibrated kind of string ids (36 bytes, about a line of code).
    /// Priced as integers, a string pair's call was predicted as cheaply
    /// as the integers' — 15–36× too cheap for an engine that compares ids
    /// in its search (``CostModel/kindFactor(_:_:)``).
    static let userListKind = ElementKind.uuid

    /// The calibration of `descriptor` in its worker, or in process.
    static func calibration(_ descriptor: EngineDescriptor, _ worker: EngineCall.Worker?) -> Calibration {
        { kinds in
            try worker.map { try EngineCall.calibrated(descriptor.name, kinds: kinds, in: $0) }
                ?? CostModel.calibrate(engines: [descriptor], kinds: kinds, seed: 1)
        }
    }

    /// The prediction with the calibration given: in `kind`, calibrated on
    /// integers and, when `kind` is another, in it too. O(N + M) plus the calibration.
    static func seconds(
        _ descriptor: EngineDescriptor, old: [FeedItem], new: [FeedItem], kind: ElementKind, calibration: Calibration
    ) throws -> Double? {
        guard descriptor.info.cost != .linear else { return nil }
        let dataset = Dataset(workload: "file", size: old.count, seed: 0, kind: .identified, old: old, new: new)
        let facts = PairFacts(dataset) { _, _, _ in false }
        guard let units = CostModel.units(descriptor.info.cost, facts: facts, oldCount: old.count, newCount: new.count) else {
            return nil
        }
        if units < 1e7 { return units * 1e-9 }
        let model = try calibration(kind == .int ? [.int] : [.int, kind])
        return model.predictedSeconds(descriptor.name, kind: kind, facts: facts, oldCount: old.count, newCount: new.count)
    }

    /// ``seconds(_:lists:in:)`` with the calibration given.
    static func seconds(_ descriptor: EngineDescriptor, lists: UserLists, calibration: Calibration) throws -> Double? {
        guard descriptor.info.cost != .linear else { return nil }
        switch lists {
        case let .values(old, new): return try seconds(descriptor, old: old, new: new, calibration: calibration) { $0 }
        case let .lines(old, new): return try seconds(descriptor, old: old, new: new, calibration: calibration) { LineBytes($0) }
        case let .items(old, new): return try seconds(descriptor, old: old, new: new, calibration: calibration) { $0.id }
        }
    }

    static func seconds<E, ID: Hashable>(
        _ descriptor: EngineDescriptor, old: [E], new: [E], calibration: Calibration, id: (E) -> ID
    ) throws -> Double? {
        var numbers: [ID: Int] = [:]
        func item(_ element: E) -> FeedItem {
            let key = id(element)
            if let number = numbers[key] { return FeedItem(id: number, content: 0) }
            numbers[key] = numbers.count
            return FeedItem(id: numbers.count - 1, content: 0)
        }
        let oldItems = old.map(item), newItems = new.map(item)
        numbers = [:]
        return try seconds(descriptor, old: oldItems, new: newItems, kind: userListKind, calibration: calibration)
    }
}
