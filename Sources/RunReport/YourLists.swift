import FileSupport
import RunResults

/// The answer for one of the user's own pairs (`run --old A --new B`, or a
/// dataset file that is not a generated workload): what was measured about
/// the lists and the engine to use for them, first on the closing screen
/// and on the page.
///
/// Decided from the run's records alone: the dataset's measured shape
/// (``DatasetShape``, results.json `datasets`) and its rows, through the
/// same rules as ``EngineAdvice`` — so `set` is never the pick where ids
/// repeat, and an engine with 10× the pick's peak heap is named under
/// "Avoid". When the pair was timed under several element kinds, the
/// advice is the string-id kind's (`uuid`: the user's own id texts hashed)
/// when there is one, since that is what the user's app hashes.
package struct YourLists: Hashable, Sendable {
    package var shape: DatasetShape
    /// The element kind the advice was decided under.
    package var elements: ElementKind
    package var advice: EngineAdvice?
    /// The deciding rows (verified, timed), fastest first.
    package var evidence: [ResultRow]

    /// One block per user dataset of `document`, in run order, drawn with
    /// `palette` (``EnginePalette/init(_:known:)`` of the document). O(rows · datasets).
    package static func blocks(_ document: RunDocument, palette: EnginePalette) -> [YourLists] {
        let datasets = document.datasets ?? []
        let allSeries = RunSeries.group(document, palette: palette)
        let references = Set((document.engines ?? []).filter(\.isReference).map(\.subject))
        return datasets.filter { !$0.generated }.compactMap { shape in
            let mine = allSeries.filter { series in series.rows.contains { shape.describes($0) } }
            // A kind other than int hashes the user's own id texts (a dataset's symbols); int hashes their codes.
            guard let series = mine.first(where: { $0.elements != .int }) ?? mine.first else {
                return nil
            }
            let advice = EngineAdvice.advise(shape: EngineAdvice.shape(of: series, datasets: datasets), [series], datasets: datasets)
            let evidence = series.rows.filter { $0.status == .ok && $0.medianNs != nil && !references.contains($0.engine) }
                .sorted { $0.medianNs! < $1.medianNs! }
            return YourLists(shape: shape, elements: series.elements, advice: advice, evidence: evidence)
        }
    }

    /// "Your lists a.json → b.json: n = 3, m = 3, ids repeat: no, changed: 67% — use heckel".
    package var headline: String {
        let use = advice?.pick.map { "use \($0)" } ?? "no engine was verified on them"
        let name = ParameterWords.label(workload: shape.workload, parameters: shape.parameters)
        return "Your lists \(name): n = \(Formatting.grouped(shape.sizeOld)), m = \(Formatting.grouped(shape.sizeNew)), "
            + "ids repeat: \(shape.idsRepeat ? "yes" : "no"), changed: \(Self.percent(shape.changedFraction)) — \(use)"
    }

    /// The evidence, one line per engine: time of one call, steps, peak heap,
    /// and why the advice says to avoid it (an engine needing unique ids
    /// can run where trimming hides a repeat, and be fast, yet is not advised).
    package var evidenceLines: [String] {
        let width = evidence.map(\.engine.name.count).max() ?? 0
        return evidence.map { row in
            var line = row.engine.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + Formatting.duration(row.medianNs!)
            if let steps = row.steps { line += ", " + Formatting.counted(steps, "step") }
            if let heap = row.peakHeapBytes { line += ", peak heap " + Formatting.bytes(heap) }
            if let avoid = advice?.avoid.first(where: { $0.engine == row.engine }) { line += " — avoid: " + avoid.why }
            return line
        }
    }

    /// A fraction as a percentage with enough digits to tell 0 from a little.
    static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        if value == 0 || value >= 10 { return String(format: "%.0f%%", value) }
        return String(format: value >= 1 ? "%.1f%%" : "%.2g%%", value)
    }
}

