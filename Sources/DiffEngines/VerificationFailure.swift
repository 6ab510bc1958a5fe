/// Why a changeset does not turn one list into another: what
/// ``Changeset/verify(old:new:identity:)`` returns, one case per rule, so a
/// caller can tell a wrong index from a missing update without reading
/// words. `description` is the message shown to users.
public enum VerificationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The changeset describes no pair of lists of these sizes
    /// (``Changeset/newToOld(oldCount:newCount:)``'s rules: counts, ranges,
    /// order, an index both deleted and moved).
    case malformed(ChangesetError)
    /// Update number `index` names a new index outside `0..<newCount`.
    case updateOutOfRange(index: Int, update: Changeset.Update, newCount: Int)
    /// Updates must be strictly ordered by new index; number `index` is not.
    case updatesNotOrdered(index: Int, update: Changeset.Update)
    /// Update number `index` targets a new index that is an insert.
    case updateOfInsert(index: Int, update: Changeset.Update)
    /// Update number `index` pairs its old index with a new index that comes from `source`.
    case updateMispaired(index: Int, update: Changeset.Update, source: Int)
    /// `old[old]` lands at `new[new]`, whose identity differs (both shown as text).
    case identityMismatch(old: Int, new: Int, oldID: String, newID: String)
    /// An update is listed for a pair whose contents are equal.
    case needlessUpdate(old: Int, new: Int)
    /// A pair's content changed (the item's id shown as text) but no update is listed.
    case missingUpdate(old: Int, new: Int, id: String)

    public var description: String {
        switch self {
        case let .malformed(error): return error.message
        case let .updateOutOfRange(index, update, newCount):
            return "update #\(index) (\(update)) names new index \(update.new), outside 0..<\(newCount)"
        case let .updatesNotOrdered(index, update):
            return "updates are not strictly ordered by new index at update #\(index) (\(update))"
        case let .updateOfInsert(index, update):
            return "update #\(index) (\(update)) targets new index \(update.new), which is an insert"
        case let .updateMispaired(index, update, source):
            return "update #\(index) (\(update)) pairs old \(update.old) with new \(update.new), but new \(update.new) comes from old \(source)"
        case let .identityMismatch(old, new, oldID, newID):
            return "old[\(old)] (id \(oldID)) lands at new[\(new)], whose id is \(newID)"
        case let .needlessUpdate(old, new):
            return "update old \(old) → new \(new) is listed, but the contents are equal"
        case let .missingUpdate(old, new, id):
            return "old[\(old)] → new[\(new)] (id \(id)) changed content, but no update is listed"
        }
    }
}
