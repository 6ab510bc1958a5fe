
extension Changeset {
    /// This changeset with its sliders placed by `policy`; `old` and `new`
    /// are the lists it was computed on.
    ///
    /// Only which of several *equal* elements is deleted, inserted, moved or
    /// stays changes: the step count, the kinds of steps and the contents
    /// are the same, and the result verifies against the same lists.
    /// Moves and updates follow their element: when a run slides by one,
    /// the role of the element that leaves the run (delete, or the source or
    /// target of a move) passes to the equal element that joins it.
    ///
    /// - Parameters:
    ///   - policy: where to put each slider.
    ///   - old: the list the changeset was computed from.
    ///   - new: the list it was computed to.
    ///   - identity: how elements are compared; two elements are
    ///     interchangeable when they have the same id and the same content.
    ///   - text: the lines, for ``SliderPolicy/indent`` (nil: place as
    ///     ``SliderPolicy/down``).
    /// - Complexity: O(N + M) for the roles plus the distance the runs
    ///   slide, which is at most the length of the runs of equal elements
    ///   they cross; ``SliderPolicy/indent`` scores at most 100 positions per
    ///   run, each looking at most 20 blank lines either way.
    public func placingSliders<I: ElementIdentity>(
        _ policy: SliderPolicy, old: [I.Element], new: [I.Element], identity: I,
        text: (old: [String], new: [String])? = nil
    ) -> Changeset {
        guard policy != .none, !isEmpty else { return self }
        let same: (I.Element, I.Element) -> Bool = { identity.id(of: $0) == identity.id(of: $1) && identity.hasSameContent($0, $1) }
        var placement = SliderPlacement(
            old: SliderPlacement.Side(count: old.count, changed: deletes + moves.map(\.from), equal: { same(old[$0], old[$1]) }),
            new: SliderPlacement.Side(count: new.count, changed: inserts + moves.map(\.to), equal: { same(new[$0], new[$1]) }))
        if policy == .indent, let text {
            placement.old.indents = SliderPlacement.indents(text.old)
            placement.new.indents = SliderPlacement.indents(text.new)
        }
        placement.compact(.old)
        placement.compact(.new)
        return relabelled(oldPosition: placement.old.positions(), newPosition: placement.new.positions())
    }

    /// ``placingSliders(_:old:new:identity:text:)`` for lines of text,
    /// where a line is its bytes (``TextLineElements``) and
    /// ``SliderPolicy/indent`` reads its indentation. O(N + M + slide distance).
    public func placingSliders(_ policy: SliderPolicy, oldLines: [String], newLines: [String]) -> Changeset {
        placingSliders(policy, old: oldLines, new: newLines, identity: TextLineElements(), text: (oldLines, newLines))
    }

    /// Every index renamed through the two position maps (original index →
    /// index after sliding), back in canonical order. O(steps log steps).
    func relabelled(oldPosition: [Int], newPosition: [Int]) -> Changeset {
        var result = Changeset(
            deletes: deletes.map { oldPosition[$0] }.sorted(),
            inserts: inserts.map { newPosition[$0] }.sorted(),
            moves: moves.map { Move(from: oldPosition[$0.from], to: newPosition[$0.to]) }.sorted { $0.to < $1.to },
            updates: updates.map { Update(old: oldPosition[$0.old], new: newPosition[$0.new]) }.sorted { $0.new < $1.new })
        result.isApproximate = isApproximate
        return result
    }
}

/// Slider placement on the two sides of an edit script (see
/// ``Changeset/placingSliders(_:old:new:identity:text:)``).
///
/// Each side is a list of *changed* flags (deleted or moved away on the old
/// side, inserted or moved in on the new side). Between two unchanged
/// elements, and at both ends, lies a *group* of changed elements, possibly
/// empty; group k of the old side faces group k of the new side, since both
/// sides have the same number of unchanged elements. Sliding a group down
/// by one unflags its first element and flags the element after it, which
/// must be equal; the facing group on the other side moves to the next one.
///
/// The walk is the one GNU diff and git's xdiff share: slide each group up
/// as far as it goes and then down as far as it goes (merging with the
/// groups it meets, and again until it stops growing); then, if some
/// position in that range lines the group up with a non-empty group on the
/// other side, go back up to the lowest such position (a change reads as
/// one hunk); else stay at the bottom (``SliderPolicy/down``) or take the
/// position the indent score likes best (``SliderPolicy/indent``).
///
/// Roles follow elements: every element carries the index it had in the
/// engine's changeset (`slot`), and a slide swaps the slots of the two
/// elements whose flags it swaps. Equal elements are interchangeable, and
/// the unchanged slots keep their order (the one that leaves the group's
/// edge passes over changed elements only), so the renamed changeset pairs
/// the same kinds of elements in the same order.
struct SliderPlacement {
    enum Which { case old, new }

    /// One side of the script.
    struct Side {
        var changed: [Bool]
        /// slot[p]: the engine's index of the element now at position p.
        var slot: [Int]
        let equal: (Int, Int) -> Bool
        /// Indentation per element (-1 for a blank line), for the indent
        /// score; nil places like `down`.
        var indents: [Int]?

        init(count: Int, changed indices: [Int], equal: @escaping (Int, Int) -> Bool) {
            changed = [Bool](repeating: false, count: count)
            for index in indices { changed[index] = true }
            slot = Array(0..<count)
            self.equal = equal
        }

        var count: Int { changed.count }

        func isChanged(_ index: Int) -> Bool { index >= 0 && index < changed.count && changed[index] }

        /// The group that starts at `start` (an unchanged element or the
        /// end follows it).
        func group(from start: Int) -> Range<Int> {
            var end = start
            while isChanged(end) { end += 1 }
            return start..<end
        }

        /// The group after `group`, or nil at the end.
        func next(_ group: Range<Int>) -> Range<Int>? {
            group.upperBound < count ? self.group(from: group.upperBound + 1) : nil
        }

        /// The group before `group`, or nil at the start.
        func previous(_ group: Range<Int>) -> Range<Int>? {
            guard group.lowerBound > 0 else { return nil }
            var start = group.lowerBound - 1
            while isChanged(start - 1) { start -= 1 }
            return start..<(group.lowerBound - 1)
        }

        /// Slides a non-empty group down by one when the element after it
        /// equals its first; the result has merged with a group it touches.
        mutating func slideDown(_ group: Range<Int>) -> Range<Int>? {
            let start = group.lowerBound, end = group.upperBound
            guard end < count, equal(start, end) else { return nil }
            changed[start] = false
            changed[end] = true
            slot.swapAt(start, end)
            var upper = end + 1
            while isChanged(upper) { upper += 1 }
            return (start + 1)..<upper
        }

        /// Slides a non-empty group up by one when the element before it
        /// equals its last; the result has merged with a group it touches.
        mutating func slideUp(_ group: Range<Int>) -> Range<Int>? {
            let start = group.lowerBound, end = group.upperBound
            guard start > 0, equal(start - 1, end - 1) else { return nil }
            changed[start - 1] = true
            changed[end - 1] = false
            slot.swapAt(start - 1, end - 1)
            var lower = start - 1
            while isChanged(lower - 1) { lower -= 1 }
            return lower..<(end - 1)
        }

        /// position[index]: where the engine's element `index` ended up.
        func positions() -> [Int] {
            var position = [Int](repeating: 0, count: slot.count)
            for (p, index) in slot.enumerated() { position[index] = p }
            return position
        }
    }

    var old: Side
    var new: Side

    /// Places every group of one side, the other side's groups held still
    /// (git and GNU diff do the old side, then the new side).
    mutating func compact(_ which: Which) {
        var side = which == .old ? old : new
        let other = which == .old ? new : old
        defer { if which == .old { old = side } else { new = side } }
        var group = side.group(from: 0)
        var facing = other.group(from: 0)
        while true {
            if !group.isEmpty {
                var earliestEnd = group.upperBound
                var endFacingChange: Int?
                var size: Int
                repeat {
                    size = group.count
                    while let slid = side.slideUp(group) {
                        group = slid
                        facing = other.previous(facing)!
                    }
                    earliestEnd = group.upperBound
                    endFacingChange = facing.isEmpty ? nil : group.upperBound
                    while let slid = side.slideDown(group) {
                        group = slid
                        facing = other.next(facing)!
                        if !facing.isEmpty { endFacingChange = group.upperBound }
                    }
                } while size != group.count
                var target = group.upperBound
                if group.upperBound == earliestEnd {
                    // Nowhere to slide.
                } else if let endFacingChange {
                    target = endFacingChange
                } else if let indents = side.indents {
                    target = SliderPlacement.bestEnd(
                        of: group.count, earliest: earliestEnd, latest: group.upperBound, indents: indents)
                }
                while group.upperBound > target {
                    group = side.slideUp(group)!
                    facing = other.previous(facing)!
                }
            }
            guard let nextGroup = side.next(group) else { break }
            group = nextGroup
            facing = other.next(facing)!
        }
    }
}
