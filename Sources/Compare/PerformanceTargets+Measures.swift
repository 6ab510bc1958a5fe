import Foundation
import RunResults

extension PerformanceTarget.Measure {
    /// The subject's median over the reference engine's median on the same
    /// dataset and kind (the rows' `ratio_to_stdlib` and `ratio_to_floor`
    /// are this, for `stdlib` and `floor`), or over its own median in
    /// ``PerformanceTarget/referenceElements``.
    package static let medianRatio = Self("median-ratio")
    /// ``medianRatio``, and the subject's moves are the fewest (n − LIS) where the run knows them.
    package static let medianRatioFewestMoves = Self("median-ratio-fewest-moves")
    /// The subject's steps over the reference engine's steps on the same dataset.
    package static let stepsRatio = Self("steps-ratio")
    /// The subject's time per table cell ((trimmed N + 1)·(trimmed M + 1))
    /// over the reference's time per element (N + M).
    package static let perCellRatio = Self("per-cell-ratio")
    /// Peak heap bytes per table cell, with an allowance per element.
    package static let peakHeapPerCell = Self("peak-heap-per-cell")
    /// Peak heap bytes per element (old + new), the worst row of the selection.
    package static let peakHeapPerElement = Self("peak-heap-per-element")
    /// The fitted exponent of median time against size (``PowerLawFit``).
    package static let scalingExponent = Self("scaling-exponent")
    /// In a run with a deadline: each case's median over the deadline, verified.
    package static let deadlineOverrun = Self("deadline-overrun")
    /// Failed rows (a wrong answer, a crash, a hang, memory): each one misses.
    package static let failedRows = Self("failed-rows")
}

extension PerformanceTargets {
    /// Every measure kind this binary evaluates, each by one function.
    package static let measures: [MeasureKind] = [
        MeasureKind(
            measure: .medianRatio, meaning: "median ÷ the reference engine's median on the same dataset (or the subject's own in another kind)",
            unit: "×", evaluate: medianRatio),
        MeasureKind(
            measure: .medianRatioFewestMoves, meaning: "median ÷ the reference's median, and the fewest moves", unit: "×",
            evaluate: medianRatioFewestMoves),
        MeasureKind(measure: .stepsRatio, meaning: "steps ÷ the reference engine's steps on the same dataset", unit: "×", evaluate: stepsRatio),
        MeasureKind(
            measure: .perCellRatio, meaning: "time per table cell ÷ the reference's time per element (N + M)", unit: "",
            evaluate: perCellRatio),
        MeasureKind(
            measure: .peakHeapPerCell, meaning: "peak heap bytes per table cell, plus an allowance per element", unit: " B/cell",
            evaluate: peakHeapPerCell),
        MeasureKind(
            measure: .peakHeapPerElement, meaning: "peak heap bytes ÷ (N + M), worst row", unit: " B", evaluate: peakHeapPerElement),
        MeasureKind(
            measure: .scalingExponent, meaning: "fitted exponent of median time against size (\(PowerLawFit.sizeRangeText))", unit: "",
            evaluate: scalingExponent),
        MeasureKind(
            measure: .deadlineOverrun, meaning: "with --deadline: each case's median ÷ the deadline, every row verified", unit: "×",
            anyEngine: "every engine that takes a deadline", evaluate: deadlineOverrun),
        MeasureKind(
            measure: .gitSummedMedianRatio,
            meaning: "over the pairs imported with --from-git: summed medians ÷ the reference's summed medians", unit: "×",
            anyWorkload: "the pairs imported with --from-git", evaluate: gitSummedMedianRatio),
        MeasureKind(
            measure: .gitHunksShare,
            meaning: "with --sliders indent: share of pairs imported with --from-git whose hunks equal git's (git_hunks_equal)",
            unit: "", anyEngine: "every engine that searches (cost not linear)", anyWorkload: "the pairs imported with --from-git",
            evaluate: gitHunksShare),
        MeasureKind(measure: .failedRows, meaning: "failed rows of any engine, kind and dataset", unit: "", evaluate: failedRows),
    ]

    /// A subject row's figure for one check: the value held to the limit,
    /// its text, and a verdict when the measure adds a condition to the limit.
    struct Figure {
        var value: Double
        var text: String
        var met: Bool?
    }

    /// One check per case (element kind, size, workload, engine, in that
    /// nesting) of a target whose figure comes from one row and, when the
    /// target has a reference, the reference's row on the same dataset.
    /// Every subject row of the case (one per parameter set) must keep the
    /// limit; the worst is shown. Not measured when no row gives a figure.
    static func perCase(
        _ target: PerformanceTarget, _ context: Context, figure: (ResultRow, ResultRow?) -> Figure?
    ) -> [Check] {
        let rows = context.rows(of: target)
        let kinds = target.elements.isEmpty ? distinct(rows.map(\.elements)) : target.elements
        let sizes = target.sizes.isEmpty ? distinct(rows.map(\.size)).sorted() : target.sizes
        let workloads = target.workloads.isEmpty ? distinct(rows.map(\.workload)) : target.workloads
        let engines = target.engines.isEmpty ? distinct(rows.map(\.engine)) : target.engines
        var checks: [Check] = []
        for kind in kinds {
            for size in sizes {
                for workload in workloads {
                    for engine in engines {
                        var subject = "\(workload)@\(size)"
                        if kinds.count > 1 { subject += " (\(kind))" }
                        if engines.count > 1 { subject = "\(engine) \(subject)" }
                        var check = Check(
                            targetID: target.id, area: target.area, subject: subject, target: goal(target),
                            measured: "not measured", met: nil)
                        let figures: [(Figure, Bool)] = rows.filter {
                            $0.engine == engine && $0.workload == workload && $0.size == size && $0.elements == kind
                        }.compactMap { row in
                            var partner: ResultRow?
                            if let reference = target.reference {
                                partner = context.document.rows.first {
                                    $0.engine == reference && $0.workload == row.workload && $0.size == size
                                        && $0.parameters == row.parameters && $0.seed == row.seed
                                        && $0.elements == (target.referenceElements ?? kind)
                                        && ($0.status == .ok || $0.status == .reference)
                                }
                                guard partner != nil else { return nil }
                            }
                            return figure(row, partner).map { ($0, $0.met ?? target.comparison.holds($0.value, target.limit)) }
                        }
                        // The worst: a miss first, then the figure farthest along the comparison.
                        let worst = figures.max { a, b in
                            if a.1 != b.1 { return a.1 }
                            return target.comparison == .atMost ? a.0.value < b.0.value : a.0.value > b.0.value
                        }
                        if let worst {
                            check.measured = worst.0.text
                            check.met = figures.allSatisfy(\.1)
                        }
                        checks.append(check)
                    }
                }
            }
        }
        return checks
    }

    /// `values` without repeats, in first-seen order.
    static func distinct<T: Hashable>(_ values: [T]) -> [T] {
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }

    // MARK: - The evaluators, one per measure kind

    static func medianRatio(_ target: PerformanceTarget, _ context: Context) -> [Check] {
        perCase(target, context) { row, reference in
            guard let mine = row.medianNs, let theirs = reference?.medianNs, theirs > 0 else { return nil }
            return Figure(value: mine / theirs, text: format(mine / theirs) + "×")
        }
    }

    static func medianRatioFewestMoves(_ target: PerformanceTarget, _ context: Context) -> [Check] {
        var check = perCase(target, context) { row, reference in
            guard let mine = row.medianNs, let theirs = reference?.medianNs, theirs > 0 else { return nil }
            let minimal = row.minMoves.map { $0 == row.moves } ?? true
            let moves = row.minMoves == nil ? "" : (minimal ? ", fewest moves" : ", NOT the fewest moves")
            return Figure(
                value: mine / theirs, text: format(mine / theirs) + "× \(target.reference ?? "")" + moves,
                met: target.comparison.holds(mine / theirs, target.limit) && minimal)
        }
        for index in check.indices { check[index].target += ", fewest moves" }
        return check
    }

    static func stepsRatio(_ target: PerformanceTarget, _ context: Context) -> [Check] {
        perCase(target, context) { row, reference in
            guard let mine = row.steps, let theirs = reference?.steps, theirs > 0 else { return nil }
            let ratio = Double(mine) / Double(theirs)
            return Figure(value: ratio, text: format(ratio) + "× (\(mine) against \(theirs))")
        }
    }

    static func perCellRatio(_ target: PerformanceTarget, _ context: Context) -> [Check] {
        perCase(target, context) { row, reference in
            guard let n = row.trimmedOld, let m = row.trimmedNew, let mine = row.medianNs, let theirs = reference?.medianNs, theirs > 0
            else { return nil }
            let cells = Double(n + 1) * Double(m + 1)
            // (subject median ÷ cells) ÷ (reference median ÷ (N + M)): both medians from this run.
            let perCell = mine / theirs * Double(row.sizeOld + row.sizeNew) / cells
            return Figure(value: perCell, text: format(perCell) + " (\(Int(cells)) cells after trimming)")
        }
    }

    static func peakHeapPerCell(_ target: PerformanceTarget, _ context: Context) -> [Check] {
        let allowance = target.allowancePerElement ?? 0
        var checks = perCase(target, context) { row, _ in
            guard let n = row.trimmedOld, let m = row.trimmedNew, let peak = row.peakHeapBytes else { return nil }
            let cells = Double(n + 1) * Double(m + 1)
            let budget = target.limit * cells + allowance * Double(row.sizeOld + row.sizeNew)
            return Figure(
                value: Double(peak) / cells, text: format(Double(peak) / cells) + " B of peak heap per cell",
                met: target.comparison.holds(Double(peak), budget))
        }
        for index in checks.indices {
            checks[index].target =
                "table \(goal(target)) (peak \(target.comparison.symbol) \(format(target.limit))·cells + \(format(allowance))·(N+M))"
        }
        return checks
    }

    /// One check per engine: the worst row over the target's workloads,
    /// sizes and kinds (named in the subject when the target names one case).
    static func peakHeapPerElement(_ target: PerformanceTarget, _ context: Context) -> [Check] {
        let rows = context.rows(of: target).filter { row in
            (target.workloads.isEmpty || target.workloads.contains(row.workload)) && (target.sizes.isEmpty || target.sizes.contains(row.size))
                && row.peakHeapBytes != nil && row.sizeOld + row.sizeNew > 0
        }
        let oneCase = target.workloads.count == 1 && target.sizes.count == 1
        return target.engines.map { engine in
            let measured = rows.filter { $0.engine == engine }.map { row in (row, Double(row.peakHeapBytes!) / Double(row.sizeOld + row.sizeNew)) }
            let worst = measured.max { target.comparison == .atMost ? $0.1 < $1.1 : $0.1 > $1.1 }
            return Check(
                targetID: target.id, area: target.area,
                subject: oneCase ? "\(engine) \(target.workloads[0])@\(target.sizes[0])" : engine.name, target: goal(target),
                measured: worst.map { format($0.1) + " B" + (oneCase ? "" : " (worst: \($0.0.workload)@\($0.0.size))") } ?? "not measured",
                met: worst.map { target.comparison.holds($0.1, target.limit) })
        }
    }

    /// One check per engine and workload: the same fit over the same sizes
    /// as the charts' legends (``PowerLawFit/sizeRange``), on the rows
    /// without parameters; met only when the fit reaches the range's top size.
    static func scalingExponent(_ target: PerformanceTarget, _ context: Context) -> [Check] {
        let rows = context.rows(of: target).filter(\.parameters.isEmpty)
        return target.engines.flatMap { engine in
            target.workloads.map { workload in
                let points = rows.filter { $0.engine == engine && $0.workload == workload }
                    .compactMap { row in row.medianNs.map { (size: row.size, value: $0) } }
                let (fit, sizes) = PowerLawFit.fitInRange(points)
                // A plan that stops short of the range's top measures no exponent over
                // the range: "not measured", not a miss a newcomer would take for a fault.
                let wholeRange = sizes.last == PowerLawFit.sizeRange.upperBound
                var measured = fit.map { format($0.exponent) + " over \(sizes.map(String.init).joined(separator: ", "))" } ?? "not measured"
                if fit != nil, !wholeRange { measured = "not measured (" + measured + "; the fit needs the sizes up to \(PowerLawFit.sizeRange.upperBound))" }
                return Check(
                    targetID: target.id, area: target.area, subject: "\(engine) \(workload)",
                    target: "\(goal(target)) (\(PowerLawFit.sizeRangeText))", measured: measured,
                    met: wholeRange ? fit.map { target.comparison.holds($0.exponent, target.limit) } : nil)
            }
        }
    }

    /// One missed check per failed row, whatever its figures (a wrong
    /// answer, a crash, a hang, memory); none when no row failed.
    static func failedRows(_ target: PerformanceTarget, _ context: Context) -> [Check] {
        context.document.rows.filter { $0.status.isFailure && (target.elements.isEmpty || target.elements.contains($0.elements)) }
            .map { failed in
                let kind = failed.elements == .int ? "" : " (\(failed.elements))"
                return Check(
                    targetID: target.id, area: target.area, subject: "\(failed.engine) \(failed.workload)@\(failed.size)\(kind)",
                    target: "ok", measured: failed.status.rawValue, met: false)
            }
    }
}
