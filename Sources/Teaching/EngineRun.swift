import DiffEngines
import FileSupport
import Rendering

/// One engine's answer for the pair, checked by the verifier.
struct EngineRun {
    var engine: EngineName
    var result: Result<Changeset, DiffError>
    /// The verifier's complaint, nil when the changeset rebuilds the new list.
    var problem: String?

    /// Every engine of `engines` on the pair, each answer verified; an
    /// engine in `answered` (a plug-in whose call a worker made) is not called again.
    static func runAll<I: ElementIdentity>(
        old: [I.Element], new: [I.Element], identity: I, engines: [any DiffEngine],
        answered: [EngineName: Result<Changeset, DiffError>] = [:]
    ) -> [EngineRun] {
        engines.map { engine in
            let result = answered[engine.name] ?? Result { () throws(DiffError) -> Changeset in
                try engine.diff(from: old, to: new, identity: identity, options: .default)
            }
            var problem: String?
            if case let .success(changeset) = result {
                problem = changeset.verify(old: old, new: new, identity: identity)?.description
            }
            return EngineRun(engine: engine.name, result: result, problem: problem)
        }
    }
}
