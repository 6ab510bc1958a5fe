import InputFiles

extension ElementKind {
    /// `uuid`: ``UUIDItem``, a 36-character UUID string id and an integer
    /// content; plain values become `String`s. A dataset whose ids are
    /// strings (``Dataset/symbols``) keeps its own id texts instead of
    /// generated UUIDs, so a user's own string ids are what is hashed.
    public static let uuid = ElementKind(name: "uuid")
}

extension ElementKind.Entry {
    static let uuid = ElementKind.Entry(kind: .uuid, summary: "36-character UUID-string ids, integer contents") { dataset in
        guard dataset.kind != .values else { return .strings(dataset) }
        let name = ProjectedLists.idText(dataset)
        let project = { (item: FeedItem) in UUIDItem(id: name(item.id), content: item.content) }
        return .uuids(dataset.old.map(project), dataset.new.map(project))
    }
}
