// swift-tools-version: 6.1
import PackageDescription

// A package of its own that adds an engine DiffBench does not ship and gets
// the whole `diffbench` command line with it: `custom-bench run`, `chart`,
// `compare`, `targets` all know the engine beside the built-ins.
let package = Package(
    name: "CustomEngine",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "DiffBench", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "custom-bench",
            dependencies: [.product(name: "DiffBenchKit", package: "DiffBench")]
        ),
    ]
)
