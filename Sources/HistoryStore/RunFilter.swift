/// Which runs to list: every field that is set must match; `limit` keeps the newest.
public struct RunFilter: Hashable, Sendable {
    public var machine: String?
    public var branch: String?
    public var commit: String?
    public var plan: String?
    public var limit: Int?

    public init(machine: String? = nil, branch: String? = nil, commit: String? = nil, plan: String? = nil, limit: Int? = nil) {
        self.machine = machine
        self.branch = branch
        self.commit = commit
        self.plan = plan
        self.limit = limit
    }
}
