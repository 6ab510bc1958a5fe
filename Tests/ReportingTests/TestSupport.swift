import DiffEngines
import Foundation
import DiffBenchTestSupport

extension TestRandom {
    /// A list of `count` codes drawn from `alphabet` symbols.
    mutating func codes(count: Int, alphabet: Int) -> [Int32] { (0..<count).map { _ in Int32(below(alphabet)) } }
}

/// The LCS length table computed the textbook way, independently of
/// `LCSTable`: a fresh two-dimensional array filled by the recurrence.
func referenceLCS<T: Equatable>(_ a: [T], _ b: [T]) -> [[Int]] {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: 1, through: a.count, by: 1) {
        for j in stride(from: 1, through: b.count, by: 1) {
            table[i][j] = a[i - 1] == b[j - 1] ? table[i - 1][j - 1] + 1 : max(table[i - 1][j], table[i][j - 1])
        }
    }
    return table
}

/// A scratch directory removed when the value goes away.
final class ScratchDirectory {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "reporting-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}
