extension IdentityCodes {
    /// Cuts codes whose new side was looked up over the whole new list back
    /// to the middle (`prefix` items before it, `suffix` after), and returns
    /// the codes the cut ends held: the middle's old ids that also occur in
    /// the common prefix or suffix (an id that is not in the old middle
    /// codes as -1 and is left out). The ends hold the same ids on both
    /// sides, so the new side's ends answer for both.
    ///
    /// Why: patience counts an id's occurrences over the whole lists, as
    /// git does; the shared front trims the common ends before any engine
    /// runs, and this gives back what the trimming hid, for the price of a
    /// lookup per trimmed new item (no insertion, no second table).
    ///
    /// - Complexity: O(M) for M new items.
    @inlinable
    mutating func cutNewEnds(prefix: Int, suffix: Int) -> [Int32] {
        let count = new.count
        // One allocation of the answer's exact size (not one per doubling,
        // nor room for every trimmed item). The middle is copied out, so the
        // whole list's codes are freed before the core runs (shifted in
        // place, they kept the peak heap 11 % higher).
        var found = 0
        for j in 0..<prefix where new[j] >= 0 { found &+= 1 }
        for j in (count &- suffix)..<count where new[j] >= 0 { found &+= 1 }
        var inEnds: [Int32] = []
        inEnds.reserveCapacity(found)
        for j in 0..<prefix where new[j] >= 0 { inEnds.append(new[j]) }
        for j in (count &- suffix)..<count where new[j] >= 0 { inEnds.append(new[j]) }
        new = Array(new[prefix..<(count &- suffix)])
        return inEnds
    }
}
