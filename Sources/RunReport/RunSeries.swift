import RunResults

/// The rows of one workload with one set of parameters, across sizes: what a
/// per-workload chart draws. Workload and parameters together make the key
/// because a run may hold, say, `duplicates` with two alphabets, and mixing
/// them on one line would fit a curve through two different experiments.
package struct RunSeries: Hashable, Sendable {
    package var workload: WorkloadName
    package var parameters: String
    /// "duplicates (alphabet 8)", or the bare workload name: the parameters in
    /// words (``ParameterWords``), for titles and labels.
    package var label: String
    /// The name's part in chart file names: the workload, plus the parameters
    /// when the run holds the workload more than once. Letters, digits, `-`.
    package var slug: String
    /// The series' rows in results order.
    package var rows: [ResultRow]
    /// The run's colours, symbols and engine order (from its document).
    package var palette: EnginePalette

    /// Sizes with at least one row, ascending.
    package var sizes: [Int] { Array(Set(rows.map(\.size))).sorted() }
    package var largestSize: Int { rows.map(\.size).max() ?? 0 }
    /// The largest size at which every engine that qualifies at some size
    /// qualifies, so a chart of one size per workload shows every engine
    /// with a result (at the very largest size the slow engines are often
    /// skipped); the largest qualifying size when no size has them all, nil
    /// when no row qualifies. O(rows).
    package func comparableSize(where qualifies: (ResultRow) -> Bool) -> Int? {
        let good = rows.filter(qualifies)
        let everyone = Set(good.map(\.engine))
        let sizes = Set(good.map(\.size)).sorted(by: >)
        return sizes.first { size in Set(good.filter { $0.size == size }.map(\.engine)) == everyone } ?? sizes.first
    }

    /// The element kind of the series' rows (a series never mixes kinds:
    /// the kind is part of its key).
    package var elements: ElementKind { rows.first?.elements ?? .int }

    /// The kinds of the given series in first-appearance order: the panels
    /// of a run-wide chart and the pieces of advice, one per kind. O(series).
    static func elementKinds(_ series: [RunSeries]) -> [ElementKind] {
        var kinds: [ElementKind] = []
        for one in series where !kinds.contains(one.elements) { kinds.append(one.elements) }
        return kinds
    }

    /// A kind in words for a panel title or a finding: "integer ids", "uuid elements".
    static func kindText(_ kind: ElementKind) -> String { EngineAdvice.elementText(kind) }

    /// Engines with at least one row, in palette order.
    package var engines: [Subject] { palette.sorted(rows.map(\.engine)) }

    /// Groups a run's rows, in the plan's workload order (then first
    /// appearance for workloads the plan does not list); each series
    /// carries `palette`. O(rows · series).
    package static func group(_ document: RunDocument, palette: EnginePalette) -> [RunSeries] {
        var series: [RunSeries] = []
        for row in document.rows {
            // Rows of another element kind are another series (their parameters carry the kind).
            let parameters = row.parametersAndKind
            if let index = series.firstIndex(where: { $0.workload == row.workload && $0.parameters == parameters }) {
                series[index].rows.append(row)
            } else {
                let label = ParameterWords.label(workload: row.workload, parameters: parameters)
                series.append(RunSeries(workload: row.workload, parameters: parameters, label: label, slug: "", rows: [row], palette: palette))
            }
        }
        let planOrder = document.plan.workloads
        let firstSeen = series.map(\.workload)
        series = series.enumerated().sorted { left, right in
            let a = planOrder.firstIndex(of: left.element.workload) ?? planOrder.count + firstSeen.firstIndex(of: left.element.workload)!
            let b = planOrder.firstIndex(of: right.element.workload) ?? planOrder.count + firstSeen.firstIndex(of: right.element.workload)!
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
        var used: Set<String> = []
        for index in series.indices {
            let workload = series[index].workload
            let shared = series.filter { $0.workload == workload }.count > 1
            var slug = slugify(shared && !series[index].parameters.isEmpty ? workload.rawValue + "-" + series[index].parameters : workload.rawValue)
            if slug.isEmpty { slug = "workload" }
            var candidate = slug
            var suffix = 2
            while used.contains(candidate) {
                candidate = "\(slug)-\(suffix)"
                suffix += 1
            }
            used.insert(candidate)
            series[index].slug = candidate
        }
        return series
    }

    /// Lower-case letters and digits; every other run of characters becomes one `-`.
    static func slugify(_ text: String) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if !out.isEmpty, !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }
}

extension ResultRow {
    /// A row whose time means something: a verified engine or the floor reference.
    var isMeasured: Bool { status == .ok || status == .reference }
}

extension [RunSeries] {
    /// The palette the series carry (all series of one run carry the same);
    /// an empty one when there are none. O(1).
    var palette: EnginePalette { first?.palette ?? EnginePalette() }
}
