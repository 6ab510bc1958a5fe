import SplitMix
import InputFiles

extension Generators {
    /// `text`: two versions of a synthetic source file, one element per line
    /// (`unit=lines`) or per character (`unit=characters`) — the input of the
    /// classic file-diff benchmarks. Lines repeat as they do in real code
    /// (blank lines, closing braces), so identities are not unique.
    ///
    /// The old text has n elements. The new one applies `n/20` hunks (lines)
    /// or `n/50` hunks (characters), at least one when n > 0, at distinct
    /// random starting points: each deletes, inserts or replaces a run of 1–3
    /// lines (1–5 characters). A hunk that starts inside an earlier deleted
    /// run is absorbed by it, as in a real edit.
    ///
    /// The elements are text; their ids are given in order of first
    /// appearance, the old text first (the dataset file's rule), and
    /// ``Dataset/symbols`` holds the text of each id.
    static func text(_ n: Int, unit: TextUnit, _ rng: inout SplitMix64) -> Dataset {
        var source = SyntheticText()
        let old: [String]
        let hunkCount: Int
        let longestRun: Int
        switch unit {
        case .lines:
            old = (0..<n).map { _ in source.line(&rng) }
            (hunkCount, longestRun) = (n == 0 ? 0 : max(1, n / 20), 3)
        case .characters:
            old = source.characters(n, &rng)
            (hunkCount, longestRun) = (n == 0 ? 0 : max(1, n / 50), 5)
        }
        var hunkStarts = [Bool](repeating: false, count: n)
        for index in rng.sample(hunkCount, from: n) { hunkStarts[index] = true }

        var new: [String] = []
        new.reserveCapacity(n + n / 10)
        var position = 0
        while position < n {
            guard hunkStarts[position] else {
                new.append(old[position])
                position += 1
                continue
            }
            let run = 1 + rng.below(longestRun)
            func fresh(_ rng: inout SplitMix64) -> [String] {
                switch unit {
                case .lines: return (0..<run).map { _ in source.line(&rng) }
                case .characters: return source.characters(run, &rng)
                }
            }
            switch rng.below(3) {
            case 0:  // delete
                position = min(position + run, n)
            case 1:  // insert before this element
                new += fresh(&rng)
                new.append(old[position])
                position += 1
            default:  // replace
                new += fresh(&rng)
                position = min(position + run, n)
            }
        }

        return lines(old: old, new: new)
    }
}

/// A deterministic stream of plausible source-code lines: indentation,
/// keywords and identifiers from a fixed vocabulary, blank lines and closing
/// braces at the rates real code has them.
struct SyntheticText {
    private static let words = [
        "let", "var", "func", "return", "if", "else", "for", "in", "while", "guard", "switch", "case",
        "self", "items", "count", "index", "value", "result", "old", "new", "list", "section", "row", "id",
        "content", "update", "insert", "delete", "move", "table", "view", "cell", "reload", "feed", "post",
        "user", "score", "date", "title", "body", "image", "layout", "animate", "batch", "diff", "apply",
        "=", "+", "-", "==", "!=", "<", ">", "(", ")", "{", "[", "]", ".", ",", ":", "0", "1", "nil",
    ]

    /// Characters not yet handed out by ``characters(_:_:)``.
    private var pending: [String] = []

    /// One line of code. O(1).
    func line(_ rng: inout SplitMix64) -> String {
        switch rng.below(16) {
        case 0, 1: return ""
        case 2, 3: return String(repeating: " ", count: 4 * rng.below(3)) + "}"
        default:
            let indent = String(repeating: " ", count: 4 * rng.below(4))
            let words = (0..<(2 + rng.below(7))).map { _ in SyntheticText.words[rng.below(SyntheticText.words.count)] }
            return indent + words.joined(separator: " ")
        }
    }

    /// The next `count` characters of an endless text made of lines joined by
    /// newlines, one string per character. O(count).
    mutating func characters(_ count: Int, _ rng: inout SplitMix64) -> [String] {
        while pending.count < count {
            pending += (line(&rng) + "\n").map { String($0) }
        }
        let taken = Array(pending[0..<count])
        pending.removeFirst(count)
        return taken
    }
}
