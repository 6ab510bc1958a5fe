import FileSupport
import Rendering
import Foundation
import RunResults

/// Time against complexity, one chart per element kind of the run: every
/// verified engine row whose pair has a known edit distance D (`min_edits`,
/// n + m − 2·LCS) is a point at x = (N + M)·D, y = its median time, on
/// log–log axes; the points are then bucketed by x into equal steps of
/// log x, and a line joins each engine's median per bucket. This is how
/// imara-diff reports its benchmark on real histories: Myers' bound is
/// O((N + M)·D), so an engine that follows it draws a line of slope ≤ 1,
/// and one that does not (a table, a quadratic fallback) bends away.
///
/// Rows with D = 0 (identical lists) have no place on a log axis and are
/// left out; so are rows whose D the run could not afford to compute.
/// O(rows log rows).
enum ComplexityChart: ReportChart {
    static let kind = ChartFile.Kind("complexity")
    static let heading = "Time against complexity, (N + M)·D"
    static let help = """
        complexity (time against (N + M)·D, log-log, median per bucket; one per element kind, drawn when \
        the run knows D on pairs spanning two buckets)
        """

    static func drafts(for run: ChartRun) -> [ChartDraft] { drafts(run.allSeries, runName: run.runName) }

    static let caption = """
        One point per verified engine row whose pair has a known edit distance D (n + m − 2·LCS, \
        the fewest inserts and deletes): across, (N + M)·D, the work bound of Myers' algorithm; up, \
        the row's median time; both log scales. The lines join each engine's median over the rows \
        in a bucket of (N + M)·D (\(bucketsPerDecade) buckets per power of ten, drawn at the bucket's \
        geometric middle), as imara-diff's benchmark reports. A line of slope 1 grows with (N + M)·D; \
        a flatter one means the engine does less than the bound (a linear pass, or anchors that cut \
        the search), a steeper one more. Pairs with D = 0 (identical lists) and pairs whose D was \
        too costly to compute are left out.
        """

    /// Buckets per power of ten of (N + M)·D.
    static let bucketsPerDecade = 2

    /// (N + M)·D of a row: its lists' sizes times the fewest inserts and
    /// deletes. Nil when D is unknown, when the product is 0 (no place on a
    /// log axis), or when one list is empty: all inserts or all deletes is
    /// found without a search, so such a row (`created`, `deleted`) has a
    /// large (N + M)·D and a tiny time, and drew the bucket lines down to
    /// 100 ns at 10⁴, 10⁶ and 10⁸. O(1).
    static func complexity(_ row: ResultRow) -> Double? {
        guard let d = row.minEdits, d > 0, row.sizeOld > 0, row.sizeNew > 0 else { return nil }
        let value = Double(row.sizeOld + row.sizeNew) * Double(d)
        return value > 0 && value.isFinite ? value : nil
    }

    /// The bucket of a complexity: ⌊log₁₀(x) × ``bucketsPerDecade``⌋, so each
    /// bucket spans the same ratio (√10 with two per decade). O(1).
    static func bucket(_ complexity: Double) -> Int {
        Int((log10(complexity) * Double(bucketsPerDecade) + 1e-9).rounded(.down))
    }

    /// The geometric middle of a bucket, where its median is drawn. O(1).
    static func centre(ofBucket bucket: Int) -> Double {
        pow(10, (Double(bucket) + 0.5) / Double(bucketsPerDecade))
    }

    /// Each engine's median time per bucket: the median of the medians of
    /// its rows in the bucket (the mean of the middle two for an even
    /// count). O(rows log rows).
    static func bucketMedians(_ rows: [ResultRow]) -> [Subject: [Int: Double]] {
        var times: [Subject: [Int: [Double]]] = [:]
        for row in rows {
            guard let x = complexity(row), let median = row.medianNs else { continue }
            times[row.engine, default: [:]][bucket(x), default: []].append(median)
        }
        return times.mapValues { buckets in
            buckets.mapValues { values in
                let sorted = values.sorted()
                let middle = sorted.count / 2
                return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            }
        }
    }

    /// The rows the chart draws: verified engine rows (no reference) with a
    /// positive median and a known, positive (N + M)·D.
    static func plotted(_ rows: [ResultRow]) -> [ResultRow] {
        rows.filter { $0.status == .ok && ($0.medianNs ?? 0) > 0 && complexity($0) != nil }
    }

    /// One draft per element kind with rows in at least two buckets (one
    /// bucket shows no growth). O(rows log rows).
    static func drafts(_ allSeries: [RunSeries], runName: String) -> [ChartDraft] {
        // Every series of a run carries the run's one palette.
        guard let palette = allSeries.first?.palette else { return [] }
        let kinds = RunSeries.elementKinds(allSeries)
        return kinds.compactMap { kind in
            let rows = plotted(allSeries.filter { $0.elements == kind }.flatMap(\.rows))
            guard Set(rows.compactMap(complexity).map(bucket)).count >= 2 else { return nil }
            return draft(
                rows, kind: kind, named: kinds.count == 1 ? Self.kind.rawValue : "\(Self.kind)-" + RunSeries.slugify(kind.rawValue), runName: runName,
                palette: palette)
        }
    }

    static func draft(_ rows: [ResultRow], kind: ElementKind, named name: String, runName: String, palette: EnginePalette) -> ChartDraft {
        let engines = palette.sorted(rows.map(\.engine))
        let medians = bucketMedians(rows)
        var table = DataTable(
            columns: ["size", "size_old", "size_new", "min_edits", "median_ns", "steps"],
            derived: ["complexity", "bucket", "bucket_centre", "bucket_median_ns"],
            notes: [
                "Rows: every results row of element kind \(kind) with status ok, a median_ns above 0 and a min_edits (D) above 0.",
                "complexity = (size_old + size_new) * min_edits; bucket = floor(log10(complexity) * \(bucketsPerDecade));",
                "bucket_centre = 10^((bucket + 0.5) / \(bucketsPerDecade)); bucket_median_ns = the median of this engine's median_ns over its rows in the bucket.",
            ])
        for engine in engines {
            for row in rows where row.engine == engine {
                let x = complexity(row)!, b = bucket(x)
                table.add(row, derived: [x, Double(b), centre(ofBucket: b), medians[engine]?[b]])
            }
        }
        // The bucket medians are drawn at the buckets' middles, which may lie past the outermost points.
        let xs = rows.compactMap(complexity)
        let xRange = AxisRange.logarithmic(xs + xs.map { centre(ofBucket: bucket($0)) })
        let yRange = AxisRange.logarithmic(rows.map { $0.medianNs! * 1e-9 }, minimumSpan: 10)
        let title = "Time against (N + M)·D — " + RunSeries.kindText(kind)
        let width = 1000, height = 640
        var script = GnuplotScript(name: name, title: title, width: width, height: height, runName: runName)
        let x = table.number("complexity"), y = table.number("median_ns")
        let centreColumn = table.number("bucket_centre"), bucketMedian = table.number("bucket_median_ns")
        script.add(ChartText.title(title, width: width, height: height))
        script.add([
            "# Columns of \(name).dat: \(x) complexity = (N+M)·D, \(y) median_ns, \(centreColumn) bucket_centre, \(bucketMedian) bucket_median_ns.",
            "set xlabel '(N + M) · D  (list sizes × fewest inserts and deletes, log scale)'",
            "set ylabel 'median time per diff (log scale)'",
            "set logscale xy",
            "set format x '10^{%L}'",
            "set format y '%.0s %cs'",
            "set xrange [\(GnuplotScript.number(xRange.low)):\(GnuplotScript.number(xRange.high))]",
            "set yrange [\(GnuplotScript.number(yRange.low)):\(GnuplotScript.number(yRange.high))]",
            "set key outside right top title \(GnuplotScript.literal("points: rows; lines: median per bucket")) font ',10'",
            "set grid xtics ytics lc rgb '#dddddd'",
        ])
        var clauses: [String] = []
        for engine in engines {
            guard let block = table.block(of: engine) else { continue }
            let source = clauses.isEmpty ? "'\(name).dat'" : "''"
            let colour = palette.colour(for: engine), point = palette.pointType(for: engine)
            clauses.append(
                "\(source) index \(block) using \(x):($\(y)/1e9) with points pt \(point) ps 1 lc rgb '\(colour)' notitle")
            // One y per bucket: `smooth unique` keeps one point per bucket centre.
            clauses.append(
                "'' index \(block) using \(centreColumn):($\(bucketMedian)/1e9) smooth unique with linespoints lw 2 pt \(point) "
                    + "ps 1.6 lc rgb '\(colour)' title \(GnuplotScript.literal(engine.name))")
        }
        script.add("plot " + clauses.joined(separator: ", \\\n     "))
        let file = ChartFile(
            kind: Self.kind, name: name, series: kind == .int ? nil : RunSeries.kindText(kind), title: title,
            caption: caption, finding: finding(medians, palette: palette), width: width, height: height, rows: table.rowCount, drawn: false)
        return ChartDraft(file: file, data: table.render(title: title), script: script.text)
    }

    /// Which engine is fastest in the highest bucket every engine reached,
    /// and the growth of each engine's bucket medians from its lowest
    /// bucket to its highest, per tenfold (N + M)·D. O(engines · buckets).
    static func finding(_ medians: [Subject: [Int: Double]], palette: EnginePalette) -> String {
        let engines = palette.sorted(medians.keys)
        var shared: Set<Int>?
        for engine in engines {
            let mine = Set(medians[engine]!.keys)
            shared = shared.map { $0.intersection(mine) } ?? mine
        }
        var parts: [String] = []
        if let top = shared?.max(), let best = engines.min(by: { medians[$0]![top]! < medians[$1]![top]! }) {
            parts.append(
                "In the highest bucket every engine reached ((N + M)·D ≈ \(String(format: "%.2g", centre(ofBucket: top)))), "
                    + "\(best) is fastest (\(Formatting.duration(medians[best]![top]!))).")
        }
        let slopes = engines.compactMap { engine -> String? in
            let buckets = medians[engine]!
            guard let low = buckets.keys.min(), let high = buckets.keys.max(), high > low else { return nil }
            let slope = log10(buckets[high]! / buckets[low]!) / (Double(high - low) / Double(bucketsPerDecade))
            return "\(engine) \(String(format: "%.2f", slope))"
        }
        if !slopes.isEmpty {
            parts.append("Slope of the bucket medians (log time per log (N + M)·D, first to last bucket): " + slopes.joined(separator: ", ") + ".")
        }
        return parts.joined(separator: " ")
    }
}
