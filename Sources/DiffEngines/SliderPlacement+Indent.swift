/// ``SliderPolicy/indent``: git's indent heuristic, which scores each place
/// a slider could sit by what surrounds its two edges.
///
/// The idea (Michael Haggerty's, tuned by git on thousands of human-rated
/// sliders): a hunk reads best when it starts and ends at a blank line or at
/// a change of indentation that opens or closes a block, so the whole
/// function `func b() { … }` is added, not `}` + blank + `func b() {`. Each
/// edge (a *split* between two lines) is measured — is the next line blank,
/// how many blank lines lie around it, the indentation of the nearest
/// non-blank lines before and after — and turned into a penalty; the
/// indentation at the two edges adds up to a second figure, weighed against
/// the penalty. The lowest total wins, the lower position on a tie.
///
/// The weights below are the ones git settled on from its training set;
/// with them the placement agrees with git's hunks (`diffbench hunks`).
extension SliderPlacement {
    /// Indentation counted to at most this many columns.
    static let maximumIndent = 200
    /// Blank lines counted to at most this many either way.
    static let maximumBlanks = 20
    /// Positions scored per slider, from the lowest one up.
    static let maximumSliding = 100

    enum Weight {
        static let startOfFile = 1
        static let endOfFile = 21
        static let totalBlank = -30
        static let postBlank = 6
        static let relativeIndent = -4
        static let relativeIndentWithBlank = 10
        static let relativeOutdent = 24
        static let relativeOutdentWithBlank = 17
        static let relativeDedent = 23
        static let relativeDedentWithBlank = 17
        /// How much one column of effective indentation weighs against the penalty.
        static let indent = 60
    }

    /// Each line's indentation: a space counts 1, a tab moves to the next
    /// multiple of 8, other white space counts 0; -1 for a line of white
    /// space only. O(total characters up to the first non-blank).
    static func indents(_ lines: [String]) -> [Int] {
        lines.map { line in
            var columns = 0
            for byte in line.utf8 {
                switch byte {
                case UInt8(ascii: " "): columns += 1
                case UInt8(ascii: "\t"): columns += 8 - columns % 8
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C: break
                default: return min(columns, maximumIndent)
                }
                if columns >= maximumIndent { return maximumIndent }
            }
            return -1
        }
    }

    /// What surrounds the split before line `split`.
    struct Split {
        var endOfFile = false
        /// The indentation of the line after the split (-1: blank or end).
        var indent = -1
        var blanksBefore = 0
        /// The nearest non-blank line before (-1: none; 0 after too many blanks).
        var indentBefore = -1
        var blanksAfter = 0
        /// The nearest non-blank line after the next (-1: none).
        var indentAfter = -1

        init(at split: Int, indents: [Int]) {
            if split >= indents.count {
                endOfFile = true
            } else {
                indent = indents[split]
            }
            var i = split - 1
            while i >= 0 {
                if indents[i] != -1 { indentBefore = indents[i]; break }
                blanksBefore += 1
                if blanksBefore == SliderPlacement.maximumBlanks { indentBefore = 0; break }
                i -= 1
            }
            i = split + 1
            while i < indents.count {
                if indents[i] != -1 { indentAfter = indents[i]; break }
                blanksAfter += 1
                if blanksAfter == SliderPlacement.maximumBlanks { indentAfter = 0; break }
                i += 1
            }
        }
    }

    /// The two figures of a position: lower is better, compared by
    /// ``isAtLeastAsGood(_:_:)``.
    struct Score {
        var effectiveIndent = 0
        var penalty = 0

        mutating func add(_ split: Split) {
            if split.indentBefore == -1, split.blanksBefore == 0 { penalty += Weight.startOfFile }
            if split.endOfFile { penalty += Weight.endOfFile }
            // A blank line right after the split counts with the blanks after it.
            let blanksAfter = split.indent == -1 ? 1 + split.blanksAfter : 0
            let blanks = split.blanksBefore + blanksAfter
            penalty += Weight.totalBlank * blanks + Weight.postBlank * blanksAfter
            let indent = split.indent != -1 ? split.indent : split.indentAfter
            effectiveIndent += indent
            guard indent != -1, split.indentBefore != -1 else { return }
            let anyBlanks = blanks != 0
            if indent > split.indentBefore {
                penalty += anyBlanks ? Weight.relativeIndentWithBlank : Weight.relativeIndent
            } else if indent < split.indentBefore {
                if split.indentAfter != -1, split.indentAfter > indent {
                    penalty += anyBlanks ? Weight.relativeOutdentWithBlank : Weight.relativeOutdent
                } else {
                    penalty += anyBlanks ? Weight.relativeDedentWithBlank : Weight.relativeDedent
                }
            }
        }

        /// Whether `self` is no worse than `other`.
        func isAtLeastAsGood(_ other: Score) -> Bool {
            let indentOrder = effectiveIndent == other.effectiveIndent ? 0 : (effectiveIndent > other.effectiveIndent ? 1 : -1)
            return Weight.indent * indentOrder + (penalty - other.penalty) <= 0
        }
    }

    /// The end position the indent score likes best for a group of `size`
    /// elements that can end anywhere in `earliest...latest`. Only the last
    /// `size + 1` (and at most ``maximumSliding``) positions are scored, as
    /// git does. O(min(size, 100) · 20).
    static func bestEnd(of size: Int, earliest: Int, latest: Int, indents: [Int]) -> Int {
        var best = latest
        var bestScore: Score?
        for end in max(earliest, latest - size - 1, latest - maximumSliding)...latest {
            var score = Score()
            score.add(Split(at: end, indents: indents))
            score.add(Split(at: end - size, indents: indents))
            if bestScore.map({ score.isAtLeastAsGood($0) }) ?? true {
                bestScore = score
                best = end
            }
        }
        return best
    }
}
