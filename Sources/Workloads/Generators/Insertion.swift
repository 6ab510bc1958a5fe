import ListUpdates
import InputFiles

/// An element to insert into a list: it goes into gap `gap` of the base list
/// (gap g is just before base[g]; gap base.count is the end).
struct Insertion<Element> {
    var gap: Int
    var element: Element
}
