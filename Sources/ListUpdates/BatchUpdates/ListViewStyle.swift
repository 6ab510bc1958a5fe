/// Which list view's wording the checks use: `UICollectionView` speaks of
/// items, `UITableView` of rows; the rules are the same.
public enum ListViewStyle: String, Sendable, CaseIterable, Codable {
    case collectionView = "collection"
    case tableView = "table"

    /// "item" or "row".
    var noun: String { self == .collectionView ? "item" : "row" }
    /// "items" or "rows".
    var nouns: String { self == .collectionView ? "items" : "rows" }
    /// "an item" or "a row".
    var aNoun: String { self == .collectionView ? "an item" : "a row" }
    /// "collection view" or "table view".
    var container: String { self == .collectionView ? "collection view" : "table view" }
}
