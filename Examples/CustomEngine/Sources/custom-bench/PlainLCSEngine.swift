import DiffBenchKit

/// The textbook longest-common-subsequence diff, with none of the shortcuts
/// the built-in `lcs` engine takes: no common prefix or suffix trimming, no
/// id coding, a 32-bit cell per pair of positions. It stands for the many
/// "LCS diff" snippets apps copy in, and shows what the shortcuts are worth
/// when run beside the built-ins.
///
/// - Complexity: O(N·M) time and memory (4 bytes a cell); refuses tables
///   over `options.lcsMemoryBudget`.
struct PlainLCSEngine: DiffEngine {
    static let name: EngineName = "plain-lcs"
    /// A full table walk is a shortest script (it infers no moves, so on
    /// unique ids its moves are not the fewest: none at all).
    static let claims: EngineClaims = [.minimalEdits]

    func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        let n = old.count, m = new.count
        let width = m + 1
        let (cells, overflow) = (n + 1).multipliedReportingOverflow(by: width)
        guard !overflow, cells <= options.lcsMemoryBudget / 4 else {
            throw .memoryBudgetExceeded(
                engine: Self.name.rawValue, cells: overflow ? Int.max : cells, bytes: overflow ? Int.max : cells * 4,
                budget: options.lcsMemoryBudget)
        }
        let oldIDs = old.map(identity.id(of:))
        let newIDs = new.map(identity.id(of:))
        // table[i * width + j]: LCS length of old[i...] and new[j...].
        var table = [Int32](repeating: 0, count: cells)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * width + j] =
                    oldIDs[i] == newIDs[j]
                    ? table[(i + 1) * width + j + 1] + 1
                    : max(table[(i + 1) * width + j], table[i * width + j + 1])
            }
        }
        // Walk from the start: keep a match, else drop the side that keeps
        // the longer common subsequence (ties delete first).
        var changes = Changeset()
        var i = 0, j = 0
        while i < n && j < m {
            if oldIDs[i] == newIDs[j] {
                if !identity.hasSameContent(old[i], new[j]) { changes.updates.append(.init(old: i, new: j)) }
                i += 1
                j += 1
            } else if table[(i + 1) * width + j] >= table[i * width + j + 1] {
                changes.deletes.append(i)
                i += 1
            } else {
                changes.inserts.append(j)
                j += 1
            }
        }
        changes.deletes += Array(i..<n)
        changes.inserts += Array(j..<m)
        return changes
    }
}
