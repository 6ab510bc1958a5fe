import DiffBenchKit

// `diffbench`: the command-line tool with the built-in engines. Another
// package gets the same tool with engines of its own through
// `DiffBenchCLI.main(engines:)`.
DiffBenchCLI.main()
