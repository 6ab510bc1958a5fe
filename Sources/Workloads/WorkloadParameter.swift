import InputFiles

/// A knob of a workload, as `--list` and the README show it.
public struct WorkloadParameter: Hashable, Sendable {
    public var name: String
    public var defaultValue: String
    public var help: String
}
