import DiffBenchKit
import VendorDiff   // the library being wrapped

// The adapter of Guides/WrappingLibraries.md, compiled as the guide prints
// it (CustomEngineTests checks that the two texts agree and runs the
// conformance kit on it).

/// Makes any element diffable by the vendor library, by asking the harness's identity.
struct Wrapped<I: ElementIdentity>: VendorDiffable {
    let element: I.Element
    let identity: I
    var vendorID: I.ID { identity.id(of: element) }
    func vendorContentEquals(_ other: Wrapped<I>) -> Bool { identity.hasSameContent(element, other.element) }
}

struct VendorEngine: DiffEngine {
    static let name: EngineName = "vendor"

    func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        let result = VendorDiff.compute(
            old: old.map { Wrapped(element: $0, identity: identity) },
            new: new.map { Wrapped(element: $0, identity: identity) })
        // Each list ascending by the index the verifier reads: deletes by old
        // index, inserts by new index, moves and updates by their NEW index.
        return Changeset(
            deletes: result.deletedOldIndices.sorted(),
            inserts: result.insertedNewIndices.sorted(),
            moves: result.moves.map { Changeset.Move(from: $0.oldIndex, to: $0.newIndex) }.sorted { $0.to < $1.to },
            updates: result.updates.map { Changeset.Update(old: $0.oldIndex, new: $0.newIndex) }.sorted { $0.new < $1.new })
    }
}
