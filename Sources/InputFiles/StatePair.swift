import ListUpdates

/// The before and after states of a command, read with one interner.
public struct StatePair {
    public var old: LoadedState
    public var new: LoadedState
    public var oldSource: String
    public var newSource: String
    public var sectioned: Bool { old.sectioned || new.sectioned }

    /// The two states from the files `old` and `new` (JSON lists or
    /// sections; with `lines`, texts whose lines are the rows, read by
    /// ``TextLines``), or from literal strings with `chars`. O(bytes).
    public static func load(old: String, new: String, chars: Bool, lines: Bool = false) throws(InputError) -> StatePair {
        var reader = ListStateReader()
        if chars {
            return StatePair(
                old: reader.read(characters: old), new: reader.read(characters: new), oldSource: "OLD", newSource: "NEW")
        }
        if lines {
            return StatePair(
                old: reader.read(text: try TextLines.read(path: old)), new: reader.read(text: try TextLines.read(path: new)),
                oldSource: old, newSource: new)
        }
        var pair = StatePair(old: try reader.read(path: old), new: try reader.read(path: new), oldSource: old, newSource: new)
        try pair.reconcile()
        return pair
    }

    /// Makes the two sides comparable: an empty list next to sections is no
    /// sections; a list next to sections, or values next to objects, is an error.
    private mutating func reconcile() throws(InputError) {
        if old.sectioned != new.sectioned {
            for side in [\StatePair.old, \StatePair.new] where !self[keyPath: side].sectioned {
                if self[keyPath: side].rowCount == 0 {
                    self[keyPath: side].state.sections = []
                    self[keyPath: side].sectioned = true
                } else {
                    let (list, other) = side == \StatePair.old ? (oldSource, newSource) : (newSource, oldSource)
                    throw InputError(
                        source: list, problem: "holds a plain list but \(other) holds sections; write both as sections")
                }
            }
        }
        if old.kind != new.kind, old.rowCount > 0, new.rowCount > 0 {
            throw InputError(
                source: newSource,
                problem: "holds \(new.kind == .values ? "plain values" : "objects") but \(oldSource) holds \(old.kind == .values ? "plain values" : "objects")")
        }
    }

    /// The first repeated section or row id of a side, in the user's terms (for the set engine's refusal).
    public func firstRepeat() -> String? {
        for (side, source) in [(old, oldSource), (new, newSource)] {
            var sectionSeen: [UserKey: Int] = [:]
            var rowSeen: [UserKey: ListIndexPath] = [:]
            for (s, section) in side.state.sections.enumerated() {
                if let earlier = sectionSeen[section.id] {
                    return "\(source): section id \"\(section.id)\" appears at sections \(earlier) and \(s)"
                }
                sectionSeen[section.id] = s
                for (r, row) in section.rows.enumerated() {
                    let here = ListIndexPath(section: s, row: r)
                    if let earlier = rowSeen[row.id] {
                        return "\(source): id \"\(row.id)\" appears at \(earlier) and \(here)"
                    }
                    rowSeen[row.id] = here
                }
            }
        }
        return nil
    }
}
