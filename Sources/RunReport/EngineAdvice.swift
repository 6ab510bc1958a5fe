import Foundation
import FileSupport
import RunResults

/// "Which engine should I use?" for one shape of data the run measured
/// (unique ids, repeated ids, text, sectioned): the engine to pick, what
/// to pick instead when a few extra moves are acceptable, and what to
/// avoid, decided from the rows alone.
///
/// Nothing here knows an engine by name: engines come from the rows, and
/// the run's `engines` record (``EnginePalette/engines``) only says which
/// of them is a reference (never advised) and which need unique ids (the
/// reason given when such an engine cannot run on repeated ids).
///
/// The rules, per workload at its largest size with a verified engine:
/// - the *fewest steps* are the least `steps` (deletes + inserts + moves +
///   updates) any verified engine reported there; an engine counts as
///   having them when its steps are within ``stepsTolerance`` (1 %) of
///   that least count, so one step more never outweighs a speed gap;
/// - two engines are a *tie* when the 95 % bootstrap interval of the ratio
///   of their scores (``MedianRatio``, from the rows' `sample_quantiles_ns`)
///   reaches within ``tieTolerance`` of 1; for rows without quantiles (older
///   files), when their median ± MAD ranges overlap or they differ by at
///   most ``tieTolerance``, on every workload;
/// - an engine's *score* on a shape is the geometric mean, over the
///   shape's workloads, of its time over the fastest time there (1 = the
///   fastest everywhere); the geometric mean keeps one large workload
///   from deciding alone.
/// The pick is the best-scoring engine among those with the fewest steps
/// on every workload of the shape (or on the most, when none manages all);
/// engines tied with it on every workload are named as ties. Engines that
/// could not run (skipped, failed) at a workload's largest size, or that
/// take ``avoidRatio`` times the pick's time or more, or whose peak heap in
/// one call is ``avoidRatio`` times the pick's or more, or whose steps are
/// ``avoidRatio`` times the fewest or more (heckel's moves on text), are
/// to be avoided.
/// Where ids repeat (as recorded on the untrimmed lists), an engine that
/// needs unique ids is never the pick, even on a row where it ran.
package struct EngineAdvice: Hashable, Sendable, Codable {
    package enum Shape: String, Hashable, Sendable, Codable, CaseIterable {
        case uniqueIDs = "unique ids"
        case repeatedIDs = "repeated ids"
        case text
        case sectioned

        /// The heading a reader looks for.
        package var title: String {
            switch self {
            case .uniqueIDs: return "Lists with unique ids"
            case .repeatedIDs: return "Lists where ids repeat"
            case .text: return "Text (lines or characters)"
            case .sectioned: return "Sectioned lists"
            }
        }
    }

    /// A piece of the advice: plain text, or an engine name (drawn with its
    /// colour on the page, bold in Markdown).
    package enum Part: Hashable, Sendable, Codable {
        case text(String)
        case engine(Subject)
    }

    /// An engine to avoid and why, in a few words.
    package struct Avoid: Hashable, Sendable, Codable {
        package var engine: Subject
        package var why: String
    }

    package var shape: Shape
    /// The series labels the advice covers, in run order.
    package var workloads: [String]
    /// The sizes the advice was decided at (each workload's largest with a verified engine).
    package var sizes: [Int]
    /// What one element of the lists was ("integer ids", or the run's `elements` values).
    package var elements: [String]
    package var pick: Subject?
    /// Engines whose times cannot be told apart from the pick's on every workload.
    package var pickTies: [Subject]
    /// Workloads (of ``workloads``) on which the pick had the fewest steps.
    package var pickMinimalOn: Int
    /// The fastest engine overall, when it is not the pick or tied with it.
    package var fasterWithMoreSteps: Subject?
    /// Its score over the pick's (below 1 = faster).
    package var fasterRatio: Double?
    /// Its steps over the fewest, at most, across the shape's workloads.
    package var fasterExtraSteps: Double?
    /// Its steps beyond the fewest, at most, across the shape's workloads.
    package var fasterExtraCount: Int?
    /// Its score over the pick's with the 95 % bootstrap interval (nil
    /// where the rows recorded no samples' quantiles).
    package var fasterInterval: MedianRatio? = nil
    package var avoid: [Avoid]
    /// The advice as a sentence or three.
    package var parts: [Part]

    /// Two times differing by at most this fraction are a tie whatever their
    /// spreads (and an interval reaching this close to 1 is a tie).
    package static let tieTolerance = 0.03
    /// Steps within this fraction of the fewest count as the fewest.
    package static let stepsTolerance = 0.01
    /// Steps up to this many times the fewest count as "a few extra moves".
    package static let fewExtraSteps = 1.5
    /// An engine this many times slower than the pick (by score) is to be avoided.
    package static let avoidRatio = 10.0

    /// The advice as plain text (terminal).
    package var plainText: String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .engine(let name): return name.name
            }
        }.joined()
    }

    /// Whether two measured rows' times are indistinguishable in this run:
    /// the 95 % bootstrap interval of the ratio of their medians reaches
    /// within ``tieTolerance`` of 1 (``MedianRatio``); for rows without
    /// recorded quantiles, ``tied(_:_:)-(_,_)`` on median ± MAD.
    /// O(``MedianRatio/replicates``).
    package static func tied(_ a: ResultRow, _ b: ResultRow) -> Bool {
        if let first = MedianRatio.Samples(a), let second = MedianRatio.Samples(b),
            let ratio = MedianRatio.of([(first, second)], seed: a.engine.name + "/" + b.engine.name)
        {
            return ratio.isTie(tolerance: tieTolerance)
        }
        return tied((a.medianNs ?? 0, a.spreadNs ?? 0), (b.medianNs ?? 0, b.spreadNs ?? 0))
    }

    /// Whether two measured times are indistinguishable in this run:
    /// overlapping median ± MAD ranges, or within ``tieTolerance``. O(1).
    package static func tied(_ a: (median: Double, spread: Double), _ b: (median: Double, spread: Double)) -> Bool {
        let (low, high) = a.median <= b.median ? (a, b) : (b, a)
        if low.median + low.spread >= high.median - high.spread { return true }
        return high.median - low.median <= tieTolerance * low.median
    }

    /// The shape of a series, from what the run measured and recorded
    /// (results.json `datasets`, ``DatasetShape``): text when its datasets
    /// are text, sectioned when they are grouped, repeated ids when an id
    /// repeats anywhere in the untrimmed lists, unique ids otherwise — never
    /// from a workload's name. A file written before shapes were recorded
    /// falls back on the rows: a fewest-edits count without a fewest-moves
    /// count (the runner leaves that empty when ids repeat), or a row skipped
    /// because its engine needs unique ids (``ResultRow/ReasonCode``), means
    /// repeated ids. O(rows of the series · datasets).
    static func shape(of series: RunSeries, datasets: [DatasetShape]) -> Shape {
        let recorded = recordedShapes(of: series, datasets)
        if !recorded.isEmpty {
            if recorded.contains(where: { $0.unit != nil }) { return .text }
            if recorded.contains(where: \.sectioned) { return .sectioned }
            return recorded.contains(where: \.idsRepeat) ? .repeatedIDs : .uniqueIDs
        }
        let measured = series.rows.filter { $0.status == .ok }
        if measured.contains(where: { $0.minEdits != nil && $0.minMoves == nil }) { return .repeatedIDs }
        if !measured.isEmpty, series.rows.contains(where: { $0.reasonCode == .needsUniqueIDs }) { return .repeatedIDs }
        return .uniqueIDs
    }

    /// The recorded shapes of the datasets a series' rows were measured on.
    static func recordedShapes(of series: RunSeries, _ datasets: [DatasetShape]) -> [DatasetShape] {
        datasets.filter { shape in series.rows.contains { shape.describes($0) } }
    }

    /// Whether ids repeat in a series: recorded on the untrimmed lists, or
    /// (in an older file) read from the rows as ``shape(of:datasets:)`` does.
    static func idsRepeat(in series: RunSeries, _ datasets: [DatasetShape]) -> Bool {
        let recorded = recordedShapes(of: series, datasets)
        if !recorded.isEmpty { return recorded.contains(where: \.idsRepeat) }
        return shape(of: series, datasets: []) == .repeatedIDs
    }

    /// One workload at its deciding size.
    struct Standing {
        var label: String
        var size: Int
        /// Verified engine rows with a time, by engine.
        var times: [Subject: (median: Double, spread: Double)]
        var steps: [Subject: Int]
        var moves: [Subject: Int] = [:]
        /// The recorded sample quantiles, by engine (rows that have them).
        var samples: [Subject: MedianRatio.Samples] = [:]
        /// Peak heap bytes of one call, by engine (where measured).
        var heap: [Subject: Int]
        var fewest: Int?
        /// Engines that did not run or failed at this size, with a short reason.
        var absent: [Subject: String]

        var fastest: Double? { times.values.map(\.median).min() }
        func minimal(_ engine: Subject) -> Bool {
            guard times[engine] != nil else { return false }
            guard let fewest else { return true }
            guard let mine = steps[engine] else { return false }
            return Double(mine) <= Double(fewest) * (1 + EngineAdvice.stepsTolerance)
        }
    }

    /// Advice for every shape present in the series, in ``Shape`` order,
    /// one piece per element kind the shape was timed as (the figures of
    /// one kind say nothing of another's: string ids cost what integer ids
    /// do not). O(rows · engines).
    package static func advise(_ allSeries: [RunSeries], datasets: [DatasetShape] = []) -> [EngineAdvice] {
        let groups = Dictionary(grouping: allSeries) { shape(of: $0, datasets: datasets) }
        return Shape.allCases.flatMap { shape -> [EngineAdvice] in
            guard let series = groups[shape] else { return [] }
            return RunSeries.elementKinds(series).compactMap { kind in
                advise(shape: shape, series.filter { $0.elements == kind }, datasets: datasets)
            }
        }
    }

    static func advise(shape: Shape, _ series: [RunSeries], datasets: [DatasetShape]) -> EngineAdvice? {
        let references = Set(series.palette.engines.filter(\.isReference).map(\.subject))
        let uniqueOnly = Set(series.palette.engines.filter(\.requiresUniqueIDs).map(\.subject))
        // Where ids repeat, an engine that needs unique ids is never advised,
        // even where it ran (trimming can hide a repeat from it).
        let idsRepeat = shape == .repeatedIDs || series.contains { Self.idsRepeat(in: $0, datasets) }
        var standings: [Standing] = []
        var kinds: [String] = []
        for one in series {
            let rows = one.rows.filter { !references.contains($0.engine) && $0.status != .reference }
            for row in rows {
                let kind = Self.elementText(row.elements)
                if !kinds.contains(kind) { kinds.append(kind) }
            }
            if let standing = standing(one.label, rows, idsRepeat: idsRepeat, uniqueOnly: uniqueOnly) { standings.append(standing) }
        }
        guard !standings.isEmpty else { return nil }
        let engines = series.palette.sorted(standings.flatMap { Array($0.times.keys) + Array($0.absent.keys) })

        // Engines that ran on every workload, with their scores.
        let complete = engines.filter { engine in standings.allSatisfy { $0.times[engine] != nil && $0.absent[engine] == nil } }
        func score(_ engine: Subject) -> Double {
            let logs = standings.map { log($0.times[engine]!.median / $0.fastest!) }
            return exp(logs.reduce(0, +) / Double(logs.count))
        }
        func minimalCount(_ engine: Subject) -> Int { standings.filter { $0.minimal(engine) }.count }
        let scores = Dictionary(uniqueKeysWithValues: complete.map { ($0, score($0)) })

        var advice = EngineAdvice(
            shape: shape, workloads: standings.map(\.label), sizes: standings.map(\.size), elements: kinds, pick: nil,
            pickTies: [], pickMinimalOn: 0, fasterWithMoreSteps: nil, fasterRatio: nil, fasterExtraSteps: nil, fasterExtraCount: nil,
            fasterInterval: nil, avoid: [],
            parts: [])
        guard !complete.isEmpty else {
            advice.parts = [.text("No engine was verified on every workload of this shape; see the results table.")]
            return advice
        }
        let most = complete.map(minimalCount).max()!
        let candidates = complete.filter { minimalCount($0) == most }
        let pick = candidates.min { scores[$0]! < scores[$1]! }!
        func tiedEverywhere(_ a: Subject, _ b: Subject) -> Bool {
            if let ratio = scoreRatio(a, b, standings) { return ratio.isTie(tolerance: tieTolerance) }
            return standings.allSatisfy { tied($0.times[a]!, $0.times[b]!) }
        }
        advice.pick = pick
        advice.pickMinimalOn = most
        advice.pickTies = candidates.filter { $0 != pick && tiedEverywhere(pick, $0) }
        // The alternative offered: the fastest engine that is faster than the
        // pick (beyond the noise) while staying near the fewest steps (at most
        // 1.5× on every workload) — a near-minimal engine is the useful
        // trade; only when there is none, the fastest engine of all.
        func worstStepRatio(_ engine: Subject) -> Double? {
            var worst = 1.0
            for standing in standings {
                guard let fewest = standing.fewest, let steps = standing.steps[engine] else { return nil }
                worst = max(worst, fewest == 0 ? (steps == 0 ? 1 : .infinity) : Double(steps) / Double(fewest))
            }
            return worst
        }
        // An engine with ``avoidRatio`` times the fewest steps is named under "avoid", never offered.
        let faster = complete.filter { engine in
            engine != pick && !candidates.contains(engine) && scores[engine]! < scores[pick]! && !tiedEverywhere(pick, engine)
                && excessSteps(engine, standings) == nil
        }
        let nearMinimal = faster.filter { (worstStepRatio($0) ?? .infinity) <= 1.5 }
        let fastest = (nearMinimal.isEmpty ? faster : nearMinimal).min { scores[$0]! < scores[$1]! } ?? pick
        if fastest != pick, !tiedEverywhere(pick, fastest), !candidates.contains(fastest) {
            advice.fasterWithMoreSteps = fastest
            advice.fasterRatio = scores[fastest]! / scores[pick]!
            advice.fasterInterval = scoreRatio(fastest, pick, standings)
            advice.fasterExtraSteps = standings.compactMap { standing -> Double? in
                guard let fewest = standing.fewest, let steps = standing.steps[fastest] else { return nil }
                return fewest == 0 ? (steps == 0 ? 1 : nil) : Double(steps) / Double(fewest)
            }.max()
            advice.fasterExtraCount = standings.compactMap { standing -> Int? in
                guard let fewest = standing.fewest, let steps = standing.steps[fastest] else { return nil }
                // Counts from a file can be anything: no trap on an overflow.
                let (extra, overflow) = steps.subtractingReportingOverflow(fewest)
                return overflow ? nil : extra
            }.max()
        }
        advice.avoid = avoidList(engines.filter { $0 != pick }, pick: pick, standings: standings, scores: scores)
        advice.parts = sentence(advice, workloadCount: standings.count)
        if shape == .text { advice.parts += searchEngineSentence(standings, palette: series.palette) }
        return advice
    }

    /// Why each of `engines` (the pick left out) is to be avoided, for those
    /// that are: absent somewhere (failed, skipped, unique ids needed),
    /// ``avoidRatio`` times the pick's time or more, ``avoidRatio`` times the
    /// fewest steps, or ``avoidRatio`` times the pick's peak heap, in that order.
    static func avoidList(_ engines: [Subject], pick: Subject, standings: [Standing], scores: [Subject: Double]) -> [Avoid] {
        var avoid: [Avoid] = []
        for engine in engines {
            if let standing = standings.first(where: { $0.absent[engine] != nil }) {
                let count = standings.filter { $0.absent[engine] != nil }.count
                var why = standing.absent[engine]!
                if count < standings.count { why += ", on \(standing.label)" + (count > 1 ? " and \(count - 1) more" : "") }
                avoid.append(Avoid(engine: engine, why: why))
            } else if let mine = scores[engine], mine / scores[pick]! >= avoidRatio {
                avoid.append(Avoid(engine: engine, why: "\(Self.timesText(mine / scores[pick]!)) the time of the pick"))
            } else if let excess = excessSteps(engine, standings) {
                avoid.append(Avoid(engine: engine, why: excess))
            } else if let (standing, heap) = standings.lazy.compactMap({ standing -> (Standing, Int)? in
                guard let heap = standing.heap[engine], let pickHeap = standing.heap[pick],
                    Double(heap) >= avoidRatio * Double(max(pickHeap, 1))
                else { return nil }
                return (standing, heap)
            }).first {
                let pickHeap = standing.heap[pick]!
                avoid.append(
                    Avoid(
                        engine: engine,
                        why: "peak heap \(Formatting.bytes(heap)), \(Self.timesText(Double(heap) / Double(max(pickHeap, 1)))) the pick's \(Formatting.bytes(pickHeap))"
                            + (standings.count > 1 ? " on \(standing.label)" : "")))
            }
        }
        return avoid
    }

    /// One series' standing at its largest size with a timed row: each
    /// engine's time, steps, moves, heap and samples there, or why it is
    /// absent (a failure at any size, a skip at a larger one, unique ids
    /// needed where they repeat). Nil when nothing was timed. O(rows).
    static func standing(_ label: String, _ rows: [ResultRow], idsRepeat: Bool, uniqueOnly: Set<Subject>) -> Standing? {
        let timed = rows.filter { $0.status == .ok && $0.medianNs != nil }
        guard let size = timed.map(\.size).max() else { return nil }
        var standing = Standing(label: label, size: size, times: [:], steps: [:], heap: [:], fewest: nil, absent: [:])
        for row in rows where row.size == size {
            if idsRepeat, uniqueOnly.contains(row.engine), row.status == .ok {
                standing.absent[row.engine] = "needs unique ids"
            } else if row.status == .ok, let median = row.medianNs {
                if let heap = row.peakHeapBytes, heap >= 0 { standing.heap[row.engine] = heap }
                standing.times[row.engine] = (median, row.spreadNs ?? 0)
                // A negative count (a hand-edited file) is no count.
                if let steps = row.steps, steps >= 0 { standing.steps[row.engine] = steps }
                if let moves = row.moves, moves >= 0 { standing.moves[row.engine] = moves }
                if let samples = MedianRatio.Samples(row) { standing.samples[row.engine] = samples }
            } else if row.status.isFailure {
                standing.absent[row.engine] = failureText(row)
            } else if row.status == .skipped {
                standing.absent[row.engine] = shortReason(row)
            }
        }
        // Engines skipped at a larger size than the deciding one cannot handle that size;
        // an engine that failed at any size (a wrong answer, a crash, a hang, memory) is never the pick.
        for row in rows where row.size != size && standing.absent[row.engine] == nil
            && (row.status.isFailure || (row.size > size && row.status != .ok))
        {
            standing.absent[row.engine] = row.status.isFailure
                ? failureText(row) : shortReason(row)
        }
        standing.fewest = standing.steps.values.min()
        return standing
    }

    /// The ratio of `a`'s score over `b`'s with its bootstrap interval, when
    /// both have recorded samples on every standing; nil otherwise. The
    /// seed is the two names, so a rerun of the report gives the same.
    static func scoreRatio(_ a: Subject, _ b: Subject, _ standings: [Standing]) -> MedianRatio? {
        let pairs = standings.compactMap { standing -> (a: MedianRatio.Samples, b: MedianRatio.Samples)? in
            guard let first = standing.samples[a], let second = standing.samples[b] else { return nil }
            return (first, second)
        }
        guard pairs.count == standings.count else { return nil }
        return MedianRatio.of(pairs, seed: a.name + "/" + b.name)
    }

    /// "989,708 steps (989,708 moves) against the fewest 4,984": an engine
    /// whose steps are ``avoidRatio`` times the fewest or more on a
    /// workload (the first such), or nil. O(workloads).
    static func excessSteps(_ engine: Subject, _ standings: [Standing]) -> String? {
        for standing in standings {
            guard let fewest = standing.fewest, fewest > 0, let steps = standing.steps[engine],
                Double(steps) >= avoidRatio * Double(fewest)
            else { continue }
            var why = "\(Formatting.grouped(steps)) steps"
            if let moves = standing.moves[engine], moves > 0 { why += " (\(Formatting.grouped(moves)) moves)" }
            why += " against the fewest \(Formatting.grouped(fewest))"
            return why + (standings.count > 1 ? " on \(standing.label)" : "")
        }
        return nil
    }

    /// For text, which of the engines that search the edit graph — those the
    /// run's engine record gives the trimmed-D² cost (``EngineInfo/CostUnits/trimmedDifferencesSquared``:
    /// Myers, and the engines that anchor first and fall back on it) — took
    /// the least time in all over the text workloads at their deciding sizes,
    /// with the others' totals beside it: the question git's users ask
    /// (myers, patience or histogram?). Empty when fewer than two such
    /// engines were timed on every workload. O(engines · workloads).
    static func searchEngineSentence(_ standings: [Standing], palette: EnginePalette) -> [Part] {
        let searching = palette.engines.filter { $0.cost == .trimmedDifferencesSquared }.map(\.subject)
        let totals = searching.compactMap { engine -> (Subject, Double)? in
            guard standings.allSatisfy({ $0.times[engine] != nil && $0.absent[engine] == nil }) else { return nil }
            return (engine, standings.reduce(0) { $0 + $1.times[engine]!.median })
        }.sorted { $0.1 < $1.1 }
        guard totals.count >= 2, let best = totals.first else { return [] }
        let over = standings.count == 1 ? "on \(standings[0].label)" : "over the \(standings.count) text workloads"
        var parts: [Part] = [
            .text(" Of the engines that search the edit graph, "), .engine(best.0),
            .text(" took the least time \(over) (\(Formatting.duration(best.1)) in all), then "),
        ]
        for (index, (engine, total)) in totals.dropFirst().enumerated() {
            if index > 0 { parts.append(.text(index == totals.count - 2 ? " and " : ", ")) }
            parts += [.engine(engine), .text(" (\(Formatting.duration(total)), \(RatioText.times(total / best.1)))")]
        }
        parts.append(.text("."))
        return parts
    }

    /// "crashed at n = 1,000": a failed row's status and size, for the avoid list.
    static func failureText(_ row: ResultRow) -> String {
        let what: String
        switch (row.status, row.reasonCode) {
        case (.crashed, _): what = "crashed"
        case (.timedOut, _): what = "timed out"
        case (.outOfMemory, _): what = "ran out of memory"
        case (_, .failedBatchCheck): what = "failed the batch check"
        case (_, .answerChanged): what = "changed its answer"
        default: what = "failed verification"
        }
        return "\(what) at n = \(Formatting.grouped(row.size))"
    }

    /// The advice in words.
    static func sentence(_ advice: EngineAdvice, workloadCount: Int) -> [Part] {
        guard let pick = advice.pick else { return [] }
        var parts: [Part] = [.text("Use "), .engine(pick), .text(": ")]
        let all = workloadCount == 1 ? "" : (advice.pickMinimalOn == workloadCount ? " on all \(workloadCount) workloads" : " on \(advice.pickMinimalOn) of \(workloadCount) workloads")
        if advice.pickMinimalOn == 0 {
            parts.append(.text("no engine reported its steps; it is the fastest"))
        } else {
            parts.append(.text("the fewest steps\(all) (within 1 %), and the fastest of the engines that manage that"))
        }
        if !advice.pickTies.isEmpty {
            parts.append(.text(" — tied within the run's noise with "))
            parts += list(advice.pickTies)
            parts.append(.text(", so either will do"))
        }
        parts.append(.text(". "))
        if let faster = advice.fasterWithMoreSteps, let ratio = advice.fasterRatio {
            let extra = advice.fasterExtraSteps ?? 1, count = advice.fasterExtraCount ?? 0
            if extra <= fewExtraSteps {
                parts += [.text("If a few extra moves are acceptable, "), .engine(faster), .text(" is \(speedText(ratio, advice.fasterInterval))")]
                if count > 0 {
                    // A ratio that rounds to 1.00 says nothing: the count of extra steps then.
                    parts.append(.text(extra >= 1.005 ? " while taking up to \(String(format: "%.2f", extra))× the fewest steps" : " with up to \(Formatting.grouped(count)) more step\(count == 1 ? "" : "s")"))
                }
            } else {
                // Not "a few": say what the speed costs.
                parts += [.engine(faster), .text(" is \(speedText(ratio, advice.fasterInterval)) but takes up to \(String(format: "%.3g", extra))× the fewest steps")]
            }
            parts.append(.text(". "))
        } else {
            parts.append(.text("No engine with more steps is faster beyond the noise. "))
        }
        if !advice.avoid.isEmpty {
            parts.append(.text("Avoid "))
            for (index, item) in advice.avoid.enumerated() {
                if index > 0 { parts.append(.text(index == advice.avoid.count - 1 ? " and " : ", ")) }
                parts += [.engine(item.engine), .text(" (\(item.why))")]
            }
            parts.append(.text("."))
        }
        while case .text(let last)? = parts.last, last.hasSuffix(" ") {
            parts[parts.count - 1] = .text(String(last.dropLast()))
        }
        return parts
    }

    /// The alternative's speed as a predicate: "1.6× faster", or "about as
    /// fast" when the score ratio rounds to 1 (never "is same"). O(1).
    /// With an interval, the interval's text ("1.6× faster (95 % interval 1.5–1.7×)").
    static func speedText(_ ratio: Double, _ interval: MedianRatio? = nil) -> String {
        if abs(ratio - 1) < 0.005 { return "about as fast" }
        return interval?.text ?? RatioText.against(ratio)
    }

    static func list(_ engines: [Subject]) -> [Part] {
        var parts: [Part] = []
        for (index, engine) in engines.enumerated() {
            if index > 0 { parts.append(.text(index == engines.count - 1 ? " and " : ", ")) }
            parts.append(.engine(engine))
        }
        return parts
    }

    /// "0.42×", "38×", "62,000×".
    static func timesText(_ ratio: Double) -> String { RatioText.times(ratio) }

    /// A skipped row's reason in a few words, from its typed reason
    /// (``ResultRow/reasonCode``; an older file's rows get theirs when read).
    static func shortReason(_ row: ResultRow) -> String {
        let at = " at n = \(Formatting.grouped(row.size))"
        switch row.reasonCode {
        case .needsUniqueIDs: return "needs unique ids"
        case .overTimeBudget: return "over the time budget" + at
        case .overMemoryBudget: return "over the memory budget" + at
        default: return "skipped" + at
        }
    }

    /// The run's `elements` value in words, as the kind states them
    /// (``ElementKind/listWords``: ``ElementKind/int`` → "integer ids"). O(1).
    static func elementText(_ kind: ElementKind) -> String { kind.listWords }

    /// The heading a reader looks for, naming what the lists held: "Lists
    /// with unique ids, timed as uuid elements". A run of several element
    /// kinds has one piece of advice per kind, and each must say which.
    /// Text is always compared as one integer id per line or character, so
    /// its heading says that instead of a bare "integer ids".
    package var heading: String {
        if shape == .text, elements == [Self.elementText(.int)] {
            return shape.title + ", one integer id per line or character"
        }
        return shape.title + ", timed as " + elements.joined(separator: " and ")
    }

    /// The heading line: shape, element kinds, workloads and sizes.
    package var scope: String {
        let sizesText: String
        if let low = sizes.min(), let high = sizes.max() {
            sizesText = low == high ? "n = \(Formatting.grouped(low))" : "n = \(Formatting.grouped(low))–\(Formatting.grouped(high))"
        } else {
            sizesText = ""
        }
        return elements.joined(separator: ", ") + "; decided on " + workloads.joined(separator: ", ") + " at " + sizesText
    }
}
