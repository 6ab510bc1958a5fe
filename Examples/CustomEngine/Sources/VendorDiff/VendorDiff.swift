/// A stand-in for a third-party diff library, with an API of its own (its
/// own element protocol, its own result type), so that the adapter in
/// `Guides/WrappingLibraries.md` compiles and runs as written. The adapter,
/// not this library, is what the example shows.

/// An element the library can diff: an id and a content comparison.
public protocol VendorDiffable {
    associatedtype VendorID: Hashable
    var vendorID: VendorID { get }
    func vendorContentEquals(_ other: Self) -> Bool
}

/// The library's answer, in its own terms.
public struct VendorResult {
    public struct Pair {
        public var oldIndex: Int
        public var newIndex: Int
    }

    public var deletedOldIndices: Set<Int> = []
    public var insertedNewIndices: Set<Int> = []
    /// In the order the library found them (by old index), as libraries often do.
    public var moves: [Pair] = []
    public var updates: [Pair] = []
}

public enum VendorDiff {
    /// A longest common subsequence of ids; then each deleted item is paired
    /// with an inserted item of the same id as a move, and every matched
    /// pair whose content differs is an update.
    ///
    /// - Complexity: O(N·M) time and memory.
    public static func compute<T: VendorDiffable>(old: [T], new: [T]) -> VendorResult {
        let n = old.count, m = new.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = old[i].vendorID == new[j].vendorID ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result = VendorResult()
        var matched: [(Int, Int)] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i].vendorID == new[j].vendorID {
                matched.append((i, j))
                i += 1
                j += 1
            } else if j == m || (i < n && table[i + 1][j] >= table[i][j + 1]) {
                result.deletedOldIndices.insert(i)
                i += 1
            } else {
                result.insertedNewIndices.insert(j)
                j += 1
            }
        }
        var insertedByID: [T.VendorID: [Int]] = [:]
        for j in result.insertedNewIndices.sorted(by: >) { insertedByID[new[j].vendorID, default: []].append(j) }
        for i in result.deletedOldIndices.sorted() {
            guard let j = insertedByID[old[i].vendorID]?.popLast() else { continue }
            result.deletedOldIndices.remove(i)
            result.insertedNewIndices.remove(j)
            result.moves.append(VendorResult.Pair(oldIndex: i, newIndex: j))
            matched.append((i, j))
        }
        for (i, j) in matched.sorted(by: { $0.0 < $1.0 }) where !old[i].vendorContentEquals(new[j]) {
            result.updates.append(VendorResult.Pair(oldIndex: i, newIndex: j))
        }
        return result
    }
}
