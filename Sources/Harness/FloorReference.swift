import DiffEngines
import Foundation
import InputFiles
import RunResults
import Workloads

/// The least work any identity-based diff must do, for the kind's id type:
/// one dictionary build over the old ids and one probe per new id. Engines'
/// medians are also reported as ratios to this.
func floorReference(_ lists: ProjectedLists) -> Int {
    switch lists {
    case let .items(old, new): return floorReference(old, new)
    case let .uuids(old, new): return floorReference(old, new)
    case let .records(old, new): return floorReference(old, new)
    case let .strings(old, new): return floorReference(values: old, new)
    }
}

/// The floor for identified elements (specialized per element type).
@inline(never)
func floorReference<E: Identifiable>(_ old: [E], _ new: [E]) -> Int {
    var table = [E.ID: Int32](minimumCapacity: old.count)
    for index in old.indices { table[old[index].id] = Int32(truncatingIfNeeded: index) }
    var found = 0
    for item in new where table[item.id] != nil { found &+= 1 }
    return found
}

/// The floor for plain values, each its own id.
@inline(never)
func floorReference<V: Hashable>(values old: [V], _ new: [V]) -> Int {
    var table = [V: Int32](minimumCapacity: old.count)
    for index in old.indices { table[old[index]] = Int32(truncatingIfNeeded: index) }
    var found = 0
    for value in new where table[value] != nil { found &+= 1 }
    return found
}
