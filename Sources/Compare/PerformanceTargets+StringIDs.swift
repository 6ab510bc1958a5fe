import Foundation
import RunResults

/// The string-id targets (issue 26): heckel, set and anchor on `uuid` and
/// `record` lists, as ratios to the floor row of the same dataset and kind
/// (one `Dictionary` build and one probe per new id, with the same ids), so
/// they are met or missed by `diffbench run --elements uuid,record --sizes
/// 1000,10000` alone.
extension PerformanceTargets {
    /// Workloads whose ids are unique within each list.
    static let uniqueIDWorkloads: [WorkloadName] = [.shuffled, .mixed, .feed, .sectioned]
    /// Workloads of plain values with repeated ids.
    static let repeatedIDWorkloads: [WorkloadName] = [.duplicates, .text]
    static let stringKinds: [ElementKind] = [.uuid, .record]
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

    static let stringIDTargets: [PerformanceTarget] = {
        var targets: [PerformanceTarget] = []
        for kind in stringKinds {
            for size in stringSizes {
                for workload in uniqueIDWorkloads {
                    let limit = workload == .shuffled && size == 10_000 ? shuffledLargeFloorLimit : stringFloorLimit
                    for engine: Subject in [.engine(.heckel), .engine(.set), .engine(.anchor)] {
                        targets.append(
                            PerformanceTarget(
                                id: id(engine.name, Subject.floor.name, kind, workload, size), area: "\(engine) ÷ floor, \(kind) ids",
                                measure: .medianRatio, engines: [engine], reference: .floor, workloads: [workload], sizes: [size],
                                elements: [kind], limit: limit))
                    }
                }
                for workload in repeatedIDWorkloads {
                    targets.append(
                        PerformanceTarget(
                            id: id("heckel-floor", kind, workload, size), area: "heckel ÷ floor, \(kind) ids", measure: .medianRatio,
                            engines: ["heckel"], reference: .floor, workloads: [workload], sizes: [size], elements: [kind],
                            limit: stringFloorLimit))
                    targets.append(
                        PerformanceTarget(
                            id: id("anchor", kind, ElementKind.int, workload, size), area: "anchor \(kind) ÷ anchor int", measure: .medianRatio,
                            engines: ["anchor"], reference: "anchor", referenceElements: .int, workloads: [workload], sizes: [size],
                            elements: [kind], limit: anchorStringOverIntLimit))
                }
            }
        }
        // The worst uuid row of the sizes above (set refuses repeated ids).
        targets.append(
            PerformanceTarget(
                id: "peak-heap-uuid", area: "peak heap per element, uuid ids", measure: .peakHeapPerElement, engines: ["heckel", "set"],
                sizes: stringSizes, elements: [.uuid], limit: stringPeakHeapLimit))
        return targets
    }()
}
