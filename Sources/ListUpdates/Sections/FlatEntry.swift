import DiffEngines

/// An element of the flattened sectioned list: a section marker or a row.
enum FlatEntry<Row> {
    case marker(Int)
    case row(Row)
}
