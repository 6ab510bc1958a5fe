import Foundation
import RunResults
import Testing

@testable import RunReport

/// "Which engine should I use?": the rules on hand-made rows whose answers
/// follow from the numbers written here, with engine names the project does
/// not ship (the advice must decide from rows and the engines record alone).
@Suite("Engine advice") struct EngineAdviceTests {
    /// Engines unknown to the registry: the advice may not know any name.
    static let engines = [
        EngineInfo(name: "alpha", summary: "a", colour: "#111111", symbol: 7),
        EngineInfo(name: "beta", summary: "b", colour: "#222222", symbol: 5),
        EngineInfo(name: "gamma", summary: "c", colour: "#333333", symbol: 9),
        EngineInfo(name: "delta", summary: "d", colour: "#444444", symbol: 11, requiresUniqueIDs: true),
        EngineInfo(name: "omega", summary: "e", colour: "#555555", symbol: 13),
        EngineInfo(name: "ground", summary: "reference", colour: "#999999", symbol: 1, isReference: true),
    ]

    /// One verified row; `fewestMoves` nil means ids repeat.
    static func row(
        _ engine: String, _ workload: WorkloadName, size: Int = 1_000, median: Double, spread: Double = 0, steps: Int,
        fewestMoves: Int? = 0, parameters: String = ""
    ) -> ResultRow {
        // A row that can be true (the readers refuse others): the new list
        // is the old one plus `steps` inserted items, measured once.
        var row = ResultRow(engine: Subject(engine), workload: workload, size: size, sizeOld: size, sizeNew: size + steps, seed: 1, parameters: parameters)
        row.status = engine == "ground" ? .reference : .ok
        row.samples = 1
        row.medianNs = median
        row.spreadNs = spread
        row.steps = steps
        row.inserts = steps
        row.deletes = 0
        row.moves = 0
        row.updates = 0
        row.minMoves = fewestMoves
        row.minEdits = steps
        row.verified = true
        return row
    }

    /// A skipped row: its typed reason decides; its words are deliberately
    /// not the ones the report would print, so a test passes only when the
    /// code is read, never the text.
    static func skipped(
        _ engine: String, _ workload: WorkloadName, size: Int, _ code: ResultRow.ReasonCode, text: String = "not run (see reason_code)"
    ) -> ResultRow {
        var row = ResultRow(engine: Subject(engine), workload: workload, size: size, sizeOld: size, sizeNew: size, seed: 1, parameters: "")
        row.refuse(code, text, predictedSeconds: code == .overTimeBudget ? 40 : nil)
        return row
    }

    static func document(_ rows: [ResultRow]) -> RunDocument {
        var workloads: [WorkloadName] = []
        for row in rows where !workloads.contains(row.workload) { workloads.append(row.workload) }
        return RunDocument(
            environment: RunEnvironment(
                swiftVersion: "6.3", os: "os", cpu: "cpu", cores: 2, memoryBytes: 1, buildConfiguration: "release",
                gitCommit: "x", seed: 1, startTime: "2026-01-01T00:00:00Z", runName: "advice"),
            plan: PlanSummary(
                engines: engines.map(\.subject), workloads: workloads, sizes: Array(Set(rows.map(\.size))).sorted(), extraCases: [],
                minSamples: 3, minTimeSeconds: 0.1, timeBudgetSeconds: 3, lcsMemoryBudgetBytes: 1 << 20),
            complete: true, engines: engines, rows: rows)
    }

    static func advise(_ rows: [ResultRow], datasets: [DatasetShape] = []) -> [EngineAdvice] {
        EngineAdvice.advise(RunSeries.group(document(rows), palette: EnginePalette(engines)), datasets: datasets)
    }

    @Test("ties: overlapping median ± MAD ranges, or within 3 %; otherwise not")
    func tieRule() {
        // Within 3 % with no spread at all: a tie only through the percentage rule.
        #expect(EngineAdvice.tied((100, 0), (102.9, 0)))
        #expect(!EngineAdvice.tied((100, 0), (103.1, 0)))
        // 15 % apart, ranges 90–110 and 109–121 overlap: a tie only through the overlap rule.
        #expect(EngineAdvice.tied((100, 10), (115, 6)))
        #expect(!EngineAdvice.tied((100, 10), (115, 4)))
        // Order does not matter.
        #expect(EngineAdvice.tied((115, 6), (100, 10)))
    }

    @Test("the pick: fastest among the fewest steps; ties named; a faster engine with more steps offered; reference never advised")
    func pickAndAlternatives() throws {
        let rows = [
            Self.row("alpha", "churn", median: 1_000, spread: 5, steps: 10),
            Self.row("beta", "churn", median: 1_010, spread: 5, steps: 10),  // within noise of alpha
            Self.row("gamma", "churn", median: 600, spread: 5, steps: 14),  // faster, 1.4× the steps
            Self.row("omega", "churn", median: 1_200, spread: 5, steps: 10),  // minimal but clearly slower
            Self.row("ground", "churn", median: 100, steps: 0),  // the reference is fastest of all
        ]
        let advice = try #require(Self.advise(rows).first)
        #expect(advice.shape == .uniqueIDs)
        #expect(advice.pick == "alpha")
        #expect(advice.pickTies == ["beta"])
        #expect(advice.fasterWithMoreSteps == "gamma")
        #expect(abs((advice.fasterRatio ?? 0) - 0.6) < 1e-9)
        #expect(abs((advice.fasterExtraSteps ?? 0) - 1.4) < 1e-9)
        #expect(!advice.plainText.contains("ground"))
        #expect(advice.plainText.contains("tied within the run's noise with beta"))
        #expect(advice.plainText.contains("gamma is 1.67× faster while taking up to 1.40× the fewest steps"))
        #expect(advice.elements == ["integer ids"])
    }

    @Test("the alternative offered is the fastest near-minimal engine, not a faster one with many times the steps")
    func nearMinimalAlternativeFirst() throws {
        let rows = [
            Self.row("exact", "dupes", median: 5_000, steps: 1_000, fewestMoves: nil),
            Self.row("close", "dupes", median: 600, steps: 1_020, fewestMoves: nil),  // 8.3× faster, 1.02× the steps (over the 1 % that counts as fewest)
            Self.row("loose", "dupes", median: 80, steps: 20_000, fewestMoves: nil),  // 62× faster, 20× the steps
        ]
        let advice = try #require(Self.advise(rows).first)
        #expect(advice.pick == "exact")
        #expect(advice.fasterWithMoreSteps == "close")
        #expect(abs((advice.fasterExtraSteps ?? 0) - 1.02) < 1e-9)
        // With no near-minimal engine, one with 20× the fewest steps is not offered: it is to be avoided.
        let without = try #require(Self.advise(rows.filter { $0.engine != "close" }).first)
        #expect(without.fasterWithMoreSteps == nil)
        #expect(without.avoid.map(\.engine) == ["loose"])
    }

    @Test("without the tie, the runner-up is not named as a tie")
    func noTieWhenApart() throws {
        let rows = [
            Self.row("alpha", "churn", median: 1_000, spread: 5, steps: 10),
            Self.row("beta", "churn", median: 1_100, spread: 5, steps: 10),
        ]
        let advice = try #require(Self.advise(rows).first)
        #expect(advice.pick == "alpha" && advice.pickTies.isEmpty)
        #expect(advice.plainText.contains("No engine with more steps is faster"))
    }

    @Test("across workloads: geometric mean decides, a tie must hold on every workload, skipped engines are to be avoided")
    func severalWorkloads() throws {
        let rows = [
            Self.row("alpha", "one", median: 100, steps: 5),
            Self.row("beta", "one", median: 101, steps: 5),
            Self.row("omega", "one", median: 5_000, steps: 5),
            Self.row("alpha", "two", median: 1_000, steps: 7),
            Self.row("beta", "two", median: 1_500, steps: 7),  // tie on one, not on two: no tie overall
            Self.row("omega", "two", median: 20_000, steps: 7),
            Self.row("gamma", "two", median: 900, steps: 7),
            Self.skipped("gamma", "one", size: 1_000, .overTimeBudget),
        ]
        let advice = try #require(Self.advise(rows).first)
        #expect(advice.workloads == ["one", "two"])
        // gamma is faster on two but cannot run on one: it is not the pick.
        #expect(advice.pick == "alpha")
        #expect(advice.pickTies.isEmpty)
        #expect(advice.avoid.map(\.engine) == ["gamma", "omega"])
        #expect(advice.avoid[0].why.hasPrefix("over the time budget at n = 1,000"))
        // omega: geometric mean of 50 and 20 is ~31.6 times alpha's 1.
        #expect(advice.avoid[1].why.hasPrefix("31.6×"))
    }

    /// An engine that failed in any way at a smaller size than the deciding one.
    static func fault(_ engine: String, _ workload: WorkloadName, size: Int, _ code: ResultRow.ReasonCode) -> ResultRow {
        skipped(engine, workload, size: size, code, text: "killed by SIGILL (illegal instruction) during its verification call")
    }

    @Test(
        "an engine that crashed, timed out, ran out of memory or failed at any size is never the pick for that kind of list",
        arguments: [ResultRow.ReasonCode.crashed, .timedOut, .outOfMemory, .failedVerification, .failedBatchCheck])
    func aFaultAnywhereRulesTheEngineOut(code: ResultRow.ReasonCode) throws {
        let rows = [
            Self.fault("gamma", "one", size: 100, code),
            Self.row("alpha", "one", size: 100, median: 10, steps: 5),
            // At the deciding size gamma is the fastest with the fewest steps.
            Self.row("gamma", "one", size: 1_000, median: 50, steps: 5),
            Self.row("alpha", "one", size: 1_000, median: 100, steps: 5),
        ]
        let advice = try #require(Self.advise(rows).first)
        #expect(advice.pick == "alpha")
        #expect(advice.fasterWithMoreSteps == nil)
        let avoided = try #require(advice.avoid.first { $0.engine == "gamma" })
        let words: [ResultRow.ReasonCode: String] = [
            .crashed: "crashed", .timedOut: "timed out", .outOfMemory: "ran out of memory",
            .failedVerification: "failed verification", .failedBatchCheck: "failed the batch check",
        ]
        #expect(avoided.why.hasPrefix("\(words[code]!) at n = 100"), "\(avoided.why)")
    }

    /// A recorded shape for the rows of `workload` at n = 1,000.
    static func shape(_ workload: WorkloadName, parameters: String = "", idsRepeat: Bool = false, unit: String? = nil, sectioned: Bool = false) -> DatasetShape {
        DatasetShape(
            workload: workload, size: 1_000, parameters: parameters, sizeOld: 1_000, sizeNew: 1_000, idsRepeat: idsRepeat,
            changedFraction: 0.1, unit: unit, sectioned: sectioned, generated: true)
    }

    @Test("shapes: text and sectioned from the recorded shapes, repeated ids from the record or the rows; engines needing unique ids are avoided there")
    func shapes() throws {
        let rows = [
            Self.row("alpha", "plain", median: 100, steps: 5),
            Self.row("alpha", "dupes", median: 100, steps: 5, fewestMoves: nil),
            Self.row("beta", "dupes", median: 300, steps: 4, fewestMoves: nil),
            Self.skipped("delta", "dupes", size: 1_000, .needsUniqueIDs),
            Self.row("alpha", "text", median: 100, steps: 5, fewestMoves: nil, parameters: "unit=lines"),
            Self.row("alpha", "sectioned", median: 100, steps: 5),
        ]
        let recorded = [Self.shape("text", parameters: "unit=lines", idsRepeat: true, unit: "lines"), Self.shape("sectioned", sectioned: true)]
        let advice = Self.advise(rows, datasets: recorded)
        #expect(advice.map(\.shape) == [.uniqueIDs, .repeatedIDs, .text, .sectioned])
        // The names alone decide nothing: without the record, text and sectioned are lists.
        #expect(Self.advise(rows).map(\.shape) == [.uniqueIDs, .repeatedIDs])
        let repeated = advice[1]
        // Fewest steps first: beta, although slower.
        #expect(repeated.pick == "beta")
        #expect(repeated.fasterWithMoreSteps == "alpha")
        #expect(repeated.avoid == [EngineAdvice.Avoid(engine: "delta", why: "needs unique ids")])
    }

    @Test("element kinds: named from the run's elements column when present, integer ids otherwise")
    func elementKinds() throws {
        let rows = [Self.row("alpha", "plain", median: 100, steps: 5), Self.row("beta", "plain", median: 200, steps: 5)]
        let folder = try SyntheticRun.write(Self.document(rows))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        #expect(plain.advice.first?.elements == ["integer ids"])
        // Add an `elements` value to every row, as a newer runner would write it.
        let path = folder + "/results.json"
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var fileRows = try #require(json["rows"] as? [[String: Any]])
        for index in fileRows.indices { fileRows[index]["elements"] = index == 0 ? "uuid" : "int" }
        json["rows"] = fileRows
        // …and its plan names both kinds (the readers refuse a row of a kind the plan did not run).
        var plan = try #require(json["plan"] as? [String: Any])
        plan["elements"] = ["int", "uuid"]
        json["plan"] = plan
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        // The JSON alone was edited: its results.csv no longer holds the same rows, and would be refused.
        try FileManager.default.removeItem(atPath: folder + "/results.csv")
        // Rows of another kind are another series, and get advice of their own.
        let kinds = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        #expect(kinds.advice.map(\.elements) == [["uuid elements"], ["integer ids"]])
        #expect(kinds.advice.map(\.pick) == ["alpha", "beta"])
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(html.contains("uuid elements; decided on plain (uuid elements) at n = 1,000"))
    }

    @Test("ratios read as plain numbers: no exponent notation, large ones grouped")
    func ratios() {
        #expect(RatioText.times(0.0000155) == "0.0000155×")
        #expect(RatioText.times(0.42) == "0.42×")
        #expect(RatioText.times(38.04) == "38.0×")
        #expect(RatioText.times(62_000) == "62,000×")
        #expect(RatioText.against(1 / 62_000) == "62,000× faster")
        #expect(RatioText.against(1.6) == "1.60× slower")
        #expect(!RatioText.times(1.2e-9).contains("e"))
    }
}

extension EngineAdviceTests {
    @Test("a faster engine whose extra steps are within 1 % of the fewest is the pick, not an alternative")
    func fewExtraSteps() throws {
        let rows = [
            Self.row("alpha", "churn", median: 1_000, steps: 1_000),
            Self.row("gamma", "churn", median: 500, steps: 1_002),
        ]
        let advice = try #require(Self.advise(rows).first)
        #expect(advice.pick == "gamma")
        #expect(advice.fasterWithMoreSteps == nil)
    }
}

extension EngineAdviceTests {
    @Test("a faster engine with many more steps is not offered as 'a few extra moves'")
    func manyExtraSteps() throws {
        let rows = [
            Self.row("alpha", "churn", median: 1_000, steps: 100),
            Self.row("gamma", "churn", median: 100, steps: 300),
        ]
        let text = try #require(Self.advise(rows).first).plainText
        #expect(!text.contains("a few extra moves"))
        #expect(text.contains("gamma is 10.0× faster but takes up to 3× the fewest steps"))
    }
}

extension EngineAdviceTests {
    @Test("an engine that needs unique ids is never the pick where the record says ids repeat, even where it ran and was fastest")
    func uniqueOnlyEngineNotPickedOnRepeats() throws {
        // Trimming hid the repeat from delta: it ran, verified and was fastest.
        let rows = [
            Self.row("alpha", "history", median: 300, steps: 4),
            Self.row("delta", "history", median: 100, steps: 4),
        ]
        let repeated = try #require(Self.advise(rows, datasets: [Self.shape("history", idsRepeat: true)]).first)
        #expect(repeated.shape == .repeatedIDs)
        #expect(repeated.pick == "alpha")
        #expect(repeated.avoid == [EngineAdvice.Avoid(engine: "delta", why: "needs unique ids")])
        // Recorded as unique, the same rows pick delta.
        #expect(try #require(Self.advise(rows, datasets: [Self.shape("history")]).first).pick == "delta")
    }

    @Test("an engine with ten times the pick's peak heap or more is named under Avoid with its heap", arguments: [(99_999, false), (100_000, true)])
    func memoryAvoided(heap: Int, avoided: Bool) throws {
        var pick = Self.row("alpha", "feed", median: 100, steps: 4)
        pick.peakHeapBytes = 10_000
        var hungry = Self.row("beta", "feed", median: 110, steps: 4)
        hungry.peakHeapBytes = heap
        let advice = try #require(Self.advise([pick, hungry]).first)
        #expect(advice.pick == "alpha")
        let named = advice.avoid.first { $0.engine == "beta" }
        #expect((named != nil) == avoided)
        if avoided { #expect(named?.why.hasPrefix("peak heap 97.7 KiB, 10.0× the pick's") == true, "\(String(describing: named))") }
    }
}

extension EngineAdviceTests {
    /// The closing screen once read "heckel is same at up to 1.01× the fewest
    /// steps": a score ratio that rounds to 1 (twice as fast on one workload,
    /// about twice as slow on the other) is "about as fast".
    @Test("an alternative whose overall speed rounds to the pick's is 'about as fast', never 'is same'")
    func aboutAsFast() throws {
        let rows = [
            Self.row("alpha", "churn", median: 1_000, steps: 100),
            Self.row("gamma", "churn", median: 500, steps: 102),
            Self.row("alpha", "burst", median: 1_000, steps: 100),
            Self.row("gamma", "burst", median: 1_990, steps: 102),
        ]
        let text = try #require(Self.advise(rows).first).plainText
        #expect(!text.contains("is same"))
        #expect(text.contains("gamma is about as fast while taking up to 1.02× the fewest steps"), "\(text)")
    }

    @Test("each piece of advice names the element kind it was timed as; text says how its lines are compared")
    func headingsNameTheKind() {
        func advice(_ shape: EngineAdvice.Shape, _ elements: [String]) -> EngineAdvice {
            EngineAdvice(
                shape: shape, workloads: [], sizes: [], elements: elements, pick: nil, pickTies: [], pickMinimalOn: 0,
                fasterWithMoreSteps: nil, fasterRatio: nil, fasterExtraSteps: nil, fasterExtraCount: nil, avoid: [], parts: [])
        }
        #expect(advice(.uniqueIDs, ["uuid elements"]).heading == "Lists with unique ids, timed as uuid elements")
        #expect(advice(.repeatedIDs, ["integer ids"]).heading == "Lists where ids repeat, timed as integer ids")
        #expect(advice(.text, ["integer ids"]).heading == "Text (lines or characters), one integer id per line or character")
        #expect(advice(.text, ["record elements"]).heading == "Text (lines or characters), timed as record elements")
    }
}
