import DiffEngines
import Workloads

/// The batch-update check the runner applies to every changeset (filled in
/// once the batch-update model is merged).
enum BatchVerification {
    static let check: (@Sendable (Dataset, Changeset) -> String?)? = nil
}
