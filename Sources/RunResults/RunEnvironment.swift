/// Where and how a run was made.
public struct RunEnvironment: Hashable, Sendable, Codable {
    public var swiftVersion: String
    public var os: String
    public var cpu: String
    public var cores: Int
    public var memoryBytes: Int
    public var buildConfiguration: String
    public var gitCommit: String
    public var seed: UInt64
    public var startTime: String
    public var runName: String
    /// The 1-, 5- and 15-minute load averages (`/proc/loadavg`) when the run
    /// began and when it ended. Nil where `/proc/loadavg` was unreadable and
    /// in files written before the field: the load then is not known, and
    /// no value read later could stand for it.
    public var loadAverageBefore: [Double]?
    public var loadAverageAfter: [Double]?

    /// Whether another program competed for the cores: the 1-minute load
    /// average at the start was at least half the cores, or at the end at
    /// least half the cores plus one (the run's own process, and its case
    /// worker, account for about one). Timings of a busy machine are
    /// noisier and slower; the closing screen says so. O(1).
    public var machineWasBusy: Bool {
        let half = Double(max(cores, 1)) / 2
        if let before = loadAverageBefore?.first, before >= half { return true }
        if let after = loadAverageAfter?.first, after >= half + 1 { return true }
        return false
    }

    enum CodingKeys: String, CodingKey {
        case swiftVersion = "swift_version"
        case os, cpu, cores
        case memoryBytes = "memory_bytes"
        case buildConfiguration = "build_configuration"
        case gitCommit = "git_commit"
        case seed
        case startTime = "start_time"
        case runName = "run_name"
        case loadAverageBefore = "load_average_before"
        case loadAverageAfter = "load_average_after"
    }

    public init(
        swiftVersion: String, os: String, cpu: String, cores: Int, memoryBytes: Int, buildConfiguration: String,
        gitCommit: String, seed: UInt64, startTime: String, runName: String
    ) {
        self.swiftVersion = swiftVersion
        self.os = os
        self.cpu = cpu
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.buildConfiguration = buildConfiguration
        self.gitCommit = gitCommit
        self.seed = seed
        self.startTime = startTime
        self.runName = runName
    }
}
