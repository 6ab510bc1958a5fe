// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "DiffBench",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "DiffEngines", targets: ["DiffEngines"]),
        .executable(name: "diffbench", targets: ["diffbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        .target(name: "DiffEngines"),
        .target(name: "Workloads", dependencies: ["DiffEngines"]),
        .target(name: "CExactHeap"),
        .target(
            name: "Harness",
            dependencies: [
                "DiffEngines",
                "Workloads",
                "CExactHeap",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "Reporting", dependencies: ["DiffEngines", "Workloads", "CPNG"]),
        .target(name: "Compare", dependencies: ["Harness"]),
        .target(name: "ReportCharts", dependencies: ["Harness", "Reporting"]),
        .executableTarget(
            name: "diffbench",
            dependencies: [
                "DiffEngines",
                "Workloads",
                "Harness",
                "Reporting",
                "Compare",
                "ReportCharts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The tests' shared seeded generator (a plain target: test targets cannot depend on each other).
        .target(name: "DiffBenchTestSupport", path: "Tests/DiffBenchTestSupport"),
        .testTarget(name: "DiffEnginesTests", dependencies: ["DiffEngines", "DiffBenchTestSupport"]),
        .testTarget(name: "WorkloadsTests", dependencies: ["Workloads", "DiffBenchTestSupport"]),
        .testTarget(name: "HarnessTests", dependencies: ["Harness"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "DiffEngines", "DiffBenchTestSupport"]),
        .testTarget(name: "CompareTests", dependencies: ["Compare", "Harness", "DiffBenchTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["diffbench", "Reporting"]),
        .testTarget(name: "ReportChartsTests", dependencies: ["ReportCharts", "Harness", "DiffBenchTestSupport"]),
    ]
)
