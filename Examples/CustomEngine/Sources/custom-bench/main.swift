import DiffBenchKit

// `custom-bench`: the diffbench command line with one more engine. The
// descriptor is all the registration there is: the runner calibrates it
// (its cost is a full table), verifies and batch-checks every changeset it
// returns, and the charts draw it in its colour.
DiffBenchCLI.main(engines: [
    EngineDescriptor(
        PlainLCSEngine(),
        summary: "textbook LCS table without trimming or id coding, O(NM) time and memory",
        colour: "#8C564B", symbol: 4, cost: .untrimmedTableCells),
])
