import DiffEngines

/// The two small lists a teaching report is about: identity codes over the
/// whole lists (no prefix or suffix trimming, so every element shows), the
/// display labels, and the LCS table.
package struct TeachingPair: Sendable {
    /// Most elements per side the pictures are laid out for.
    package static let maximumCount = 60
    /// Most bytes of labels, both lists together (UTF-8). Every picture,
    /// trace and page repeats each label many times (a memo table row and
    /// column, every storyboard frame), so the work grows with their total:
    /// 60 labels of 1 MB each once ran 300 s and reached 8.4 GB. 64 KiB is
    /// over 500 bytes for each of 120 labels, far past what a cell shows.
    package static let maximumLabelBytes = 64 * 1024

    /// Identity codes: equal codes are the same item; an id only in the new
    /// list is −1.
    package let codes: IdentityCodes
    package let oldLabels: [String]
    package let newLabels: [String]
    package let table: LCSTable

    package var n: Int { oldLabels.count }
    package var m: Int { newLabels.count }

    /// Codes the identities of `old` and `new`. Throws for two empty lists,
    /// for lists over ``maximumCount`` and for labels over
    /// ``maximumLabelBytes`` in all.
    package init<I: ElementIdentity>(
        old: [I.Element], new: [I.Element], identity: I, oldLabels: [String], newLabels: [String]
    ) throws(TeachingError) {
        precondition(old.count == oldLabels.count && new.count == newLabels.count, "one label per element")
        if old.isEmpty && new.isEmpty { throw .bothEmpty }
        if old.count > TeachingPair.maximumCount {
            throw .tooLarge(side: .old, count: old.count, limit: TeachingPair.maximumCount)
        }
        if new.count > TeachingPair.maximumCount {
            throw .tooLarge(side: .new, count: new.count, limit: TeachingPair.maximumCount)
        }
        let labelBytes = (oldLabels + newLabels).reduce(0) { $0 + $1.utf8.count }
        if labelBytes > TeachingPair.maximumLabelBytes {
            throw .labelsTooLarge(bytes: labelBytes, limit: TeachingPair.maximumLabelBytes)
        }
        codes = IdentityCodes(old: old, new: new, identity: identity)
        self.oldLabels = oldLabels
        self.newLabels = newLabels
        do {
            table = try LCSTable(codes: codes, memoryBudget: DiffOptions.defaultLCSMemoryBudget)
        } catch {
            // 61 × 61 cells cannot exceed the budget.
            preconditionFailure("the LCS table of a teaching pair does not fit: \(error)")
        }
    }

    /// The labels of the LCS, in order, read off the traceback.
    package var lcsLabels: [String] {
        let path = table.tracebackPath()
        var result: [String] = []
        for (p, q) in zip(path, path.dropFirst()) where p.i - q.i == 1 && p.j - q.j == 1 {
            result.append(oldLabels[q.i])
        }
        return result.reversed()
    }

    /// The edit distance without moves: N + M − 2 · LCS.
    package var editDistance: Int { n + m - 2 * table.length }
}
