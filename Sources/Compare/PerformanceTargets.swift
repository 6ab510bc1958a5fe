import Foundation
import FileSupport
import RunResults

/// The project's performance targets, checked against one run's results.
///
/// The targets are data (``PerformanceTarget``): ``catalog`` lists every one
/// the project has, `run` records that list in results.json, and
/// ``evaluate(_:targets:)`` checks the list a document recorded. What a
/// target measures is one of a few measure kinds (``measures``), each
/// evaluated by one function; every figure is a ratio or a per-unit cost
/// within that run, so the check means the same on any machine.
///
/// Adding a target is one entry in a catalog list; adding a kind of
/// measure is one ``MeasureKind`` (a name, its meaning and its evaluator
/// function) in ``measures``, plus the targets that use it.
package enum PerformanceTargets {
    /// One verdict: a target on one subject (an engine, a case).
    package struct Check: Hashable, Sendable, Codable {
        /// The ``PerformanceTarget/id`` it comes from.
        package var targetID: String
        package var area: String
        package var subject: String
        package var target: String
        package var measured: String
        /// nil when the run lacks the rows (not measured); written as
        /// `null` then, never left out.
        @ExplicitNull package var met: Bool?

        enum CodingKeys: String, CodingKey {
            case area, subject, measured, met
            case targetID = "target_id"
            case target = "goal"
        }
    }

    /// A kind of measure: what its figure is, and the one function that
    /// turns a target of that kind and a run into checks.
    package struct MeasureKind: Sendable {
        package var measure: PerformanceTarget.Measure
        /// What the figure is, for `targets --list`.
        package var meaning: String
        /// The figure's unit after the limit (`×`, ` B`), for the goal text.
        package var unit: String
        /// What a target of this kind that names no engine reads, for `--list`.
        package var anyEngine: String = "every engine"
        /// What a target of this kind that names no workload reads, for `--list`.
        package var anyWorkload: String = "any workload"
        var evaluate: @Sendable (PerformanceTarget, Context) -> [Check]
    }

    /// What evaluators read: the document, and its rows that can answer a
    /// target (status `ok`, on a dataset the run did not record as a
    /// user's: a user's file naming a workload counts for nothing).
    struct Context {
        var document: RunDocument
        var usable: [ResultRow]

        init(_ document: RunDocument) {
            self.document = document
            usable = document.rows.filter { $0.status == .ok && document.shape(of: $0)?.generated != false }
        }

        /// The usable rows of the target's element kinds (all kinds when it names none).
        func rows(of target: PerformanceTarget) -> [ResultRow] {
            target.elements.isEmpty ? usable : usable.filter { target.elements.contains($0.elements) }
        }
    }

    /// The targets `document` was made with; for a file written before
    /// runs recorded them, this binary's ``catalog`` and a one-line note
    /// saying so (the reader of the older schema).
    package static func targets(of document: RunDocument) -> (targets: [PerformanceTarget], note: String?) {
        if let recorded = document.targets { return (recorded, nil) }
        return (
            catalog,
            "this results.json records no targets (written before runs recorded them): checking this diffbench's own \(catalog.count)"
        )
    }

    /// Every check of `targets` (default: those the document recorded, see
    /// ``targets(of:)``), in target order, then one missed check per failed
    /// row when the list has the ``PerformanceTarget/Measure/failedRows`` target.
    ///
    /// - Complexity: O(T × R) for T targets and R rows (each evaluator scans the rows).
    package static func evaluate(_ document: RunDocument, targets: [PerformanceTarget]? = nil) -> [Check] {
        let context = Context(document)
        return (targets ?? Self.targets(of: document).targets).flatMap { target in
            guard let kind = measures.first(where: { $0.measure == target.measure }) else {
                return [
                    Check(
                        targetID: target.id, area: target.area, subject: target.engines.map(\.name).joined(separator: ", "),
                        target: "\(target.comparison.symbol) \(format(target.limit))",
                        measured: "not measured: this diffbench does not know the measure \(target.measure)", met: nil)
                ]
            }
            let checks = kind.evaluate(target, context)
            // A recorded target the measure finds nothing to check for (no engine
            // named where it needs one) still shows, as not measured; only the
            // failed-rows target is rightly empty when no row failed.
            if checks.isEmpty, target.measure != .failedRows {
                return [
                    Check(
                        targetID: target.id, area: target.area, subject: target.engines.map(\.name).joined(separator: ", "), target: goal(target),
                        measured: "not measured: nothing in this run or this target to check", met: nil)
                ]
            }
            return checks
        }
    }

    /// The measure kind called `measure`, if this binary knows it. O(kinds).
    package static func kind(of measure: PerformanceTarget.Measure) -> MeasureKind? {
        measures.first { $0.measure == measure }
    }

    /// A figure as the checks print it: three significant digits.
    static func format(_ value: Double) -> String { String(format: "%.3g", value) }

    /// `≤ 1.5×`: the limit with its comparison and unit.
    static func goal(_ target: PerformanceTarget) -> String {
        "\(target.comparison.symbol) \(format(target.limit))\(kind(of: target.measure)?.unit ?? "")"
    }

    /// The checks as a markdown table, with a count line first.
    /// `note` (``targets(of:)``'s, for an older file) follows the count line.
    package static func markdown(_ checks: [Check], note: String? = nil) -> String {
        let met = checks.filter { $0.met == true }.count
        let missed = checks.filter { $0.met == false }.count
        let unmeasured = checks.filter { $0.met == nil }.count
        var lines = [
            "**Performance targets: \(met) met, \(missed) missed, \(unmeasured) not measured** (ratios within this run)",
            "",
        ]
        if let note { lines += ["Note: \(MarkdownText.escape(note)).", ""] }
        lines += [
            "| | target | subject | goal | measured |",
            "|---|---|---|---|---|",
        ]
        for check in checks {
            let mark = check.met.map { $0 ? "✅" : "❌" } ?? "–"
            // The texts come from the results file (targets, workloads, engines it recorded): escaped.
            let cells = [check.area, check.subject, check.target, check.measured].map(MarkdownText.escape)
            lines.append("| \(mark) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
