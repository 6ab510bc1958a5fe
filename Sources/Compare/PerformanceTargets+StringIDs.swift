import Foundation
import Formats

/// The string-id targets (issue 26): heckel, set and anchor on `uuid` and
/// `record` lists, as ratios to the floor row of the same dataset and kind
/// (one `Dictionary` build and one probe per new id, with the same ids), so
/// they are met or missed by `diffbench run --elements uuid,record --sizes
/// 1000,10000` alone.
extension PerformanceTargets {
    /// Workloads whose ids are unique within each list.
    static let uniqueIDWorkloads = ["shuffled", "mixed", "feed", "sectioned"]
    /// Workloads of plain values with repeated ids.
    static let repeatedIDWorkloads = ["duplicates", "text"]
    static let stringKinds = ["uuid", "record"]
    static let stringSizes = [1_000, 10_000]
    /// Heckel, set and anchor ÷ floor on the unique-id workloads.
    static let stringFloorLimit = 0.35
    /// shuffled at 10,000, where each id is fetched from a random place in
    /// memory and the floor waits on the same cache misses.
    static let shuffledLargeFloorLimit = 0.6
    /// Anchor on string values ÷ anchor on int ids of the same dataset.
    static let anchorStringOverIntLimit = 1.2
    /// Peak heap bytes per element (old + new) of heckel and set on uuid lists.
    static let stringPeakHeapLimit = 24.0

    /// The checks for string ids; rows missing from the run give "not measured".
    ///
    /// - Complexity: O(R × C) for R rows and C checks (a few dozen of each).
    static func stringIDChecks(_ rows: [ResultRow]) -> [Check] {
        func format(_ value: Double) -> String { String(format: "%.3g", value) }
        func row(_ engine: String, _ workload: String, _ size: Int, _ kind: String) -> ResultRow? {
            rows.first { $0.engine == engine && $0.workload == workload && $0.size == size && $0.elementKind == kind && $0.status == .ok }
        }
        var checks: [Check] = []
        for kind in stringKinds {
            for size in stringSizes {
                for workload in uniqueIDWorkloads {
                    let limit = workload == "shuffled" && size == 10_000 ? shuffledLargeFloorLimit : stringFloorLimit
                    for engine in ["heckel", "set", "anchor"] {
                        let ratio = row(engine, workload, size, kind)?.ratioToFloor
                        checks.append(Check(
                            area: "\(engine) ÷ floor, \(kind) ids", subject: "\(workload)@\(size)", target: "≤ \(format(limit))",
                            measured: ratio.map(format) ?? "not measured", met: ratio.map { $0 <= limit }))
                    }
                }
                for workload in repeatedIDWorkloads {
                    let ratio = row("heckel", workload, size, kind)?.ratioToFloor
                    checks.append(Check(
                        area: "heckel ÷ floor, \(kind) ids", subject: "\(workload)@\(size)", target: "≤ \(format(stringFloorLimit))",
                        measured: ratio.map(format) ?? "not measured", met: ratio.map { $0 <= stringFloorLimit }))
                    var check = Check(
                        area: "anchor \(kind) ÷ anchor int", subject: "\(workload)@\(size)", target: "≤ \(format(anchorStringOverIntLimit))×",
                        measured: "not measured", met: nil)
                    if let strings = row("anchor", workload, size, kind), let stringMedian = strings.medianNs,
                        let ints = rows.first(where: {
                            $0.engine == "anchor" && $0.workload == workload && $0.size == size && $0.parameters == strings.parameters
                                && $0.elementKind == "int" && $0.status == .ok
                        })?.medianNs, ints > 0
                    {
                        let strings = stringMedian
                        check.measured = format(strings / ints) + "×"
                        check.met = strings / ints <= anchorStringOverIntLimit
                    }
                    checks.append(check)
                }
            }
        }
        for engine in ["heckel", "set"] {
            // The worst uuid row of the sizes above (set refuses repeated ids).
            let measured = rows.filter { row in
                row.engine == engine && row.elementKind == "uuid" && stringSizes.contains(row.size) && row.status == .ok
                    && row.peakHeapBytes != nil && row.sizeOld + row.sizeNew > 0
            }.map { row in (row, Double(row.peakHeapBytes!) / Double(row.sizeOld + row.sizeNew)) }
            let worst = measured.max { $0.1 < $1.1 }
            checks.append(Check(
                area: "peak heap per element, uuid ids", subject: engine, target: "≤ \(format(stringPeakHeapLimit)) B",
                measured: worst.map { format($0.1) + " B (worst: \($0.0.workload)@\($0.0.size))" } ?? "not measured",
                met: worst.map { $0.1 <= stringPeakHeapLimit }))
        }
        return checks
    }
}
