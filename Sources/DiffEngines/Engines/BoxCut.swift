/// What ``BoxCutter/cut(_:old:new:into:meter:stack:)`` did with a box.
enum BoxCut {
    /// Anchors written, the boxes between them pushed.
    case anchored
    /// No anchor, but an id in common: the box goes to Myers.
    case unanchored
    /// No id in common: the box is all deletes and inserts, as it stands.
    case disjoint
}
