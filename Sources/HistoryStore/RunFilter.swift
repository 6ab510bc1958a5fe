/// Which runs to list: every field that is set must match; `limit` keeps the newest.
package struct RunFilter: Hashable, Sendable {
    package var machine: String?
    package var branch: String?
    package var commit: String?
    package var plan: String?
    package var limit: Int?

    package init(machine: String? = nil, branch: String? = nil, commit: String? = nil, plan: String? = nil, limit: Int? = nil) {
        self.machine = machine
        self.branch = branch
        self.commit = commit
        self.plan = plan
        self.limit = limit
    }
}
