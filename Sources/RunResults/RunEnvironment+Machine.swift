extension RunEnvironment {
    /// The fields that tell one machine from another: CPU, cores, OS,
    /// Swift version, build commit, each with its name for messages.
    /// Shards whose fields differ were measured elsewhere (`merge` refuses
    /// them without `--allow-mixed-machines`). O(1).
    public var machineFields: [(name: String, value: String)] {
        [
            ("the CPU", cpu), ("the number of cores", String(cores)), ("the OS", os),
            ("the Swift version", swiftVersion), ("the build commit", gitCommit),
        ]
    }

    /// Whether `other` has the same machine fields. O(1).
    public func sameMachine(as other: RunEnvironment) -> Bool {
        machineFields.map(\.value) == other.machineFields.map(\.value)
    }
}
