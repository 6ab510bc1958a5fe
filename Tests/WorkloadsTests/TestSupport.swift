import InputFiles
import Foundation
@testable import Workloads
import DiffBenchTestSupport

/// Levenshtein distance (substitutions count 1). O(nm).
func levenshtein<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1]
        for (j, y) in b.enumerated() {
            current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
        }
        previous = current
    }
    return previous[b.count]
}

/// The fewest moves that reorder the common items of two lists with unique
/// ids: the common count minus a longest increasing subsequence of old
/// positions in new order. O(n log n).
func minimumMoves(_ old: [FeedItem], _ new: [FeedItem]) -> Int {
    var oldPosition: [Int: Int] = [:]
    for (index, item) in old.enumerated() { oldPosition[item.id] = index }
    let sequence = new.compactMap { oldPosition[$0.id] }
    var tails: [Int] = []
    for value in sequence {
        var low = 0
        var high = tails.count
        while low < high {
            let mid = (low + high) / 2
            if tails[mid] < value { low = mid + 1 } else { high = mid }
        }
        if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return sequence.count - tails.count
}

/// What happened between two lists with unique ids, counted independently
/// of any generator or engine.
struct EditCounts: Equatable {
    var deleted = 0
    var inserted = 0
    var updated = 0

    init(_ old: [FeedItem], _ new: [FeedItem]) {
        var oldContent: [Int: Int] = [:]
        for item in old { oldContent[item.id] = item.content }
        let newIDs = Set(new.map(\.id))
        deleted = old.filter { !newIDs.contains($0.id) }.count
        for item in new {
            if let content = oldContent[item.id] {
                if content != item.content { updated += 1 }
            } else {
                inserted += 1
            }
        }
    }

    init(deleted: Int, inserted: Int, updated: Int) {
        self.deleted = deleted
        self.inserted = inserted
        self.updated = updated
    }
}

func hasUniqueIDs(_ items: [FeedItem]) -> Bool { Set(items.map(\.id)).count == items.count }

/// The package's root folder (for the committed datasets).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

