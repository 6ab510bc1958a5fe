// swift-tools-version: 6.1
import PackageDescription

// Modules, from the leaves up (see README "Package layout"):
// DiffEngines ← ListUpdates ← InputFiles ← RunResults ← Workloads ← Harness ← DiffBenchKit ← diffbench;
// FileSupport (atomic files, text escaping, number formatting) sits under
// InputFiles and Rendering and depends on no engine. Rendering (libpng,
// gnuplot) serves Teaching and RunReport; Compare, RunReport and
// HistoryStore (SQLite) read result rows through RunResults and never link
// the memory instrument.
/// The modules whose tests (and the CLI tests' runs of them) do heavy work
/// in process are compiled with -O in debug builds too: the engines, which
/// the property, conformance and identity-code tests call hundreds of
/// thousands of times (DiffEngines), the change-point
/// statistics over thousands of seeded series (HistoryAnalysis), readers of
/// tens of thousands of objects (InputFiles), hundreds of stepper pages
/// (Teaching), the pick's bootstrap intervals (RunReport). Unoptimized, they
/// were about a fifth of `make test`'s CPU. None of them uses `assert`,
/// which -O would drop; overflow and bounds checks stay on, and the tests
/// still see their internals (-enable-testing is kept).
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "DiffBench",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "DiffEngines", targets: ["DiffEngines"]),
        .library(name: "ListUpdates", targets: ["ListUpdates"]),
        // The engine contract as one call (`checkDiffEngine`), for any engine author's tests.
        .library(name: "DiffEngineChecks", targets: ["DiffEngineChecks"]),
        .library(name: "DiffBenchKit", targets: ["DiffBenchKit"]),
        .executable(name: "diffbench", targets: ["diffbench"]),
        // `diffbench serve`'s server, which a plug-in binary's `serve` also needs beside it.
        .executable(name: "diffbench-serve", targets: ["diffbench-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
        // `swift package generate-documentation` for the library products (make docs); a plugin only,
        // linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `diffbench serve`'s HTTP server (Dashboard): plain sockets, no SwiftNIO.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .target(name: "DiffEngines", swiftSettings: optimizedInDebug),
        .target(name: "ListUpdates", dependencies: ["DiffEngines"]),
        .target(name: "DiffEngineChecks", dependencies: ["DiffEngines", "ListUpdates", "SplitMix"]),
        // The one seeded generator (SplitMix64) of workloads, conformance cases, bootstrap and permutation tests.
        .target(name: "SplitMix"),
        // Atomic files, file errors, text positions, terminal/Markdown/JSON-string escaping, number formatting.
        .target(name: "FileSupport"),
        // The user's input files: the JSON parser and the list, text, dataset and batch readers.
        .target(
            name: "InputFiles", dependencies: ["DiffEngines", "ListUpdates", "FileSupport"],
            swiftSettings: optimizedInDebug),
        // The results document: RunDocument, ResultRow, RunFolder and its lock, ResultsStore, the validator, catalog records.
        .target(name: "RunResults", dependencies: ["DiffEngines", "FileSupport", "InputFiles"]),
        .target(name: "Workloads", dependencies: ["ListUpdates", "FileSupport", "InputFiles", "RunResults", "SplitMix"]),
        .target(name: "CExactHeap"),
        // Callgrind client requests around one measured call (run --instructions); needs valgrind's headers.
        .target(name: "CCallgrind"),
        .target(
            name: "Harness",
            dependencies: [
                "DiffEngines",
                "ListUpdates",
                "Workloads",
                "FileSupport",
                "InputFiles",
                "RunResults",
                "CExactHeap",
                "CCallgrind",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            plugins: ["BuildCommit"]
        ),
        // Writes the build's git commit into Harness at every build (results record it).
        .plugin(name: "BuildCommit", capability: .buildTool()),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "Rendering", dependencies: ["FileSupport", "CPNG"]),
        .target(
            name: "Teaching", dependencies: ["DiffEngines", "FileSupport", "Rendering"],
            swiftSettings: optimizedInDebug),
        .target(
            name: "RunReport", dependencies: ["FileSupport", "RunResults", "Rendering", "SplitMix"],
            swiftSettings: optimizedInDebug),
        .target(name: "Compare", dependencies: ["FileSupport", "RunResults"]),
        // Change points and the history band over plain arrays (Foundation and SplitMix only; the history store feeds it).
        .target(name: "HistoryAnalysis", dependencies: ["SplitMix"], swiftSettings: optimizedInDebug),
        // The system SQLite (libsqlite3-dev), for the history store.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The history of runs in one SQLite file: reads run documents through RunResults, measures nothing.
        .target(name: "HistoryStore", dependencies: ["FileSupport", "RunResults", "CSQLite"]),
        // What `diffbench serve` asks of the server, and its arguments to `diffbench-serve` (no server code).
        .target(name: "ServeOptions"),
        // `diffbench serve`: the local dashboard (runs, compare, history, teach) over FlyingFox; no engine depends on it.
        .target(
            name: "Dashboard",
            dependencies: [
                "RunResults", "Rendering", "Compare", "HistoryStore", "ServeOptions", .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ]),
        .target(
            name: "DiffBenchKit",
            dependencies: [
                "DiffEngines",
                "ListUpdates",
                "FileSupport",
                "InputFiles",
                "RunResults",
                "Workloads",
                "Harness",
                "Rendering",
                "Teaching",
                "RunReport",
                "Compare",
                "HistoryStore",
                "HistoryAnalysis",
                "ServeOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "diffbench", dependencies: ["DiffBenchKit"]),
        // The dashboard's server, an executable of its own that `diffbench serve` execs: FlyingFox brings
        // FoundationNetworking (libcurl and ~30 more libraries), which linked into `diffbench` the dynamic
        // linker loaded at every start of every command (issue 36). No target may depend on it but tests:
        // a target depending on an executable target links the executable's dependencies.
        .executableTarget(name: "diffbench-serve", dependencies: ["Dashboard", "ServeOptions", "FileSupport"]),
        // The tests' shared seeded generator (a plain target: test targets cannot depend on each other).
        .target(name: "DiffBenchTestSupport", path: "Tests/DiffBenchTestSupport"),
        .testTarget(
            name: "DiffEnginesTests", dependencies: ["DiffEngines", "ListUpdates", "DiffEngineChecks", "DiffBenchTestSupport"]),
        .testTarget(name: "ListUpdatesTests", dependencies: ["ListUpdates", "DiffEngines", "DiffBenchTestSupport"]),
        // The tests of FileSupport, InputFiles and RunResults (the modules split from the former Formats).
        .testTarget(
            name: "FormatsTests", dependencies: ["FileSupport", "InputFiles", "RunResults", "DiffEngines", "Workloads", "DiffBenchTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "WorkloadsTests", dependencies: ["Workloads", "SplitMix", "InputFiles", "RunResults", "DiffEngines", "DiffBenchTestSupport"]),
        .testTarget(
            name: "HarnessTests", dependencies: ["Harness", "Compare", "InputFiles", "RunResults", "Workloads", "DiffEngines", "CExactHeap", "DiffBenchTestSupport"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "DiffBenchTestSupport"]),
        .testTarget(name: "TeachingTests", dependencies: ["Teaching", "Rendering", "FileSupport", "DiffEngines", "DiffBenchTestSupport"]),
        .testTarget(name: "RunReportTests", dependencies: ["RunReport", "Rendering", "RunResults", "Harness", "DiffBenchTestSupport"]),
        .testTarget(name: "CompareTests", dependencies: ["Compare", "RunResults", "DiffBenchTestSupport"]),
        .testTarget(name: "HistoryAnalysisTests", dependencies: ["HistoryAnalysis", "DiffBenchTestSupport"]),
        .testTarget(name: "HistoryStoreTests", dependencies: ["HistoryStore", "FileSupport", "RunResults", "CSQLite", "DiffBenchTestSupport"]),
        .testTarget(name: "DiffBenchKitTests", dependencies: ["DiffBenchKit", "DiffBenchTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["diffbench", "DiffBenchKit", "Rendering", "DiffBenchTestSupport"]),
        // Starts the real `diffbench serve` and drives it over HTTP and headless Chromium.
        .testTarget(name: "DashboardTests", dependencies: ["diffbench", "diffbench-serve", "Dashboard", "ServeOptions", "Rendering", "DiffBenchTestSupport"]),
    ]
)
