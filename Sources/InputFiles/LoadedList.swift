/// A list read from the user: the items, a label per item for display, and
/// how it was identified.
public struct LoadedList: Sendable {
    public var items: [FeedItem]
    public var labels: [String]
    public var kind: ListKind
}
