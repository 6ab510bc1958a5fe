import RunResults
import Harness
import Testing

@testable import RunReport

@Suite("Quality measures and palette") struct QualityMeasuresTests {
    func row(deletes: Int?, inserts: Int?, moves: Int?, minMoves: Int?, minEdits: Int?) -> ResultRow {
        var row = ResultRow(engine: "heckel", workload: "w", size: 10, sizeOld: 10, sizeNew: 10, seed: 1, parameters: "")
        row.deletes = deletes
        row.inserts = inserts
        row.moves = moves
        row.minMoves = minMoves
        row.minEdits = minEdits
        return row
    }

    @Test("unique ids: ratios against the fewest moves and the shortest scripts")
    func uniqueIDs() throws {
        // A shuffle of 1,000 items where 942 must move: the optimum moves 942 and
        // deletes nothing; an engine moving 994 is 994/942 off on both counts.
        let optimal = row(deletes: 0, inserts: 0, moves: 942, minMoves: 942, minEdits: 1884)
        #expect(QualityMeasures.movesRatio(optimal) == 1)
        #expect(QualityMeasures.editRatio(optimal) == 1)
        let steps = try #require(QualityMeasures.stepsRatio(optimal))
        #expect(steps.value == 1 && steps.exact)

        let extra = row(deletes: 0, inserts: 0, moves: 994, minMoves: 942, minEdits: 1884)
        #expect(QualityMeasures.movesRatio(extra) == 994.0 / 942)
        #expect(QualityMeasures.editRatio(extra) == 1988.0 / 1884)
        #expect(QualityMeasures.stepsRatio(extra)?.value == 994.0 / 942)

        // 200 deleted, 200 inserted, 32 moved: 432 steps, the minimum is 464 − 32.
        let mixed = row(deletes: 200, inserts: 200, moves: 32, minMoves: 32, minEdits: 464)
        #expect(QualityMeasures.stepsRatio(mixed)?.value == 1)
        // The same change written without moves: edit script still minimal, steps not.
        let noMoves = row(deletes: 232, inserts: 232, moves: 0, minMoves: 32, minEdits: 464)
        #expect(QualityMeasures.editRatio(noMoves) == 1)
        #expect(QualityMeasures.movesRatio(noMoves) == 0)
        #expect(QualityMeasures.stepsRatio(noMoves)?.value == 464.0 / 432)
    }

    @Test("repeated ids: no moves minimum; steps compared with the move-free minimum")
    func repeatedIDs() throws {
        let lcs = row(deletes: 3, inserts: 3, moves: 7, minMoves: nil, minEdits: 20)
        #expect(QualityMeasures.movesRatio(lcs) == nil)
        #expect(QualityMeasures.editRatio(lcs) == 1)
        let steps = try #require(QualityMeasures.stepsRatio(lcs))
        #expect(steps.value == 13.0 / 20 && !steps.exact)
        let heckel = row(deletes: 985, inserts: 985, moves: 0, minMoves: nil, minEdits: 192)
        #expect(QualityMeasures.editRatio(heckel) == 1970.0 / 192)
    }

    @Test("zero minimums: nothing to do and nothing done is optimal; anything done has no ratio")
    func zeros() {
        let same = row(deletes: 0, inserts: 0, moves: 0, minMoves: 0, minEdits: 0)
        #expect(QualityMeasures.movesRatio(same) == 1)
        #expect(QualityMeasures.editRatio(same) == 1)
        #expect(QualityMeasures.stepsRatio(same)?.value == 1)
        let busy = row(deletes: 0, inserts: 0, moves: 3, minMoves: 0, minEdits: 0)
        #expect(QualityMeasures.movesRatio(busy) == nil)
        #expect(QualityMeasures.editRatio(busy) == nil)
        #expect(QualityMeasures.stepsRatio(busy) == nil)
        let unknown = row(deletes: nil, inserts: nil, moves: nil, minMoves: nil, minEdits: nil)
        #expect(QualityMeasures.movesRatio(unknown) == nil && QualityMeasures.editRatio(unknown) == nil)
    }

    @Test("the run's colours and symbols per engine, distinct; stable spares for engines the run does not describe")
    func palette() {
        let run = EngineRegistry.builtIns.descriptors.map(\.info) + [EngineRegistry.floor]
        let palette = EnginePalette(run)
        let colours = palette.order.map(palette.colour(for:))
        #expect(palette.order == run.map(\.subject) && palette.order.last == "floor")
        #expect(colours == run.map(\.colour))
        #expect(Set(colours).count == palette.order.count)
        #expect(Set(palette.order.map(palette.pointType(for:))).count == palette.order.count)
        #expect(colours.allSatisfy { $0.count == 7 && $0.hasPrefix("#") })
        #expect(palette.colour(for: "quantum") == palette.colour(for: "quantum"))
        #expect(!colours.contains(palette.colour(for: "quantum")))
        #expect(
            palette.sorted(["zeta", "stdlib", "floor", "lcs", "alpha", "lcs"])
                == ["lcs", "stdlib", "floor", "alpha", "zeta"])
        // Any number of engines: symbols and sizes for twenty names, none described.
        let empty = EnginePalette()
        let many = (0..<20).map { "engine-\($0)" }
        #expect(many.allSatisfy { [3, 5, 7, 9, 11, 13, 15].contains(empty.pointType(for: Subject($0))) })
        #expect(many.allSatisfy { empty.pointSize(for: Subject($0), base: 2) >= 1 })
        // A palette is the run's own: another run's engines do not leak into it.
        #expect(EnginePalette([run[0]]).order == [run[0].subject])
    }

    @Test("ratio ticks: 1–2–5 steps inside the range; a range at or below zero or not finite gives [1], never a loop")
    func ratioTicks() {
        #expect(AxisRange.ratioTicks(low: 0.5, high: 5) == [0.5, 1, 1.5, 2, 3, 5])
        for (low, high) in [(0.0, 5.0), (-1.0, 5.0), (1.0, .infinity), (.nan, 2.0), (5.0, 2.0), (1e-300, 1e300)] {
            #expect(AxisRange.ratioTicks(low: low, high: high) == [1], "\(low)…\(high)")
        }
    }

    @Test("series file names: letters, digits and dashes; parameters only when a workload repeats")
    func slugs() {
        #expect(RunSeries.slugify("Duplicates (alphabet=8)") == "duplicates-alphabet-8")
        #expect(RunSeries.slugify("my list/../x") == "my-list-x")
        #expect(RunSeries.slugify("***") == "")
    }
}
