import DiffEngines
import Rendering

/// Heckel's passes run one at a time on the whole lists (no prefix or
/// suffix trimming, so every element shows), with the state after each.
struct HeckelTrace {
    /// State after pass p is `states[p - 1]`, for p = 1 … 5 (pass 6 only reads).
    let states: [HeckelPasses]
    var final: HeckelPasses { states[states.count - 1] }

    init(codes: IdentityCodes) {
        var passes = HeckelPasses(codes: codes, recordingPasses: true)
        var states: [HeckelPasses] = []
        for pass in 1...5 {
            passes.run(through: pass)
            states.append(passes)
        }
        self.states = states
    }
}
