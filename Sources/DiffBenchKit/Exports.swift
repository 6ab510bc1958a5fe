// What a package building its own `diffbench` on this library needs in
// scope with one `import DiffBenchKit`: the engine protocol and changeset
// (DiffEngines), and the registry's descriptors (Harness, with EngineInfo
// from Formats).
@_exported import DiffEngines
@_exported import RunResults
@_exported import Harness
