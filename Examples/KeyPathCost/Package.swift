// swift-tools-version: 6.1
import PackageDescription

// Times the key-path form of the engines' `diff` (`diff(from:to:id: \.key)`)
// against the `Identifiable` form on the same lists, release mode:
// `cd Examples/KeyPathCost && swift run -c release keypath-cost`.
let package = Package(
    name: "KeyPathCost",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "DiffBench", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "keypath-cost",
            dependencies: [.product(name: "DiffEngines", package: "DiffBench")]
        ),
    ]
)
