import RunResults

/// Where a compared file came from, for the report's header.
package struct ComparedRun: Hashable, Sendable, Codable {
    package var path: String
    package var runName: String
    package var gitCommit: String
    package var buildConfiguration: String
    package var startTime: String
    package var complete: Bool

    package init(path: String, document: RunDocument) {
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
