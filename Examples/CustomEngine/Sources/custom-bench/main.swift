import DiffBenchKit
import Foundation

// `custom-bench`: the diffbench command line with one more engine. The
// descriptor is all the registration there is: the runner calibrates it
// (its cost is a full table), verifies and batch-checks every changeset it
// returns, and the charts draw it in its colour.
var engines = [
    EngineDescriptor(
        PlainLCSEngine(),
        summary: "textbook LCS table without trimming or id coding, O(NM) time and memory",
        colour: "#8C564B", symbol: 4, cost: .untrimmedTableCells),
]
// The broken engine joins only on request. An environment variable, not an
// option: `run`'s workers are this same executable started afresh, and they
// inherit the environment, so they register the same engines.
if ProcessInfo.processInfo.environment["CUSTOM_BENCH_BROKEN"] == "1" {
    engines.append(
        EngineDescriptor(
            OverflowingEngine(), summary: "deliberately broken: traps on lists over 500 elements", colour: "#BCBD22", symbol: 8))
}
DiffBenchCLI.main(engines: engines)
