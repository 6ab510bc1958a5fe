import Foundation
import RunResults

/// `diffbench targets --list`: every target of a list and the compare
/// gate's thresholds, as a table or as JSON.
extension PerformanceTargets {
    /// What `--list --format json` prints (contract): the targets as
    /// results.json records them, the measure kinds with their meaning, and
    /// the gate's default thresholds.
    package struct Listing: Codable, Sendable {
        package struct Measure: Codable, Sendable {
            package var name: String
            package var meaning: String
        }
        package var targets: [PerformanceTarget]
        package var measures: [Measure]
        package var compareThresholds: [CompareThresholds.Listed]

        enum CodingKeys: String, CodingKey {
            case targets, measures
            case compareThresholds = "compare_thresholds"
        }
    }

    package static func listing(_ targets: [PerformanceTarget], thresholds: CompareThresholds = .defaults) -> Listing {
        Listing(
            targets: targets, measures: measures.map { Listing.Measure(name: $0.measure.rawValue, meaning: $0.meaning) },
            compareThresholds: thresholds.listed)
    }

    /// The rows a target applies to, in a few words: `heckel ÷ stdlib on mixed@5000 (int)`.
    static func scope(_ target: PerformanceTarget) -> String {
        let kind = kind(of: target.measure)
        let engines = target.engines.isEmpty ? kind?.anyEngine ?? "every engine" : target.engines.map(\.name).joined(separator: ", ")
        let reference = target.reference.map { " ÷ \($0)" + (target.referenceElements.map { " (\($0))" } ?? "") } ?? ""
        let workloads = target.workloads.isEmpty ? kind?.anyWorkload ?? "any workload" : target.workloads.map(\.rawValue).joined(separator: ", ")
        let sizes = target.sizes.isEmpty ? "" : "@" + target.sizes.map(String.init).joined(separator: ",")
        let kinds = target.elements.isEmpty ? "any kind" : target.elements.map(\.rawValue).joined(separator: ", ")
        return "\(engines)\(reference) on \(workloads)\(sizes) (\(kinds))"
    }

    /// The limit as a goal: `≤ 0.009×`, with the measure's allowance.
    static func limitText(_ target: PerformanceTarget) -> String {
        goal(target) + (target.allowancePerElement.map { " + \(format($0)) B per element" } ?? "")
    }

    /// The listing as markdown: the targets, the measure kinds, the thresholds.
    package static func listMarkdown(_ targets: [PerformanceTarget], thresholds: CompareThresholds = .defaults) -> String {
        var lines = [
            "**\(targets.count) performance targets** (ratios within one run, or counts; never wall time)", "",
            "| id | target | measure | rows | limit |", "|---|---|---|---|---|",
        ]
        for target in targets {
            lines.append("| \(target.id) | \(target.area) | \(target.measure) | \(scope(target)) | \(limitText(target)) |")
        }
        lines += ["", "| measure | what the figure is |", "|---|---|"]
        lines += measures.map { "| \($0.measure) | \($0.meaning) |" }
        lines += ["", "**compare gate thresholds** (defaults; `diffbench compare --help`)", "",
                  "| key | option | default | meaning |", "|---|---|---|---|"]
        lines += thresholds.listed.map { "| \($0.key) | \($0.option ?? "–") | \($0.value) | \($0.meaning) |" }
        return lines.joined(separator: "\n")
    }

    /// The listing as JSON (sorted keys, pretty-printed).
    package static func listJSON(_ targets: [PerformanceTarget], thresholds: CompareThresholds = .defaults) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(listing(targets, thresholds: thresholds)) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Checks as JSON (`targets RUN --format json`): the counts and every check.
    /// `note` is ``targets(of:)``'s, for an older file (`null` otherwise).
    package static func checksJSON(_ checks: [Check], note: String? = nil) -> String {
        struct Output: Encodable {
            var met: Int, missed: Int, notMeasured: Int
            @ExplicitNull var note: String?
            var checks: [Check]
            enum CodingKeys: String, CodingKey {
                case met, missed, checks, note
                case notMeasured = "not_measured"
            }
        }
        let output = Output(
            met: checks.filter { $0.met == true }.count, missed: checks.filter { $0.met == false }.count,
            notMeasured: checks.filter { $0.met == nil }.count, note: note, checks: checks)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(output) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
