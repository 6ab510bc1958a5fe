// swift-tools-version: 6.1
import PackageDescription

// A package of its own that adds an engine DiffBench does not ship and gets
// the whole `diffbench` command line with it: `custom-bench run`, `chart`,
// `compare`, `targets` all know the engine beside the built-ins. Its tests
// hold the engines to the contract with DiffBench's conformance kit.
let package = Package(
    name: "CustomEngine",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "DiffBench", path: "../.."),
    ],
    targets: [
        // A stand-in third-party library, wrapped as Guides/WrappingLibraries.md shows.
        .target(name: "VendorDiff"),
        .executableTarget(
            name: "custom-bench",
            dependencies: ["VendorDiff", .product(name: "DiffBenchKit", package: "DiffBench")]
        ),
        .testTarget(
            name: "CustomEngineTests",
            dependencies: ["custom-bench", .product(name: "DiffEngineChecks", package: "DiffBench")]
        ),
    ]
)
