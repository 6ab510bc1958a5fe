import RunResults

/// Where a compared file came from, for the report's header.
public struct ComparedRun: Hashable, Sendable, Codable {
    public var path: String
    public var runName: String
    public var gitCommit: String
    public var buildConfiguration: String
    public var startTime: String
    public var complete: Bool

    public init(path: String, document: RunDocument) {
        self.path = path
        self.runName = document.environment.runName
        self.gitCommit = document.environment.gitCommit
        self.buildConfiguration = document.environment.buildConfiguration
        self.startTime = document.environment.startTime
        self.complete = document.complete
    }

    enum CodingKeys: String, CodingKey {
        case path
        case runName = "run_name"
        case gitCommit = "git_commit"
        case buildConfiguration = "build_configuration"
        case startTime = "start_time"
        case complete
    }
}
